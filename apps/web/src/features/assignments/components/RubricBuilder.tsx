import type { RubricInput } from '@faraday/contracts';
import { Button, Card, Group, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportDirty } from '../../../components/FormModal';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { type Rubric, useSaveRubric } from '../api/rubrics';

type Level = { title: string; points: number | string; description: string };
type Criterion = { title: string; description: string; levels: Level[] };

const blankCriterion = (): Criterion => ({
  title: '',
  description: '',
  levels: [
    { title: '', points: 0, description: '' },
    { title: '', points: 1, description: '' },
  ],
});

const fromRubric = (rubric: Rubric | null): Criterion[] =>
  rubric
    ? rubric.criteria.map((c) => ({
        title: c.title,
        description: c.description,
        levels: c.levels.map((l) => ({ ...l })),
      }))
    : [blankCriterion()];

/** The most the criteria can give: each one's best level. */
function maxOf(criteria: readonly Criterion[]): number {
  return criteria.reduce((sum, c) => sum + Math.max(0, ...c.levels.map((l) => Number(l.points) || 0)), 0);
}

/**
 * Builds a rubric or edits one no grade has used: criteria, each with levels worth points.
 * `onSaved` gets the stored rubric (to attach it to the assignment).
 */
export function RubricBuilder({
  courseId,
  rubric,
  maxScore,
  onSaved,
}: {
  courseId: string;
  rubric: Rubric | null;
  maxScore: number;
  onSaved: (rubric: Rubric) => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(rubric?.title ?? '');
  const [criteria, setCriteria] = useState<Criterion[]>(() => fromRubric(rubric));
  const [touched, setTouched] = useState(false);
  const saved = useReportDirty(touched);
  const save = useSaveRubric(courseId, {
    success: (stored) => {
      saved();
      onSaved(stored);
    },
    error: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
  const change = (next: Criterion[]) => {
    setTouched(true);
    setCriteria(next);
  };
  const patchCriterion = (i: number, patch: Partial<Criterion>) =>
    change(criteria.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const patchLevel = (i: number, k: number, patch: Partial<Level>) =>
    patchCriterion(i, { levels: criteria[i]!.levels.map((l, m) => (m === k ? { ...l, ...patch } : l)) });
  const total = maxOf(criteria);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: RubricInput = {
      title,
      criteria: criteria.map((c) => ({
        ...c,
        levels: c.levels.map((l) => ({ ...l, points: Number(l.points) || 0 })),
      })),
    };
    save.mutate({ id: rubric?.id ?? null, body });
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label={t('rubrics.title')}
          value={title}
          required
          maxLength={200}
          onChange={(e) => {
            setTouched(true);
            setTitle(e.currentTarget.value);
          }}
        />
        {criteria.map((criterion, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: criteria have no id until saved; order is their identity
          <Card withBorder key={i} component="fieldset" aria-label={t('rubrics.criterionN', { n: i + 1 })}>
            <Stack gap="xs">
              <Group align="flex-end">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('rubrics.criterionN', { n: i + 1 })}
                  value={criterion.title}
                  required
                  maxLength={200}
                  onChange={(e) => patchCriterion(i, { title: e.currentTarget.value })}
                />
                <Button
                  variant="subtle"
                  color="red"
                  disabled={criteria.length === 1}
                  onClick={() => change(criteria.filter((_, j) => j !== i))}
                  aria-label={t('rubrics.removeCriterionN', { n: i + 1 })}
                >
                  {t('rubrics.remove')}
                </Button>
              </Group>
              <Textarea
                label={t('rubrics.description')}
                value={criterion.description}
                autosize
                minRows={1}
                onChange={(e) => patchCriterion(i, { description: e.currentTarget.value })}
              />
              {criterion.levels.map((level, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: levels have no id until saved
                <Group key={k} align="flex-end" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('rubrics.levelN', { n: k + 1 })}
                    value={level.title}
                    required
                    maxLength={100}
                    onChange={(e) => patchLevel(i, k, { title: e.currentTarget.value })}
                  />
                  <NumberInput
                    w={100}
                    label={t('rubrics.points')}
                    value={level.points}
                    min={0}
                    decimalScale={2}
                    onChange={(value) => patchLevel(i, k, { points: value })}
                  />
                  <TextInput
                    style={{ flex: 2 }}
                    label={t('rubrics.levelDescription')}
                    value={level.description}
                    maxLength={1000}
                    onChange={(e) => patchLevel(i, k, { description: e.currentTarget.value })}
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    disabled={criterion.levels.length === 1}
                    aria-label={t('rubrics.removeLevelN', { n: k + 1, criterion: i + 1 })}
                    onClick={() => patchCriterion(i, { levels: criterion.levels.filter((_, m) => m !== k) })}
                  >
                    ×
                  </Button>
                </Group>
              ))}
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  disabled={criterion.levels.length >= 8}
                  onClick={() =>
                    patchCriterion(i, {
                      levels: [...criterion.levels, { title: '', points: 0, description: '' }],
                    })
                  }
                >
                  {t('rubrics.addLevel')}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
        <Group justify="space-between">
          <Button
            variant="default"
            disabled={criteria.length >= 20}
            onClick={() => change([...criteria, blankCriterion()])}
          >
            {t('rubrics.addCriterion')}
          </Button>
          <Text size="sm" c={total > maxScore ? 'red' : undefined} aria-live="polite">
            {t('rubrics.maxTotal', { total, max: maxScore })}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('rubrics.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
