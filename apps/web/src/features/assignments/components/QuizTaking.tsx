import { Alert, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import type { Assignment } from '../api/assignments';
import {
  type QuizAnswer,
  type QuizAttempt,
  useQuizAttempt,
  useQuizAttemptActions,
  useQuizAttempts,
} from '../api/quizzes';
import { QuizQuestion } from './QuizQuestion';

/** A student's quiz: their attempts, the open one to answer and hand in, a graded one to review. */
export function QuizTaking({ courseId, assignment }: { courseId: string; assignment: Assignment }) {
  const { t } = useTranslation();
  const list = useQuizAttempts(courseId, assignment.id);
  const [current, setCurrent] = useState<QuizAttempt | null>(null);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<number, QuizAnswer>>({});
  const review = useQuizAttempt(courseId, assignment.id, reviewing);
  const actions = useQuizAttemptActions(courseId, assignment.id, {
    changed: (attempt) => {
      if (attempt.status === 'open') {
        setCurrent(attempt);
        setAnswers(
          Object.fromEntries(attempt.items.flatMap((i) => (i.answer ? [[i.position, i.answer]] : []))),
        );
      } else {
        setCurrent(null);
        setReviewing(attempt.id);
      }
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!current) return;
    const given = Object.entries(answers).map(([position, answer]) => ({
      position: Number(position),
      answer,
    }));
    actions.submit.mutate({ attemptId: current.id, answers: given });
  };
  const data = list.data;
  const open = data?.attempts.find((a) => a.status === 'open');
  const canStart =
    assignment.status === 'published' && (open !== undefined || (data?.attempts_left ?? 0) > 0);
  const error = actions.start.error ?? actions.submit.error;
  return (
    <Stack>
      <Card withBorder>
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('quiz.title')}
          </Title>
          {data && (
            <Text size="sm">
              {t('quiz.attemptsLeft', { n: data.attempts_left, of: data.attempts_allowed })}
            </Text>
          )}
        </Group>
        {data && data.attempts.length > 0 && (
          <Table mt="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('quiz.attempt')}</Table.Th>
                <Table.Th>{t('quiz.status')}</Table.Th>
                <Table.Th>{t('quiz.score')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.attempts.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.attempt}</Table.Td>
                  <Table.Td>{t(`quiz.statuses.${a.status}`)}</Table.Td>
                  <Table.Td>{a.score === null ? '—' : `${a.score} / ${a.max_score}`}</Table.Td>
                  <Table.Td>
                    {a.status === 'graded' && (
                      <Button size="xs" variant="default" onClick={() => setReviewing(a.id)}>
                        {t('quiz.review', { n: a.attempt })}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {!current && canStart && (
          <Button mt="sm" onClick={() => actions.start.mutate()} loading={actions.start.isPending}>
            {open ? t('quiz.resume') : t('quiz.start')}
          </Button>
        )}
      </Card>
      {error && (
        <Alert color="red" role="alert">
          {errorMessage(error, t)}
        </Alert>
      )}
      {current && (
        <form onSubmit={submit} noValidate aria-label={t('quiz.attemptN', { n: current.attempt })}>
          <Stack>
            {current.deadline_at && (
              <Text size="sm">{t('quiz.deadline', { when: formatDate(current.deadline_at) })}</Text>
            )}
            {current.items.map((item) => (
              <QuizQuestion
                key={item.position}
                item={item}
                answer={answers[item.position]}
                onAnswer={(answer) => setAnswers((all) => ({ ...all, [item.position]: answer }))}
              />
            ))}
            <Group>
              <Button type="submit" loading={actions.submit.isPending}>
                {t('quiz.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {!current && review.data && (
        <Stack>
          <Title order={3} size="h4">
            {t('quiz.reviewOf', {
              n: review.data.attempt,
              score: review.data.score ?? '—',
              max: review.data.max_score,
            })}
          </Title>
          {review.data.items.map((item) => (
            <QuizQuestion key={item.position} item={item} answer={item.answer} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
