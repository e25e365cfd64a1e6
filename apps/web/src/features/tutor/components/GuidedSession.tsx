import type { GuidedChatResponse } from '@faraday/contracts';
import { Alert, Badge, Button, Group, Stack, Textarea, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { sendsOnEnter } from './ChatComposer';
import { type ExerciseAnswer, ExerciseInput } from './ExerciseInput';
import { MessageView, type ShownMessage } from './MessageView';
import { PathView } from './PathView';

/** A guided session as the panel holds it: the path's state, its course and the exchange so far. */
export interface Session {
  state: GuidedChatResponse;
  courseId: string | null;
  transcript: ShownMessage[];
}

interface Props {
  session: Session;
  answer: string;
  onAnswer: (answer: string) => void;
  onReply: (event: FormEvent) => void;
  /** A typed answer to the current exercise. */
  onExercise: (answer: ExerciseAnswer, text: string) => void;
  onNewTopic: () => void;
  /** The turn being sent, or the last one's failure. */
  turn: { isPending: boolean; isError: boolean; error: unknown };
}

/** A session under way: the path, the exchange, and the current exercise's input until the path is complete. */
export function GuidedSession({ session, answer, onAnswer, onReply, onExercise, onNewTopic, turn }: Props) {
  const { t } = useTranslation();
  const { state } = session;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h4">
          {state.topic}
        </Title>
        <Group gap="xs">
          <Badge variant="light">
            {t('tutor.guided.stepOf', { step: state.current_step, total: state.total_steps })}
          </Badge>
          <Button variant="default" size="xs" onClick={onNewTopic}>
            {t('tutor.guided.newTopic')}
          </Button>
        </Group>
      </Group>
      <PathView state={state} />
      <Stack gap="sm">
        {session.transcript.map((message, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the transcript only grows at its end
          <MessageView key={i} message={message} />
        ))}
      </Stack>
      {state.completed ? (
        <Alert
          color="green"
          role="status"
          title={t('tutor.guided.doneTitle')}
          // The light green title fails WCAG AA contrast; the text colour passes.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {t('tutor.guided.done')}
        </Alert>
      ) : state.exercise ? (
        <ExerciseInput
          key={`${state.session_id}-${state.exercise.number}-${state.exercise.prompt}`}
          exercise={state.exercise}
          pending={turn.isPending}
          onAnswer={onExercise}
        />
      ) : (
        // A session saved before exercises (or a client that only chats): a free answer.
        <form onSubmit={onReply}>
          <Stack gap="xs">
            <Textarea
              label={t('tutor.guided.answer')}
              description={t('tutor.sendHint')}
              value={answer}
              onKeyDown={(event) => {
                // The same keys as the chat: Enter replies, Shift+Enter is a new line.
                if (!sendsOnEnter(event)) return;
                event.preventDefault();
                if (answer.trim() && !turn.isPending) event.currentTarget.form?.requestSubmit();
              }}
              onChange={(e) => onAnswer(e.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={20_000}
            />
            <Button type="submit" loading={turn.isPending} disabled={!answer.trim()} w="fit-content">
              {t('tutor.send')}
            </Button>
          </Stack>
        </form>
      )}
      {turn.isError && (
        <Alert color="red" role="alert">
          {errorMessage(turn.error, t)}
        </Alert>
      )}
    </Stack>
  );
}
