import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { type Quiz, useQuizBank, useSaveQuiz } from '../api/quizzes';

/** A row's React key: questions move and go, so their index is no identity. */
let drafted = 0;
function nextKey(): string {
  drafted += 1;
  return `q${drafted}`;
}

type Draft = { key?: string } & (
  | { template: string; points: number; label: string }
  | { custom: Record<string, unknown>; points: number; label: string }
);

function draftsOf(quiz: Quiz | undefined): Draft[] {
  return (quiz?.questions ?? []).map((q) =>
    q.template
      ? { template: q.template, points: q.points, label: q.template }
      : {
          custom: q.custom as Record<string, unknown>,
          points: q.points,
          label: String((q.custom as { prompt?: string })?.prompt ?? ''),
        },
  );
}

/**
 * The teacher's own multiple-choice question: a prompt, options one a line, the right one named,
 * and for any option what a student who chose it reads after handing in (why a distractor is wrong).
 */
function ChoiceForm({ onAdd }: { onAdd: (draft: Draft) => void }) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState('');
  const [options, setOptions] = useState('');
  const [right, setRight] = useState<string | null>(null);
  // By the option's text, so feedback stays with its option while the lines are edited.
  const [feedback, setFeedback] = useState<Record<string, string>>({});
  const lines = options
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const add = () => {
    const custom = {
      kind: 'choice',
      prompt,
      options: lines.map((text) => {
        const said = feedback[text]?.trim();
        return { text, correct: text === right, ...(said ? { feedback: said } : {}) };
      }),
    };
    onAdd({ custom, points: 1, label: prompt });
    setPrompt('');
    setOptions('');
    setRight(null);
    setFeedback({});
  };
  return (
    <Stack gap="xs">
      <Textarea
        label={t('quizBuilder.prompt')}
        value={prompt}
        onChange={(e) => setPrompt(e.currentTarget.value)}
      />
      <Textarea
        label={t('quizBuilder.options')}
        value={options}
        onChange={(e) => setOptions(e.currentTarget.value)}
        autosize
        minRows={3}
      />
      <Select label={t('quizBuilder.rightOption')} data={lines} value={right} onChange={setRight} />
      {[...new Set(lines)].map((text) => (
        <TextInput
          key={text}
          label={t('quizBuilder.optionFeedback', { option: text })}
          description={
            text === right ? t('quizBuilder.rightFeedbackHint') : t('quizBuilder.wrongFeedbackHint')
          }
          maxLength={1000}
          value={feedback[text] ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setFeedback((all) => ({ ...all, [text]: value }));
          }}
        />
      ))}
      <Button variant="light" onClick={add} disabled={!prompt || lines.length < 2 || !right}>
        {t('quizBuilder.addChoice')}
      </Button>
    </Stack>
  );
}

/** The teacher's own numeric question: parameters one a line as "symbol min max unit". */
function NumericForm({ onAdd }: { onAdd: (draft: Draft) => void }) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState('');
  const [parameters, setParameters] = useState('');
  const [answer, setAnswer] = useState('');
  const [unit, setUnit] = useState('');
  const add = () => {
    const params = parameters
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((p) => p.length >= 3)
      .map(([symbol, min, max, u]) => ({ symbol, min: Number(min), max: Number(max), unit: u ?? '' }));
    onAdd({
      custom: { kind: 'numeric', prompt, parameters: params, answer, unit },
      points: 1,
      label: prompt,
    });
    setPrompt('');
    setParameters('');
    setAnswer('');
    setUnit('');
  };
  return (
    <Stack gap="xs">
      <Textarea
        label={t('quizBuilder.prompt')}
        value={prompt}
        onChange={(e) => setPrompt(e.currentTarget.value)}
      />
      <Textarea
        label={t('quizBuilder.parameters')}
        value={parameters}
        onChange={(e) => setParameters(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      <Group grow>
        <TextInput
          label={t('quizBuilder.answerFormula')}
          value={answer}
          onChange={(e) => setAnswer(e.currentTarget.value)}
        />
        <TextInput
          label={t('quizBuilder.unit')}
          value={unit}
          onChange={(e) => setUnit(e.currentTarget.value)}
        />
      </Group>
      <Button variant="light" onClick={add} disabled={!prompt || !answer}>
        {t('quizBuilder.addNumeric')}
      </Button>
    </Stack>
  );
}

/**
 * The teacher's own formula question: the student writes a formula over the named symbols, checked
 * by substituting random values (the engine's check), so any equivalent form is right.
 */
function FormulaForm({ onAdd }: { onAdd: (draft: Draft) => void }) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState('');
  const [variables, setVariables] = useState('');
  const [answer, setAnswer] = useState('');
  const symbols = variables.split(/[\s,，]+/).filter(Boolean);
  const add = () => {
    onAdd({ custom: { kind: 'formula', prompt, variables: symbols, answer }, points: 1, label: prompt });
    setPrompt('');
    setVariables('');
    setAnswer('');
  };
  return (
    <Stack gap="xs">
      <Textarea
        label={t('quizBuilder.prompt')}
        value={prompt}
        onChange={(e) => setPrompt(e.currentTarget.value)}
      />
      <Group grow>
        <TextInput
          label={t('quizBuilder.variables')}
          value={variables}
          onChange={(e) => setVariables(e.currentTarget.value)}
        />
        <TextInput
          label={t('quizBuilder.formulaAnswer')}
          value={answer}
          onChange={(e) => setAnswer(e.currentTarget.value)}
        />
      </Group>
      <Button variant="light" onClick={add} disabled={!prompt || symbols.length === 0 || !answer}>
        {t('quizBuilder.addFormula')}
      </Button>
    </Stack>
  );
}

/** The teacher builds a quiz: questions from the bank by topic and difficulty, and their own. */
export function QuizBuilder({
  courseId,
  assignmentId,
  quiz,
}: {
  courseId: string;
  assignmentId: string;
  quiz?: Quiz;
}) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<Draft[]>(() => draftsOf(quiz).map((d) => ({ ...d, key: nextKey() })));
  const [attempts, setAttempts] = useState<number>(quiz?.attempts_allowed ?? 1);
  const [limit, setLimit] = useState<number | ''>(quiz?.time_limit_minutes ?? '');
  const [topic, setTopic] = useState('');
  const [difficulty, setDifficulty] = useState<string | null>(null);
  const bank = useQuizBank(courseId, topic);
  const save = useSaveQuiz(courseId, assignmentId, {
    success: () => notify({ color: 'green', message: t('quizBuilder.saved') }),
  });
  const add = (draft: Draft) => setDrafts((all) => [...all, { ...draft, key: nextKey() }]);
  const templates = (bank.data?.templates ?? []).filter(
    (x) => !difficulty || String(x.difficulty) === difficulty,
  );
  const onSave = () =>
    save.mutate({
      attempts_allowed: attempts,
      time_limit_minutes: limit === '' ? null : limit,
      questions: drafts.map(({ label: _label, key: _key, ...q }) => q),
    });
  return (
    <Card withBorder>
      <Stack>
        <Title order={3} size="h4">
          {t('quizBuilder.title')}
        </Title>
        <Group grow>
          <NumberInput
            label={t('quizBuilder.attempts')}
            min={1}
            max={20}
            value={attempts}
            onChange={(v) => setAttempts(Number(v) || 1)}
          />
          <NumberInput
            label={t('quizBuilder.timeLimit')}
            min={1}
            max={600}
            value={limit}
            onChange={(v) => setLimit(v === '' ? '' : Number(v))}
          />
        </Group>
        <Table aria-label={t('quizBuilder.questions')}>
          <Table.Tbody>
            {drafts.map((d, i) => (
              <Table.Tr key={d.key}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{d.label}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={t('quizBuilder.points', { n: i + 1 })}
                    min={0.5}
                    value={d.points}
                    onChange={(v) =>
                      setDrafts((all) => all.map((x, j) => (j === i ? { ...x, points: Number(v) || 1 } : x)))
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setDrafts((all) => all.filter((_, j) => j !== i))}
                  >
                    {t('quizBuilder.remove', { n: i + 1 })}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Title order={4} size="h5">
          {t('quizBuilder.bank')}
        </Title>
        <Group grow>
          <Select
            label={t('quizBuilder.topic')}
            data={bank.data?.topics ?? []}
            value={topic || null}
            onChange={(v) => setTopic(v ?? '')}
            clearable
          />
          <Select
            label={t('quizBuilder.difficulty')}
            data={['1', '2', '3']}
            value={difficulty}
            onChange={setDifficulty}
            clearable
          />
        </Group>
        <Stack gap={4} mah={240} style={{ overflowY: 'auto' }}>
          {templates.map((x) => (
            <Group key={x.id} justify="space-between">
              <Text size="sm">
                {x.id} · {t(`quiz.kinds.${x.kind}`)} · {t('quizBuilder.level', { n: x.difficulty })}
              </Text>
              <Button
                size="xs"
                variant="light"
                onClick={() => add({ template: x.id, points: 1, label: x.id })}
              >
                {t('quizBuilder.add', { id: x.id })}
              </Button>
            </Group>
          ))}
        </Stack>
        <Title order={4} size="h5">
          {t('quizBuilder.ownChoice')}
        </Title>
        <ChoiceForm onAdd={add} />
        <Title order={4} size="h5">
          {t('quizBuilder.ownNumeric')}
        </Title>
        <NumericForm onAdd={add} />
        <Title order={4} size="h5">
          {t('quizBuilder.ownFormula')}
        </Title>
        <FormulaForm onAdd={add} />
        {save.error && (
          <Alert color="red" role="alert">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <Button onClick={onSave} loading={save.isPending} disabled={drafts.length === 0}>
          {t('quizBuilder.save')}
        </Button>
      </Stack>
    </Card>
  );
}
