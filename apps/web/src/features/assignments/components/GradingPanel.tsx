import { Badge, Button, Card, Group, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/StatusBadge';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import type { Assignment } from '../api/assignments';
import { type Submission, useAttempts, useGradeSubmission } from '../api/submissions';
import { AttemptList } from './AttemptList';

/** One submission: its attempts to read, and the grade of the latest; saving moves on to the next student. */
export function GradingPanel({
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
  const attempts = useAttempts(courseId, assignment.id, submission.id);
  const latestGrade = submission.graded ? submission : null;
  const [score, setScore] = useState<number | string>(latestGrade?.score ?? '');
  const [feedback, setFeedback] = useState(latestGrade?.feedback ?? '');
  const grade = useGradeSubmission(courseId, assignment.id, submission, {
    success: () => {
      notify({ color: 'teal', message: t('grading.saved', { name: submission.student_name }) });
      onNext?.();
    },
    error: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (score !== '') grade.mutate({ score: Number(score), feedback });
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
