import { Alert, Button, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { useGuidedTurn, useResumableSessions, useResumeSession } from '../api/guided';
import type { ExerciseAnswer } from './ExerciseInput';
import { GuidedSession, type Session } from './GuidedSession';
import { CoursePicker, PickerRow } from './Pickers';
import { ResumableSessions } from './ResumableSessions';

const noTools = { tool_calls: [], tool_results: [] };

/** Guided learning: pick a topic (and a course), follow the path to 100 %, or resume a session. */
export function GuidedPanel() {
  const { t } = useTranslation();
  const [topic, setTopic] = useState('');
  const [courseId, setCourseId] = useState<string | null>(null);
  const [answer, setAnswer] = useState('');
  const [session, setSession] = useState<Session | null>(null);
  const resumable = useResumableSessions();

  const turn = useGuidedTurn((state, text) => {
    setSession((s) => ({
      state,
      courseId: s ? s.courseId : courseId,
      transcript: [
        ...(s?.transcript ?? []),
        { role: 'user', content: text, status: 'complete', citations: [], ...noTools },
        {
          role: 'assistant',
          content: state.reply,
          status: 'complete',
          citations: state.citations,
          ...noTools,
        },
      ],
    }));
    setAnswer('');
  });
  const ask = (text: string, answer?: ExerciseAnswer) =>
    turn.mutate({
      text,
      ...(answer ? { answer } : {}),
      topic: session?.state.topic ?? topic.trim(),
      ...(session ? { sessionId: session.state.session_id } : {}),
      courseId: session ? session.courseId : courseId,
    });
  const resume = useResumeSession((detail) => {
    if (!detail.guided_state) return;
    setSession({ state: detail.guided_state, courseId: detail.course_id, transcript: detail.messages });
  });

  const start = (event: FormEvent) => {
    event.preventDefault();
    if (topic.trim()) ask(t('tutor.guided.opening', { topic: topic.trim() }));
  };
  const reply = (event: FormEvent) => {
    event.preventDefault();
    if (answer.trim()) ask(answer.trim());
  };

  if (!session) {
    return (
      <Stack maw={760}>
        <form onSubmit={start}>
          <Stack>
            <PickerRow>
              <TextInput
                label={t('tutor.guided.topic')}
                description={t('tutor.guided.topicHint')}
                value={topic}
                onChange={(e) => setTopic(e.currentTarget.value)}
                maxLength={200}
                required
              />
              <CoursePicker value={courseId} onChange={setCourseId} />
            </PickerRow>
            <Button type="submit" loading={turn.isPending} w="fit-content">
              {t('tutor.guided.start')}
            </Button>
          </Stack>
        </form>
        {turn.isError && (
          <Alert color="red" role="alert">
            {errorMessage(turn.error, t)}
          </Alert>
        )}
        <Title order={3} size="h4">
          {t('tutor.guided.unfinished')}
        </Title>
        <ResumableSessions
          query={resumable}
          resuming={resume.isPending ? resume.variables : undefined}
          onResume={(id) => resume.mutate(id)}
        />
        {resume.isError && (
          <Alert color="red" role="alert">
            {errorMessage(resume.error, t)}
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <GuidedSession
      session={session}
      answer={answer}
      onAnswer={setAnswer}
      onReply={reply}
      onExercise={(answer, text) => ask(text, answer)}
      onNewTopic={() => setSession(null)}
      turn={turn}
    />
  );
}
