import { Paper, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { MessageView, type ShownMessage } from './MessageView';
import classes from './tutor.module.css';

interface Props {
  messages: ShownMessage[];
  /** The open conversation while it loads or fails to (its state is shown instead of messages). */
  loading: UseQueryResult<unknown> | null;
}

/** The exchange so far, following the answer as it grows. */
export function ChatMessages({ messages, loading }: Props) {
  const { t } = useTranslation();
  const endRef = useRef<HTMLDivElement>(null);
  const lastLength = messages.at(-1)?.content.length ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the answer as it grows
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, lastLength]);

  return (
    <Paper withBorder p="sm" radius="md" className={classes.messages}>
      {loading ? (
        <QueryState query={loading}>{() => null}</QueryState>
      ) : messages.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('tutor.emptyChat')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="chat-messages">
          {messages.map((message, i) => (
            // Stored messages keep their place; the pending pair is always last.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end
            <MessageView key={i} message={message} />
          ))}
        </Stack>
      )}
      <div ref={endRef} />
    </Paper>
  );
}
