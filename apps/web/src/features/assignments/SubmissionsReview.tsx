import type { assignmentDetailSchema } from '@faraday/contracts';
import {
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NavLink,
  NumberInput,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { QueryState } from '../../components/QueryState';
import { StatusBadge } from '../../components/StatusBadge';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { courseKeys } from '../courses/keys';
import { AttemptList } from './AttemptList';
import { assignmentKeys } from './keys';

type Assignment = z.infer<typeof assignmentDetailSchema>;

/** Staff: every student's submission with its state; open one to read its attempts and grade it. */
export function SubmissionsReview({ courseId, assignment }: { courseId: string; assignment: Assignment }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const list = useQuery({
    queryKey: assignmentKeys.submissions(courseId, assignment.id),
    queryFn: () => api.assignments.submissions(courseId, assignment.id, { limit: 100 }),
  });
  // Who has not handed in anything yet comes from the gradebook (one row per student).
  const book = useQuery({
    queryKey: courseKeys.grades(courseId),
    queryFn: () => api.courses.grades(courseId),
  });
  const missing = (book.data?.students ?? []).filter(
    (s) => s.enrolled && s.grades.find((g) => g.assignment_id === assignment.id)?.status === 'missing',
  );
  const selected = params.get('submission');
  const submissions = list.data?.submissions ?? [];
  const index = submissions.findIndex((s) => s.id === selected);
  const select = (id: string) => setParams({ submission: id }, { replace: true });
  useEffect(() => {
    if (!selected && submissions[0]) select(submissions[0].id);
  });
  return (
    <QueryState query={list} isEmpty={(d) => d.submissions.length === 0} empty={t('grading.none')}>
      {() => (
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder p="xs">
              <Title order={3} size="h5" p="xs">
                {t('grading.submissions', { count: submissions.length })}
              </Title>
              <ScrollArea.Autosize mah={480}>
                {submissions.map((s) => (
                  <NavLink
                    key={s.id}
                    active={s.id === selected}
                    onClick={() => select(s.id)}
                    label={s.student_name}
                    description={s.resubmitted_after_grading ? t('grading.resubmitted') : undefined}
                    rightSection={<StatusBadge status={s.status} />}
                  />
                ))}
              </ScrollArea.Autosize>
              {missing.length > 0 && (
                <>
                  <Title order={3} size="h5" p="xs">
                    {t('grading.notSubmitted', { count: missing.length })}
                  </Title>
                  {missing.map((s) => (
                    <Group key={s.student_id} justify="space-between" px="sm" py={4}>
                      <Text size="sm">{s.name}</Text>
                      <StatusBadge status="missing" />
                    </Group>
                  ))}
                </>
              )}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {index >= 0 && (
              <GradingPanel
                key={submissions[index]!.id}
                courseId={courseId}
                assignment={assignment}
                submission={submissions[index]!}
                onPrevious={index > 0 ? () => select(submissions[index - 1]!.id) : undefined}
                onNext={index < submissions.length - 1 ? () => select(submissions[index + 1]!.id) : undefined}
              />
            )}
          </Grid.Col>
        </Grid>
      )}
    </QueryState>
  );
}

type Submission = Awaited<ReturnType<typeof api.assignments.submissions>>['submissions'][number];

function GradingPanel({
  courseId,
  assignment,
  submission,
  onPrevious,
  onNext,
}: {
  courseId: string;
  assignment: Assignment;
  submission: Submission;
  onPrevious: (() => void) | undefined;
  onNext: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const attempts = useQuery({
    queryKey: assignmentKeys.attempts(courseId, assignment.id, submission.id),
    queryFn: () => api.assignments.attempts(courseId, assignment.id, submission.id),
  });
  const latestGrade = submission.graded ? submission : null;
  const [score, setScore] = useState<number | string>(latestGrade?.score ?? '');
  const [feedback, setFeedback] = useState(latestGrade?.feedback ?? '');
  const grade = useMutation({
    mutationFn: () =>
      api.assignments.grade(courseId, assignment.id, submission.id, {
        score: Number(score),
        feedback,
        attempt: submission.attempt,
      }),
    onSuccess: () => {
      notify({ color: 'teal', message: t('grading.saved', { name: submission.student_name }) });
      void queryClient.invalidateQueries({ queryKey: ['courses', courseId] });
      onNext?.();
    },
    onError: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (score !== '') grade.mutate();
  };
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={3} size="h4">
            {submission.student_name}
          </Title>
          <Group gap="xs">
            {submission.resubmitted_after_grading && <Badge color="orange">{t('grading.resubmitted')}</Badge>}
            <StatusBadge status={submission.status} />
          </Group>
        </Group>
        {attempts.data && <AttemptList attempts={attempts.data.attempts} maxScore={assignment.max_score} />}
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('grading.gradingAttempt', { n: submission.attempt })}
            </Text>
            <NumberInput
              label={t('grading.score', { max: assignment.max_score })}
              value={score}
              onChange={setScore}
              min={0}
              max={assignment.max_score}
              decimalScale={2}
              data-autofocus
            />
            <Textarea
              label={t('grading.feedback')}
              value={feedback}
              onChange={(e) => setFeedback(e.currentTarget.value)}
              autosize
              minRows={3}
            />
            <Group justify="space-between">
              <Group gap="xs">
                <Button variant="default" onClick={onPrevious} disabled={!onPrevious}>
                  {t('grading.previous')}
                </Button>
                <Button variant="default" onClick={onNext} disabled={!onNext}>
                  {t('grading.next')}
                </Button>
              </Group>
              <Button type="submit" loading={grade.isPending} disabled={score === ''}>
                {onNext ? t('grading.saveAndNext') : t('grading.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
