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
  /** Asks the last question again; absent when there is no answer to redo. */
  onRegenerate?: (() => void) | undefined;
}

/**
 * Enter sends, Shift+Enter is a new line. While an input method is composing (pinyin), Enter picks
 * the candidate and must not send: `isComposing` (or key code 229 in older engines) says so.
 */
export function sendsOnEnter(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
  if (event.key !== 'Enter' || event.shiftKey) return false;
  return !(event.nativeEvent.isComposing || event.keyCode === 229);
}

/** The question box: Send (or Enter) asks, Stop hangs up on an answer being streamed, Regenerate re-asks. */
export function ChatComposer({ question, onQuestion, busy, onStop, onSend, onRegenerate }: Props) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!sendsOnEnter(event)) return;
    event.preventDefault();
    onSend();
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
          {onRegenerate && !busy && (
            <Button variant="default" onClick={onRegenerate}>
              {t('tutor.regenerate')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
