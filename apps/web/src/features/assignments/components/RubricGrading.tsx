import type { RubricSelection } from '@faraday/client';
import type { Rubric, RubricAssessment } from '@faraday/contracts';
import { Card, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the rubric part of the grading form holds, for the form around it. */
export interface RubricGradeState {
  selections: RubricSelection[];
  /** Every criterion has a level. */
  complete: boolean;
  dirty: boolean;
}

type Picks = Record<string, { level_id: string; comment: string }>;

const picksOf = (assessment: RubricAssessment | null | undefined): Picks =>
  Object.fromEntries(
    (assessment?.criteria ?? []).map((c) => [c.id, { level_id: c.selected_level_id, comment: c.comment }]),
  );

/**
 * Grading with a rubric: a radio group per criterion (arrow keys move between its levels), a
 * comment per criterion and the total as it stands; the server computes the same score.
 */
export function RubricGrading({
  rubric,
  previous,
  maxScore,
  onChange,
  focusFirst,
}: {
  rubric: Rubric;
  /** The filled rubric of the grade shown, when it is this rubric's: the form starts from it. */
  previous: RubricAssessment | null | undefined;
  maxScore: number;
  onChange: (state: RubricGradeState) => void;
  /** Put the cursor in the first criterion on arrival (the grader came from the previous student). */
  focusFirst: boolean;
}) {
  const { t } = useTranslation();
  const initial = previous?.rubric_id === rubric.id ? picksOf(previous) : {};
  const [picks, setPicks] = useState<Picks>(initial);
  const [dirty, setDirty] = useState(false);
  const firstRadio = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirst) firstRadio.current?.focus();
  }, [focusFirst]);
  const pointsOf = (criterionId: string) => {
    const criterion = rubric.criteria.find((c) => c.id === criterionId);
    return criterion?.levels.find((l) => l.id === picks[criterionId]?.level_id)?.points ?? 0;
  };
  const total = rubric.criteria.reduce((sum, c) => sum + pointsOf(c.id), 0);
  const complete = rubric.criteria.every((c) => picks[c.id]?.level_id);
  useEffect(() => {
    onChange({
      selections: rubric.criteria.flatMap((c) => {
        const pick = picks[c.id];
        return pick ? [{ criterion_id: c.id, level_id: pick.level_id, comment: pick.comment }] : [];
      }),
      complete,
      dirty,
    });
  }, [onChange, rubric, picks, complete, dirty]);
  const set = (criterionId: string, patch: Partial<{ level_id: string; comment: string }>) => {
    setDirty(true);
    setPicks((now) => ({
      ...now,
      [criterionId]: { level_id: '', comment: '', ...now[criterionId], ...patch },
    }));
  };
  return (
    <Stack gap="xs">
      {rubric.criteria.map((criterion, i) => (
        <Card withBorder padding="sm" key={criterion.id}>
          <Radio.Group
            name={`criterion-${criterion.id}`}
            label={criterion.title}
            description={criterion.description || undefined}
            value={picks[criterion.id]?.level_id ?? null}
            onChange={(value) => set(criterion.id, { level_id: value })}
          >
            <Stack gap={6} mt={6}>
              {criterion.levels.map((level, k) => (
                <Radio
                  key={level.id}
                  ref={i === 0 && k === 0 ? firstRadio : undefined}
                  value={level.id}
                  label={t('rubrics.levelLine', { title: level.title, points: level.points })}
                  description={level.description || undefined}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            mt="xs"
            label={t('rubrics.commentOn', { criterion: criterion.title })}
            value={picks[criterion.id]?.comment ?? ''}
            autosize
            minRows={1}
            onChange={(e) => set(criterion.id, { comment: e.currentTarget.value })}
          />
        </Card>
      ))}
      <Group justify="space-between">
        <Text fw={600} aria-live="polite" data-testid="rubric-total">
          {t('rubrics.total', { total: Math.min(total, maxScore), max: maxScore })}
        </Text>
        {!complete && (
          <Text size="sm" c="dimmed">
            {t('rubrics.chooseEvery')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
