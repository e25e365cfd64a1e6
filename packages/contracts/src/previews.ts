/**
 * Which attachments are shown inline beside the grading form, and as what. An allow-list: only
 * formats a browser displays without running anything of the file (PDF in its viewer, raster
 * images, plain text). SVG and HTML can carry script, so they are never previewed (download only).
 * The backend serves a preview with the content type named here (text always as UTF-8 plain
 * text); the web app picks the element (iframe, img, pre) by the kind.
 */
export type PreviewKind = 'pdf' | 'image' | 'text';

export interface Preview {
  kind: PreviewKind;
  /** The Content-Type the preview is served with, whatever the upload declared. */
  contentType: string;
}

const TEXT = 'text/plain; charset=utf-8';

/** Declared content types that preview, and how. */
const BY_CONTENT_TYPE: Readonly<Record<string, Preview>> = {
  'application/pdf': { kind: 'pdf', contentType: 'application/pdf' },
  'image/png': { kind: 'image', contentType: 'image/png' },
  'image/jpeg': { kind: 'image', contentType: 'image/jpeg' },
  'image/gif': { kind: 'image', contentType: 'image/gif' },
  'image/webp': { kind: 'image', contentType: 'image/webp' },
  'text/plain': { kind: 'text', contentType: TEXT },
  'text/markdown': { kind: 'text', contentType: TEXT },
  'text/csv': { kind: 'text', contentType: TEXT },
  'text/x-python': { kind: 'text', contentType: TEXT },
  'text/x-tex': { kind: 'text', contentType: TEXT },
  'application/json': { kind: 'text', contentType: TEXT },
};

/** For uploads declared only as bytes (application/octet-stream): the extension decides. */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  py: 'text/x-python',
  tex: 'text/x-tex',
  m: 'text/plain',
};

/** How an attachment previews, or null when it is download only. */
export function previewOf(contentType: string, fileName: string): Preview | null {
  const declared = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const direct = BY_CONTENT_TYPE[declared];
  if (direct) return direct;
  if (declared !== 'application/octet-stream' && declared !== '') return null;
  const extension = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const byName = BY_EXTENSION[extension];
  return byName ? (BY_CONTENT_TYPE[byName] ?? null) : null;
}
