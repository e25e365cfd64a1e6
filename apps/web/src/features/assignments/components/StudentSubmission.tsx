import { MAX_SUBMISSION_FILES } from '@faraday/contracts';
import { Alert, Button, Card, Group, Progress, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../components/FileDrop';
import { StatusBadge } from '../../../components/StatusBadge';
import { errorMessage } from '../../../lib/errors';
import type { Assignment } from '../api/assignments';
import { useAssignmentRubric } from '../api/rubrics';
import { useAttempts, useSubmitWork } from '../api/submissions';
import { AttemptList } from './AttemptList';
import { LateSummary } from './LateNote';
import { RubricTable } from './RubricTable';

/** A student's own work: hand in text and files, see every attempt and its grade. */
export function StudentSubmission({ courseId, assignment }: { courseId: string; assignment: Assignment }) {
  const { t } = useTranslation();
  const mine = assignment.my_submission ?? null;
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const attempts = useAttempts(courseId, assignment.id, mine?.id ?? null);
  // The rubric the work will be graded with, shown until a grade fills it in.
  const rubric = useAssignmentRubric(courseId, assignment.id).data?.rubric ?? null;
  const submit = useSubmitWork(courseId, assignment.id, {
    progress: setProgress,
    success: () => {
      setContent('');
      setFiles([]);
      setProgress(0);
    },
    error: () => setProgress(0),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate({ content, files });
  };
  // Past the student's due date without late work, or past their cut-off, the server refuses a
  // hand-in: say so before anyone types. Their cut-off moves as far as their extension moved.
  const shift = assignment.my_extended_due_date
    ? Math.max(0, Date.parse(assignment.my_extended_due_date) - Date.parse(assignment.due_date))
    : 0;
  const lastMoment = !assignment.allow_late
    ? Date.parse(assignment.due_date) + shift
    : assignment.late_cutoff
      ? Date.parse(assignment.late_cutoff) + shift
      : Number.POSITIVE_INFINITY;
  const pastDue = lastMoment < Date.now();
  const open = assignment.status === 'published' && !pastDue;
  return (
    <Stack>
      {rubric && !mine?.rubric_assessment && (
        <Card withBorder>
          <Title order={3} size="h4" mb="xs">
            {t('rubrics.gradedWith', { title: rubric.title, points: rubric.max_points })}
          </Title>
          <RubricTable rubric={rubric} />
        </Card>
      )}
      {mine && (
        <Card withBorder>
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h4">
              {t('submission.mine')}
            </Title>
            <StatusBadge status={mine.status} />
          </Group>
          {mine.score !== null && (
            <Text fw={600}>
              {t('submission.grade', { score: mine.final_score ?? mine.score, max: assignment.max_score })}
              {mine.resubmitted_after_grading &&
                ` · ${t('submission.gradeOfAttempt', { n: mine.graded_attempt })}`}
            </Text>
          )}
          <LateSummary submission={mine} maxScore={assignment.max_score} compact />
          {mine.feedback && (
            <Text size="sm" mb="xs">
              {t('grading.feedback')}: {mine.feedback}
            </Text>
          )}
          {mine.rubric_assessment && (
            <Stack gap={4} mb="xs">
              <Text size="sm" fw={600}>
                {t('rubrics.yourRubric', {
                  title: mine.rubric_assessment.title,
                  total: mine.rubric_assessment.total,
                  max: mine.rubric_assessment.max_points,
                })}
              </Text>
              <RubricTable rubric={mine.rubric_assessment} assessment={mine.rubric_assessment} />
            </Stack>
          )}
          {attempts.data && <AttemptList attempts={attempts.data.attempts} maxScore={assignment.max_score} />}
        </Card>
      )}
      {open && (
        <Card withBorder component="form" onSubmit={onSubmit}>
          <Stack>
            <Title order={3} size="h4">
              {mine ? t('submission.resubmit') : t('submission.submit')}
            </Title>
            {submit.isError && (
              <Alert color="red" role="alert">
                {errorMessage(submit.error, t)}
              </Alert>
            )}
            <Textarea
              label={t('submission.text')}
              value={content}
              onChange={(e) => setContent(e.currentTarget.value)}
              autosize
              minRows={4}
            />
            <FileDrop
              files={files}
              onChange={setFiles}
              maxFiles={MAX_SUBMISSION_FILES}
              label={t('files.choose')}
            />
            {submit.isPending && (
              <Progress value={progress * 100} aria-label={t('files.uploading')} animated />
            )}
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={submit.isPending}
                disabled={!content.trim() && files.length === 0}
              >
                {mine ? t('submission.resubmitButton') : t('submission.submitButton')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {!open && (
        <Text c="dimmed">
          {assignment.status !== 'published'
            ? t('submission.closed')
            : assignment.allow_late
              ? t('late.cutoffPassed')
              : t('submission.pastDue')}
        </Text>
      )}
    </Stack>
  );
}
