import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportDirty } from '../../../components/FormModal';
import { fieldProblems } from '../../../lib/errors';
import { type AssignmentRow, useSaveAssignment } from '../api/assignments';
import { LateSettings, type LateValue, lateFieldsOf, lateValueOf, localInput } from './LateSettings';

/** Create an assignment (published at once unless unticked), or edit one. */
export function AssignmentForm({
  courseId,
  assignment,
  onDone,
}: {
  courseId: string;
  assignment?: AssignmentRow;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(assignment?.title ?? '');
  const [description, setDescription] = useState(assignment?.description ?? '');
  const [instructions, setInstructions] = useState(assignment?.instructions ?? '');
  const [initialDue] = useState(() =>
    localInput(assignment ? new Date(assignment.due_date) : new Date(Date.now() + 7 * 86_400_000)),
  );
  const [due, setDue] = useState(initialDue);
  const [maxScore, setMaxScore] = useState<number>(assignment?.max_score ?? 100);
  const [allowLate, setAllowLate] = useState(assignment?.allow_late ?? false);
  const [resubmit, setResubmit] = useState(assignment?.resubmit_after_grading ?? true);
  const [late, setLate] = useState<LateValue>(() => lateValueOf(assignment));
  const [initialLate] = useState(late);
  const [publish, setPublish] = useState(!assignment);
  const [kind, setKind] = useState<'submission' | 'quiz'>('submission');
  const saved = useReportDirty(
    title !== (assignment?.title ?? '') ||
      description !== (assignment?.description ?? '') ||
      instructions !== (assignment?.instructions ?? '') ||
      due !== initialDue ||
      maxScore !== (assignment?.max_score ?? 100) ||
      allowLate !== (assignment?.allow_late ?? false) ||
      resubmit !== (assignment?.resubmit_after_grading ?? true) ||
      JSON.stringify(late) !== JSON.stringify(initialLate),
  );
  const save = useSaveAssignment(courseId, assignment?.id, () => {
    saved();
    onDone();
  });
  const problems = fieldProblems(save.error, t, [
    'title',
    'description',
    'instructions',
    'due_date',
    'max_score',
    'late_penalty',
    'late_cutoff',
  ]);
  const errorFor = (name: string) => problems.byField[name];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      fields: {
        title,
        description,
        instructions,
        due_date: due,
        max_score: maxScore,
        allow_late: allowLate,
        resubmit_after_grading: resubmit,
        ...lateFieldsOf(allowLate, late),
        ...(assignment ? {} : { kind }),
      },
      publish,
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {problems.summary && (
          <Text c="red" role="alert">
            {problems.summary}
          </Text>
        )}
        {!assignment && (
          <SegmentedControl
            aria-label={t('assignments.kind')}
            value={kind}
            onChange={(v) => setKind(v === 'quiz' ? 'quiz' : 'submission')}
            data={[
              { value: 'submission', label: t('assignments.kinds.submission') },
              { value: 'quiz', label: t('assignments.kinds.quiz') },
            ]}
          />
        )}
        <TextInput
          label={t('assignments.title')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errorFor('title')}
          required
        />
        <Textarea
          label={t('assignments.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errorFor('description')}
          autosize
          minRows={2}
        />
        <Textarea
          label={t('assignments.instructions')}
          value={instructions}
          onChange={(e) => setInstructions(e.currentTarget.value)}
          error={errorFor('instructions')}
          autosize
          minRows={2}
        />
        <Group grow>
          <TextInput
            type="datetime-local"
            label={t('assignments.due')}
            value={due}
            onChange={(e) => setDue(e.currentTarget.value)}
            error={errorFor('due_date')}
            description={
              due && new Date(due).getTime() < Date.now() ? (
                <Text component="span" size="xs" c="red.9" role="status">
                  {t('assignments.dueInPast')}
                </Text>
              ) : undefined
            }
            required
          />
          <NumberInput
            label={t('assignments.maxScore')}
            value={maxScore}
            onChange={(v) => setMaxScore(Number(v) || 0)}
            min={1}
            error={errorFor('max_score')}
          />
        </Group>
        <Checkbox
          label={t('assignments.allowLate')}
          checked={allowLate}
          onChange={(e) => setAllowLate(e.currentTarget.checked)}
        />
        {allowLate && (
          <LateSettings
            value={late}
            onChange={setLate}
            editing={assignment !== undefined}
            errors={{ penalty: errorFor('late_penalty'), cutoff: errorFor('late_cutoff') }}
          />
        )}
        <Checkbox
          label={t('assignments.resubmitAfterGrading')}
          checked={resubmit}
          onChange={(e) => setResubmit(e.currentTarget.checked)}
        />
        <Checkbox
          label={t('assignments.publishNow')}
          checked={publish}
          onChange={(e) => setPublish(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
