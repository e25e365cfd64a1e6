import {
  MIN_WRITING_CHARS,
  type WritingAnalysisResponse,
  type WritingType,
  writingTypes,
} from '@faraday/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  List,
  Paper,
  RingProgress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { highlightsFor, segments } from './highlights';
import { LabelledProgress } from './LabelledProgress';
import classes from './tutor.module.css';

const levels = ['school', 'undergraduate', 'master', 'phd'] as const;
const MAX_UPLOAD_BYTES = 1024 * 1024;

function scoreColor(score: number): string {
  return score >= 80 ? 'green' : score >= 60 ? 'blue' : score >= 40 ? 'orange' : 'red';
}

/** The analysed text with each improvement's sentence or paragraph marked and numbered. */
function MarkedText({
  text,
  result,
  active,
}: {
  text: string;
  result: WritingAnalysisResponse;
  active: number | null;
}) {
  const { t } = useTranslation();
  const pieces = segments(text, highlightsFor(text, result.improvements));
  return (
    <Paper withBorder p="md" className={classes.writingText} data-testid="marked-text">
      {pieces.map((piece, i) =>
        piece.highlight ? (
          <mark
            // biome-ignore lint/suspicious/noArrayIndexKey: pieces are fixed for one result
            key={i}
            id={`improvement-${piece.highlight.numbers[0]}`}
            className={`${classes.highlight} ${active !== null && piece.highlight.numbers.includes(active) ? classes.highlightActive : ''}`}
          >
            <VisuallyHidden>
              {t('tutor.writing.markedLabel', { numbers: piece.highlight.numbers.join(', ') })}
            </VisuallyHidden>
            <span className={classes.highlightNumber} aria-hidden>
              {piece.highlight.numbers.join(',')}
            </span>
            {piece.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces are fixed for one result
          <Fragment key={i}>{piece.text}</Fragment>
        ),
      )}
    </Paper>
  );
}

function Result({ text, result }: { text: string; result: WritingAnalysisResponse }) {
  const { t } = useTranslation();
  const [active, setActive] = useState<number | null>(null);
  const focus = (n: number) => {
    setActive(n);
    document.getElementById(`improvement-${n}`)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };
  return (
    <Stack data-testid="writing-result">
      <Group align="center" wrap="wrap">
        <RingProgress
          size={110}
          thickness={10}
          sections={[{ value: result.overall_score, color: scoreColor(result.overall_score) }]}
          label={
            <Text ta="center" fw={700} size="xl" data-testid="overall-score">
              {result.overall_score}
            </Text>
          }
          aria-hidden
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
          <Title order={3} size="h4">
            {t('tutor.writing.overall', { score: result.overall_score })}
          </Title>
          <Text size="sm">{result.summary}</Text>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {result.dimensions.map((d) => (
          <Card key={d.id} withBorder padding="sm">
            <Group justify="space-between" mb={4} wrap="nowrap">
              <Text size="sm" fw={600}>
                {d.name}
              </Text>
              <Text size="sm" fw={600}>
                {d.score}
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {t('tutor.writing.weight', { percent: Math.round(d.weight * 100) })}
                </Text>
              </Text>
            </Group>
            <LabelledProgress value={d.score} color={scoreColor(d.score)} label={d.name} />
            <Text size="sm" mt={6}>
              {d.comment}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {result.strengths.length > 0 && (
        <Card withBorder padding="sm">
          <Text fw={600} size="sm" mb={4}>
            {t('tutor.writing.strengths')}
          </Text>
          <List size="sm" spacing={4}>
            {result.strengths.map((s) => (
              <List.Item key={s}>{s}</List.Item>
            ))}
          </List>
        </Card>
      )}
      {result.improvements.length > 0 && (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('tutor.writing.improvements')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
              {result.improvements.map((imp, i) => (
                <Card
                  key={`${imp.dimension}-${imp.target.kind}-${imp.target.index}-${imp.issue}`}
                  component="li"
                  withBorder
                  padding="sm"
                  data-testid="improvement"
                >
                  <Group gap="xs" mb={4} wrap="wrap">
                    <Badge variant="filled" color="orange.9">
                      {i + 1}
                    </Badge>
                    <Badge variant="light">
                      {t(`tutor.writing.target.${imp.target.kind}`, { n: imp.target.index })}
                    </Badge>
                  </Group>
                  <Text size="sm">{imp.issue}</Text>
                  <Text size="sm" c="dimmed" mt={4}>
                    {imp.suggestion}
                  </Text>
                  {imp.target.kind !== 'document' && (
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      mt={4}
                      w="fit-content"
                      onClick={() => focus(i + 1)}
                    >
                      {t('tutor.writing.showInText')}
                    </Button>
                  )}
                </Card>
              ))}
            </Stack>
            <MarkedText text={text} result={result} active={active} />
          </SimpleGrid>
        </Stack>
      )}
      {result.notes.length > 0 && (
        <Alert color="gray" title={t('tutor.writing.notes')}>
          <List size="sm">
            {result.notes.map((n) => (
              <List.Item key={n}>{n}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

/** Writing analysis: paste or upload a text, pick its type and level, read the rubric's verdict. */
export function WritingPanel() {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [type, setType] = useState<WritingType>('course_paper');
  const [level, setLevel] = useState<(typeof levels)[number]>('undergraduate');
  const [fileError, setFileError] = useState<string | null>(null);
  const analyse = useMutation({
    mutationFn: (content: string) =>
      api.ai.analyzeWriting({
        writing_type: type,
        content,
        student_profile: { level, lang: i18n.resolvedLanguage === 'zh' ? 'zh' : 'en' },
      }),
  });
  const tooShort = text.trim().length > 0 && text.trim().length < MIN_WRITING_CHARS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length >= MIN_WRITING_CHARS) analyse.mutate(text);
  };
  const upload = async (file: File | null) => {
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setFileError(t('tutor.writing.fileTooLarge'));
      return;
    }
    setText(await file.text());
  };
  return (
    <Stack>
      <form onSubmit={submit}>
        <Stack maw={900}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('tutor.writing.type')}
              value={type}
              onChange={(v) => v && setType(v as WritingType)}
              allowDeselect={false}
              data={writingTypes.map((w) => ({ value: w, label: t(`tutor.writing.types.${w}`) }))}
            />
            <Select
              label={t('tutor.writing.level')}
              value={level}
              onChange={(v) => v && setLevel(v as (typeof levels)[number])}
              allowDeselect={false}
              data={levels.map((l) => ({ value: l, label: t(`tutor.writing.levels.${l}`) }))}
            />
          </SimpleGrid>
          <Textarea
            label={t('tutor.writing.text')}
            description={t('tutor.writing.textHint', { min: MIN_WRITING_CHARS })}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={20}
            maxLength={100_000}
            error={tooShort ? t('tutor.writing.tooShort', { min: MIN_WRITING_CHARS }) : fileError}
          />
          <Group>
            <Button
              type="submit"
              loading={analyse.isPending}
              disabled={text.trim().length < MIN_WRITING_CHARS}
            >
              {t('tutor.writing.analyse')}
            </Button>
            <FileButton onChange={(f) => void upload(f)} accept=".txt,.md,text/plain,text/markdown">
              {(props) => (
                <Button variant="default" {...props}>
                  {t('tutor.writing.upload')}
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
      </form>
      {analyse.isError && (
        <Alert color="red" role="alert">
          {errorMessage(analyse.error, t)}
        </Alert>
      )}
      {analyse.isSuccess && <Result text={analyse.variables} result={analyse.data} />}
    </Stack>
  );
}
