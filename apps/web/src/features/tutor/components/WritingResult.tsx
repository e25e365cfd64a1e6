import type { WritingAnalysisResponse } from '@faraday/contracts';
import { Alert, Card, Group, List, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { scoreColor } from '../utils/score-color';
import { Improvements } from './Improvements';
import { LabelledProgress } from './LabelledProgress';

/** The rubric's verdict: overall score and summary, each dimension, strengths, improvements, notes. */
export function WritingResult({ text, result }: { text: string; result: WritingAnalysisResponse }) {
  const { t } = useTranslation();
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
      {result.improvements.length > 0 && <Improvements text={text} result={result} />}
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
