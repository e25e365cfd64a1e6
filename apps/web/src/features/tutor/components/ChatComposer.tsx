import { Button, Group, Stack, Textarea } from '@mantine/core';
import type { FormEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  question: string;
  onQuestion: (question: string) => void;
  /** An answer is on its way: nothing more is sent until it has arrived. */
  busy: boolean;
  /** Hangs up on a streamed answer; absent when there is none to stop. */
  onStop: (() => void) | undefined;
  onSend: () => void;
}

/** The question box: Send (or Ctrl/⌘+Enter) asks, Stop hangs up on an answer being streamed. */
export function ChatComposer({ question, onQuestion, busy, onStop, onSend }: Props) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) onSend();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Textarea
          label={t('tutor.question')}
          description={t('tutor.sendHint')}
          value={question}
          onChange={(e) => onQuestion(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          autosize
          minRows={2}
          maxRows={10}
          maxLength={20_000}
        />
        <Group>
          <Button type="submit" disabled={busy || question.trim() === ''}>
            {t('tutor.send')}
          </Button>
          {onStop && (
            <Button variant="outline" color="red" onClick={onStop}>
              {t('tutor.stop')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
