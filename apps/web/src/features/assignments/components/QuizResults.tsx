import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuizResults } from '../api/quizzes';

/** Per question: how many were right, and for a choice how often each option was picked. */
export function QuizResults({ courseId, assignmentId }: { courseId: string; assignmentId: string }) {
  const { t } = useTranslation();
  const results = useQuizResults(courseId, assignmentId);
  const data = results.data;
  if (!data) return null;
  return (
    <Card withBorder>
      <Title order={3} size="h4">
        {t('quiz.results', { n: data.attempts_graded })}
      </Title>
      <Table mt="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('quiz.question')}</Table.Th>
            <Table.Th>{t('quiz.shareRight')}</Table.Th>
            <Table.Th>{t('quiz.optionsChosen')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.questions.map((q) => (
            <Table.Tr key={q.position}>
              <Table.Td>
                {q.position} · {t(`quiz.kinds.${q.kind}`)}
              </Table.Td>
              <Table.Td>
                {q.share_correct === null
                  ? '—'
                  : `${Math.round(q.share_correct * 100)} % (${q.correct}/${q.graded})`}
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  {(q.choices ?? []).map((c) => (
                    <Text key={c.text} size="sm" fw={c.correct ? 600 : undefined}>
                      {c.text}: {c.chosen}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
