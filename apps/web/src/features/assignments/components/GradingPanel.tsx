import { Badge, Button, Card, Grid, Group, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/StatusBadge';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import type { Assignment } from '../api/assignments';
import { useAssignmentRubric } from '../api/rubrics';
import { type Submission, useAttempts, useGradeSubmission, useSubmissionDetail } from '../api/submissions';
import { AttachmentPreview } from './AttachmentPreview';
import { AttemptList } from './AttemptList';
import { LateSummary } from './LateNote';
import { type RubricGradeState, RubricGrading } from './RubricGrading';

/** Why a typed score cannot be saved (a translation key), or null when it can. */
function scoreProblem(score: number | string, max: number): string | null {
  if (score === '') return null;
  const value = Number(score);
  if (!Number.isFinite(value)) return 'grading.scoreNotNumber';
  return value < 0 || value > max ? 'grading.scoreOutOfRange' : null;
}

/**
 * One submission: its attempts to read, and the grade of the latest; saving moves on to the next
 * student. Out-of-range scores are refused, never clamped; `onDirty` tells the list whether a
 * typed grade would be lost by moving away.
 */
export function GradingPanel({
  courseId,
  assignment,
  submission,
  onPrevious,
  onNext,
  onSavedNext,
  onDirty,
  focusScore,
}: {
  courseId: string;
  assignment: Assignment;
  submission: Submission;
  onPrevious: (() => void) | undefined;
  onNext: (() => void) | undefined;
  /** Moves to the next student once this grade is stored (no question asked). */
  onSavedNext: (() => void) | undefined;
  onDirty: (dirty: boolean) => void;
  /** Put the cursor in Score on arrival (the grader came here from the previous student). */
  focusScore: boolean;
}) {
  const { t } = useTranslation();
  const attempts = useAttempts(courseId, assignment.id, submission.id);
  const latestGrade = submission.graded ? submission : null;
  const initialScore = latestGrade?.score ?? '';
  const initialFeedback = latestGrade?.feedback ?? '';
  const [score, setScore] = useState<number | string>(initialScore);
  const [feedback, setFeedback] = useState(initialFeedback);
  const [saved, setSaved] = useState(false);
  // With a rubric, the levels chosen make the score (the previous grade's levels come with the detail).
  const rubric = useAssignmentRubric(courseId, assignment.id).data?.rubric ?? null;
  const detail = useSubmissionDetail(
    courseId,
    assignment.id,
    submission.id,
    rubric !== null && submission.graded,
  );
  const [rubricState, setRubricState] = useState<RubricGradeState | null>(null);
  const dirty =
    !saved &&
    (String(score) !== String(initialScore) || feedback !== initialFeedback || rubricState?.dirty === true);
  useEffect(() => onDirty(dirty), [onDirty, dirty]);
  useEffect(() => () => onDirty(false), [onDirty]);
  const scoreInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusScore) scoreInput.current?.focus();
  }, [focusScore]);
  const problem = scoreProblem(score, assignment.max_score);
  const grade = useGradeSubmission(courseId, assignment.id, submission, {
    success: () => {
      notify({ color: 'teal', message: t('grading.saved', { name: submission.student_name }) });
      setSaved(true);
      onDirty(false);
      onSavedNext?.();
    },
    error: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rubric) {
      if (rubricState?.complete) grade.mutate({ rubric: rubricState.selections, feedback });
    } else if (score !== '' && !problem) grade.mutate({ score: Number(score), feedback });
  };
  const canSave = rubric ? rubricState?.complete === true : score !== '' && problem === null;
  const waitingForDetail = rubric !== null && submission.graded && !detail.data;
  const previewable = submission.attachments.some((file) => file.preview_url !== null);
  const form = (
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
        <LateSummary submission={submission} maxScore={assignment.max_score} />
        {attempts.data && <AttemptList attempts={attempts.data.attempts} maxScore={assignment.max_score} />}
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('grading.gradingAttempt', { n: submission.attempt })}
            </Text>
            {rubric && !waitingForDetail && (
              <RubricGrading
                rubric={rubric}
                previous={detail.data?.rubric_assessment}
                maxScore={assignment.max_score}
                onChange={setRubricState}
                focusFirst={focusScore}
              />
            )}
            {!rubric && (
              <NumberInput
                ref={scoreInput}
                label={t('grading.score', { max: assignment.max_score })}
                value={score}
                onChange={(value) => {
                  setSaved(false);
                  setScore(value);
                }}
                min={0}
                max={assignment.max_score}
                clampBehavior="none"
                decimalScale={2}
                error={problem ? t(problem, { max: assignment.max_score }) : undefined}
              />
            )}
            <Textarea
              label={t('grading.feedback')}
              value={feedback}
              onChange={(e) => {
                setSaved(false);
                setFeedback(e.currentTarget.value);
              }}
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
              <Button type="submit" loading={grade.isPending} disabled={!canSave}>
                {onNext ? t('grading.saveAndNext') : t('grading.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
  if (!previewable) return form;
  // The work beside the form on wide screens; above it on narrow ones.
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <AttachmentPreview attachments={submission.attachments} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>{form}</Grid.Col>
    </Grid>
  );
}
