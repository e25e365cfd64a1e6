import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import type { ConversationList } from '../api/guided';

interface Props {
  query: UseQueryResult<ConversationList>;
  /** The session being opened, if one is. */
  resuming: string | undefined;
  onResume: (id: string) => void;
}

/** Unfinished guided sessions: topic, step and progress, each with its Resume button. */
export function ResumableSessions({ query, resuming, onResume }: Props) {
  const { t } = useTranslation();
  return (
    <QueryState
      query={query}
      isEmpty={(d) => d.conversations.length === 0}
      empty={t('tutor.guided.noUnfinished')}
    >
      {(data) => (
        <Stack gap="xs">
          {data.conversations.map((c) => (
            <Paper key={c.id} withBorder p="sm">
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Text fw={600}>{c.guided?.topic ?? c.title}</Text>
                  <Text size="xs" c="dimmed">
                    {t('tutor.guided.stepOf', {
                      step: c.guided?.current_step,
                      total: c.guided?.total_steps,
                    })}{' '}
                    · {c.guided?.progress_percentage} %
                  </Text>
                </div>
                <Button
                  variant="light"
                  size="xs"
                  loading={resuming === c.id}
                  onClick={() => onResume(c.id)}
                  aria-label={t('tutor.guided.resumeTopic', { topic: c.guided?.topic ?? c.title })}
                >
                  {t('tutor.guided.resume')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </QueryState>
  );
}
