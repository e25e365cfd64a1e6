import type { GatewayGuidedChatRequest, GuidedExercise } from '@faraday/contracts';
import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ExerciseAnswer = NonNullable<GatewayGuidedChatRequest['answer']>;

interface Props {
  exercise: GuidedExercise;
  pending: boolean;
  /** The typed answer the service checks, and how the transcript shows it. */
  onAnswer: (answer: ExerciseAnswer, text: string) => void;
}

/**
 * The input of a guided exercise: a number with its unit, the choices as radio buttons, or a
 * formula field. The prompt is in the tutor's message above; the answer is checked on the server.
 * Mount it with a key per exercise so each one starts empty.
 */
export function ExerciseInput({ exercise, pending, onAnswer }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [unit, setUnit] = useState('');
  const [choice, setChoice] = useState<string | null>(null);
  const [formula, setFormula] = useState('');
  const legend = t('tutor.guided.exercise', { number: exercise.number, total: exercise.total });

  const answer = (): [ExerciseAnswer, string] | undefined => {
    if (exercise.kind === 'numeric' && value.trim())
      return [
        { kind: 'numeric', value: value.trim(), ...(unit.trim() ? { unit: unit.trim() } : {}) },
        `${value.trim()} ${unit.trim()}`.trim(),
      ];
    if (exercise.kind === 'choice' && choice) {
      const text = exercise.choices?.find((c) => c.id === choice)?.text ?? '';
      return [{ kind: 'choice', choice }, `${choice}) ${text}`];
    }
    if (exercise.kind === 'formula' && formula.trim())
      return [{ kind: 'formula', formula: formula.trim() }, formula.trim()];
    return undefined;
  };
  const ready = answer();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !pending) onAnswer(...ready);
  };

  return (
    <form onSubmit={submit} aria-label={legend} data-testid="guided-exercise" data-kind={exercise.kind}>
      <Stack gap="xs">
        {exercise.kind === 'numeric' && (
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label={t('tutor.guided.value')}
              description={legend}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              inputMode="decimal"
              maxLength={60}
              data-autofocus
            />
            <TextInput
              label={t('tutor.guided.unit')}
              description={t('tutor.guided.unitHint', { unit: exercise.unit ?? '' })}
              // A placeholder, not a value: "2.5 mT" typed in the value field needs no unit here.
              placeholder={exercise.unit}
              value={unit}
              onChange={(e) => setUnit(e.currentTarget.value)}
              maxLength={30}
              w={200}
            />
          </Group>
        )}
        {exercise.kind === 'choice' && (
          <Radio.Group
            label={t('tutor.guided.choose')}
            description={legend}
            value={choice}
            onChange={setChoice}
          >
            <Stack gap="xs" mt="xs">
              {(exercise.choices ?? []).map((c) => (
                <Radio key={c.id} value={c.id} label={`${c.id}) ${c.text}`} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {exercise.kind === 'formula' && (
          <TextInput
            label={t('tutor.guided.formula')}
            description={t('tutor.guided.formulaHint', {
              number: exercise.number,
              total: exercise.total,
              symbols: (exercise.symbols ?? []).join(', '),
            })}
            value={formula}
            onChange={(e) => setFormula(e.currentTarget.value)}
            maxLength={300}
          />
        )}
        <Button type="submit" loading={pending} disabled={!ready} w="fit-content">
          {t('tutor.guided.check')}
        </Button>
      </Stack>
    </form>
  );
}
