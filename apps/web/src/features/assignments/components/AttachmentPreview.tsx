import { type Preview, previewOf } from '@faraday/contracts';
import { Card, Code, Image, ScrollArea, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { usePreviewContent } from '../api/previews';
import type { Submission } from '../api/submissions';

type Attachment = Submission['attachments'][number];
type Previewable = Attachment & { preview_url: string; preview: Preview };

/** An object URL for the blob while the element shows it, released afterwards. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

function PreviewBody({ file }: { file: Previewable }) {
  const { t } = useTranslation();
  const content = usePreviewContent(file);
  const url = useObjectUrl(content.data && 'blob' in content.data ? content.data.blob : undefined);
  return (
    <QueryState query={content}>
      {(data) => {
        if ('text' in data) {
          return (
            <>
              {/* Focusable so the keyboard can scroll it. */}
              <ScrollArea.Autosize
                mah={560}
                tabIndex={0}
                aria-label={t('preview.textOf', { name: file.name })}
              >
                <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {data.text}
                </Code>
              </ScrollArea.Autosize>
              {data.cut && (
                <Text size="xs" c="dimmed">
                  {t('preview.cut')}
                </Text>
              )}
            </>
          );
        }
        if (!url) return null;
        return file.preview.kind === 'image' ? (
          <Image src={url} alt={file.name} fit="contain" mah={560} />
        ) : (
          <iframe
            src={url}
            title={t('preview.pdfOf', { name: file.name })}
            style={{ width: '100%', height: 560, border: 0 }}
          />
        );
      }}
    </QueryState>
  );
}

/** The latest attempt's PDFs, images and text files, one tab each, beside the grading form. */
export function AttachmentPreview({ attachments }: { attachments: Attachment[] }) {
  const { t } = useTranslation();
  const files = attachments.flatMap((file) => {
    const preview = file.preview_url ? previewOf(file.content_type, file.name) : null;
    return preview && file.preview_url ? [{ ...file, preview_url: file.preview_url, preview }] : [];
  });
  const [active, setActive] = useState<string | null>(files[0]?.id ?? null);
  if (files.length === 0) return null;
  const shown = files.find((file) => file.id === active) ?? files[0];
  return (
    <Card withBorder p="sm">
      <Title order={3} size="h5" mb="xs">
        {t('preview.title')}
      </Title>
      <Tabs value={shown?.id ?? null} onChange={setActive} keepMounted={false}>
        <Tabs.List>
          {files.map((file) => (
            <Tabs.Tab key={file.id} value={file.id}>
              {file.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {files.map((file) => (
          <Tabs.Panel key={file.id} value={file.id} pt="xs">
            <PreviewBody file={file} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}
