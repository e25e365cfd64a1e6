import type { GuidedChatResponse } from '@faraday/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Paper,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { tutorKeys } from './keys';
import { LabelledProgress } from './LabelledProgress';
import { MessageView, type ShownMessage } from './MessageView';
import { CoursePicker, PickerRow } from './Pickers';

const noTools = { tool_calls: [], tool_results: [] };

interface Session {
  state: GuidedChatResponse;
  courseId: string | null;
  transcript: ShownMessage[];
}

/** The learning path with the current step highlighted, progress, weak points. */
function PathView({ state }: { state: GuidedChatResponse }) {
  const { t } = useTranslation();
  const active = state.completed ? state.total_steps : state.current_step - 1;
  return (
    <Stack gap="sm">
      <div>
        <Group justify="space-between" mb={4}>
          <Text size="sm" fw={600}>
            {t('tutor.guided.progress')}
          </Text>
          <Text size="sm" fw={600} data-testid="guided-progress">
            {state.progress_percentage} %
          </Text>
        </Group>
        <LabelledProgress
          value={state.progress_percentage}
          size="lg"
          color={state.completed ? 'green' : 'blue'}
          label={t('tutor.guided.progress')}
        />
      </div>
      <Stepper active={active} orientation="vertical" size="sm" allowNextStepsSelect={false}>
        {state.learning_path.map((step) => (
          <Stepper.Step
            key={step.step}
            label={step.title}
            description={
              step.status === 'current' && !state.completed ? (
                <>
                  {step.goal}
                  <Text size="xs" mt={2} data-testid="current-key-terms">
                    {t('tutor.guided.keyTerms', {
                      terms: step.key_terms
                        .map((term) => term.split('|')[0])
                        .join(t('tutor.guided.termSeparator')),
                    })}
                  </Text>
                </>
              ) : (
                step.goal
              )
            }
            aria-current={step.status === 'current' ? 'step' : undefined}
            data-status={step.status}
          />
        ))}
      </Stepper>
      {state.weak_points.length > 0 && (
        <Card withBorder padding="sm">
          <Text size="sm" fw={600} mb={4}>
            {t('tutor.guided.weakPoints')}
          </Text>
          <List size="sm" spacing={4}>
            {state.weak_points.map((w) => (
              <List.Item key={`${w.step}-${w.note}`}>
                <Text span fw={600} size="sm">
                  {w.title}:
                </Text>{' '}
                {w.note}
              </List.Item>
            ))}
          </List>
        </Card>
      )}
    </Stack>
  );
}

/** Guided learning: pick a topic (and a course), follow the path to 100 %, or resume a session. */
export function GuidedPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [topic, setTopic] = useState('');
  const [courseId, setCourseId] = useState<string | null>(null);
  const [answer, setAnswer] = useState('');
  const [session, setSession] = useState<Session | null>(null);
  const resumable = useQuery({
    queryKey: tutorKeys.resumable,
    queryFn: () => api.ai.conversations.list({ kind: 'guided', unfinished: true, limit: 20 }),
  });

  const turn = useMutation({
    mutationFn: (text: string) => {
      const course = session ? session.courseId : courseId;
      return api.ai.guided({
        topic: session?.state.topic ?? topic.trim(),
        messages: [{ role: 'user', content: text }],
        ...(session ? { session_id: session.state.session_id } : {}),
        ...(course ? { course_id: course } : {}),
      });
    },
    onSuccess: (state, text) => {
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
      void queryClient.invalidateQueries({ queryKey: tutorKeys.conversations });
    },
  });
  const resume = useMutation({
    mutationFn: (id: string) => api.ai.conversations.get(id),
    onSuccess: (detail) => {
      if (!detail.guided_state) return;
      setSession({ state: detail.guided_state, courseId: detail.course_id, transcript: detail.messages });
    },
  });

  const start = (event: FormEvent) => {
    event.preventDefault();
    if (topic.trim()) turn.mutate(t('tutor.guided.opening', { topic: topic.trim() }));
  };
  const reply = (event: FormEvent) => {
    event.preventDefault();
    if (answer.trim()) turn.mutate(answer.trim());
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
        <QueryState
          query={resumable}
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
                      loading={resume.isPending && resume.variables === c.id}
                      onClick={() => resume.mutate(c.id)}
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
        {resume.isError && (
          <Alert color="red" role="alert">
            {errorMessage(resume.error, t)}
          </Alert>
        )}
      </Stack>
    );
  }

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
          <Button variant="default" size="xs" onClick={() => setSession(null)}>
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
      ) : (
        <form onSubmit={reply}>
          <Stack gap="xs">
            <Textarea
              label={t('tutor.guided.answer')}
              value={answer}
              onChange={(e) => setAnswer(e.currentTarget.value)}
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
