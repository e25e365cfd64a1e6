import type { Preview } from '@faraday/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Longest text shown; a grader who needs more downloads the file. */
const TEXT_LIMIT = 200_000;

export type PreviewContent = { text: string; cut: boolean } | { blob: Blob };

/**
 * An attachment's preview, fetched with the session's token (the API takes no cookie) and retyped
 * as the allow-list says: the browser then shows a PDF only in its viewer and an image only as an
 * image, whatever the student declared; text is read as UTF-8 and shown as text, never as markup.
 */
export function usePreviewContent(file: { preview_url: string; preview: Preview }) {
  return useQuery({
    queryKey: ['preview', file.preview_url],
    queryFn: async (): Promise<PreviewContent> => {
      const blob = await api.resources.download(file.preview_url);
      if (file.preview.kind === 'text') {
        const text = await blob.text();
        return { text: text.slice(0, TEXT_LIMIT), cut: text.length > TEXT_LIMIT };
      }
      return { blob: new Blob([blob], { type: file.preview.contentType }) };
    },
    // A stored attempt's file never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
