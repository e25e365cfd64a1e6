import type { ChatCitation } from '@faraday/contracts';
import { Anchor, Blockquote, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';

/**
 * What a reader is shown for a source: its title (a note's heading, an upload's resource title),
 * never a storage path; an untitled source by its file name.
 */
export function sourceName(citation: Pick<ChatCitation, 'source' | 'title'>): string {
  return citation.title ?? citation.source.split('/').at(-1) ?? citation.source;
}

/**
 * The answer's sources as numbered footnotes, the one place they are listed (the reply carries
 * only the [n] marks); each opens its quoted passage.
 */
export function CitationFootnotes({
  citations,
  onOpen,
}: {
  citations: readonly ChatCitation[];
  onOpen: (n: number) => void;
}) {
  const { t } = useTranslation();
  if (citations.length === 0) return null;
  return (
    <Stack gap={4} mt="xs">
      <Text size="xs" fw={600} c="dimmed">
        {t('tutor.sources')}
      </Text>
      <List size="xs" listStyleType="none" spacing={2}>
        {citations.map((c) => (
          <List.Item key={c.n}>
            <Anchor component="button" type="button" size="xs" ta="left" onClick={() => onOpen(c.n)}>
              [{c.n}] {sourceName(c)}
              {c.section ? ` — ${c.section}` : ''}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The quoted passage of citation n, with its source and section. */
export function CitationModal({
  citation,
  onClose,
}: {
  citation: ChatCitation | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={citation !== undefined}
      onClose={onClose}
      title={citation ? t('tutor.citationTitle', { n: citation.n }) : ''}
      size="lg"
    >
      {citation && (
        <Stack gap="sm" data-testid="citation-passage">
          <Text size="sm">
            <Text span fw={600}>
              {t('tutor.source')}:
            </Text>{' '}
            {sourceName(citation)}
          </Text>
          {citation.section && (
            <Text size="sm">
              <Text span fw={600}>
                {t('tutor.section')}:
              </Text>{' '}
              {citation.section}
            </Text>
          )}
          <Blockquote color="blue" p="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {citation.text}
          </Blockquote>
        </Stack>
      )}
    </AppModal>
  );
}
