import type { ChatCitation, ConversationMessage } from '@faraday/contracts';
import { Badge, Group, Loader, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CitationFootnotes, CitationModal } from './Citations';
import { Markdown } from './Markdown';
import { ToolCards } from './ToolCards';
import classes from './tutor.module.css';

export type ShownMessage = Pick<
  ConversationMessage,
  'role' | 'content' | 'citations' | 'tool_calls' | 'tool_results'
> & {
  status: ConversationMessage['status'] | 'streaming';
};

/** One turn: the student's text, or the tutor's Markdown answer with its sources and tool cards. */
export function MessageView({ message }: { message: ShownMessage }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | undefined>();
  const citation: ChatCitation | undefined = message.citations.find((c) => c.n === open);
  if (message.role === 'user') {
    return (
      <Paper p="sm" radius="md" className={classes.bubbleUser} aria-label={t('tutor.you')}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.content}
        </Text>
      </Paper>
    );
  }
  const streaming = message.status === 'streaming';
  return (
    <Paper
      p="sm"
      radius="md"
      withBorder
      className={classes.bubbleAssistant}
      aria-label={t('tutor.tutorSaid')}
      aria-busy={streaming}
      data-testid="assistant-message"
      data-status={message.status}
    >
      {message.content ? (
        <Markdown
          text={message.content}
          citations={message.citations}
          onCite={setOpen}
          citeLabel={(n) => t('tutor.openCitation', { n })}
        />
      ) : (
        !streaming && (
          <Text size="sm" c="dimmed">
            {t('tutor.noAnswer')}
          </Text>
        )
      )}
      {streaming && (
        <Group gap="xs" mt={message.content ? 'xs' : 0}>
          <Loader size="xs" type="dots" aria-hidden />
          <Text size="xs" c="dimmed">
            {t('tutor.typing')}
          </Text>
        </Group>
      )}
      {(message.status === 'stopped' || message.status === 'failed') && (
        <Badge mt="xs" color={message.status === 'failed' ? 'red' : 'gray'} variant="light">
          {t(`tutor.status.${message.status}`)}
        </Badge>
      )}
      <ToolCards calls={message.tool_calls} results={message.tool_results} />
      <CitationFootnotes citations={message.citations} onOpen={setOpen} />
      <CitationModal citation={citation} onClose={() => setOpen(undefined)} />
    </Paper>
  );
}
