import type { submissionAttemptSchema } from '@faraday/contracts';
import { Accordion, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { downloadFile } from '../../../lib/download';
import { formatBytes, formatDate } from '../../../lib/format';

type Attempt = z.infer<typeof submissionAttemptSchema>;

/** Every attempt, latest first, each with its text, files and grade. */
export function AttemptList({ attempts, maxScore }: { attempts: Attempt[]; maxScore: number }) {
  const { t } = useTranslation();
  const latestFirst = [...attempts].reverse();
  return (
    <Accordion
      // A new attempt remounts the list, so the newest is the one open (defaultValue applies once).
      key={latestFirst[0]?.attempt ?? 0}
      multiple
      defaultValue={latestFirst[0] ? [String(latestFirst[0].attempt)] : []}
      variant="separated"
    >
      {latestFirst.map((a) => (
        <Accordion.Item key={a.attempt} value={String(a.attempt)}>
          <Accordion.Control>
            <Group gap="xs">
              <Text fw={600}>{t('attempts.number', { n: a.attempt })}</Text>
              <Text size="sm" c="dimmed">
                {formatDate(a.submitted_at)}
              </Text>
              {a.is_late && <Badge color="orange">{t('status.late')}</Badge>}
              {a.score !== null && (
                <Badge color="teal">
                  {a.score} / {maxScore}
                </Badge>
              )}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              <Text style={{ whiteSpace: 'pre-wrap' }}>{a.content || t('attempts.noText')}</Text>
              {a.attachments.map((file) => (
                <Anchor
                  key={file.id}
                  component="button"
                  type="button"
                  w="fit-content"
                  onClick={() => downloadFile(file.download_url, file.name)}
                >
                  {file.name} ({formatBytes(file.size)})
                </Anchor>
              ))}
              {a.feedback && (
                <Text size="sm">
                  <b>{t('grading.feedback')}:</b> {a.feedback}
                </Text>
              )}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
