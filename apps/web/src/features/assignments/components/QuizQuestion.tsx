import { Badge, Card, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuizAnswer, QuizItem } from '../api/quizzes';

/** The text of the student's language: the engine writes every prompt in both. */
export function inLanguage(text: { en: string; zh: string }, language: string): string {
  return language.startsWith('zh') ? text.zh : text.en;
}

function answerText(answer: QuizAnswer | null | undefined): string {
  if (!answer) return '';
  if (answer.kind === 'numeric') return String(answer.value);
  if (answer.kind === 'formula') return answer.formula;
  if (answer.kind === 'choice') return answer.choice;
  return answer.text;
}

/**
 * One question of an attempt: its prompt and given values, and the answer field of its kind
 * (native inputs and a radio group: the keyboard reaches and changes every one). Once graded it
 * shows whether it was right, the feedback and the worked solution.
 */
export function QuizQuestion({
  item,
  answer,
  onAnswer,
}: {
  item: QuizItem;
  answer: QuizAnswer | null | undefined;
  onAnswer?: (answer: QuizAnswer) => void;
}) {
  const { t, i18n } = useTranslation();
  const view = item.view;
  const lang = i18n.language;
  const label = t('quiz.questionN', { n: item.position, points: item.points });
  const readOnly = !onAnswer;
  const result = item.result;
  return (
    <Card withBorder component="fieldset" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{label}</Text>
          {item.correct !== null && (
            <Badge color={item.correct ? 'green' : 'red'}>
              {item.correct ? t('quiz.right') : t('quiz.wrong')} · {item.earned}/{item.points}
            </Badge>
          )}
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{inLanguage(view.prompt, lang)}</Text>
        {view.given && view.given.length > 0 && (
          <Text size="sm">
            {view.given
              .map(
                (g) =>
                  `${inLanguage(g.name, lang)} ${g.symbol === inLanguage(g.name, lang) ? '' : `${g.symbol} `}= ${g.text}`,
              )
              .join(' · ')}
          </Text>
        )}
        {view.kind === 'choice' ? (
          <Radio.Group
            label={t('quiz.choose')}
            value={answer?.kind === 'choice' ? answer.choice : null}
            onChange={(choice) => onAnswer?.({ kind: 'choice', choice })}
          >
            <Stack gap={4} mt={4}>
              {(view.choices ?? []).map((c) => (
                <Radio key={c.id} value={c.id} label={inLanguage(c.text, lang)} disabled={readOnly} />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <TextInput
            label={
              view.kind === 'numeric'
                ? t('quiz.numericAnswer', { unit: view.unit || '—' })
                : t('quiz.formulaAnswer', { symbols: (view.symbols ?? []).join(', ') })
            }
            value={answerText(answer)}
            readOnly={readOnly}
            onChange={(event) => {
              const text = event.currentTarget.value;
              onAnswer?.(
                view.kind === 'numeric'
                  ? { kind: 'numeric', value: text }
                  : { kind: 'formula', formula: text },
              );
            }}
          />
        )}
        {result && (
          <Stack gap={2}>
            <Text size="sm">{inLanguage(result.feedback, lang)}</Text>
            <Text size="sm" c="dimmed">
              {t('quiz.solution')}: {inLanguage(result.solution, lang)}
            </Text>
          </Stack>
        )}
        {item.correct !== null && !result && (
          <Text size="sm" c="dimmed">
            {t('quiz.unanswered')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
