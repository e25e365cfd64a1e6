import type { Rubric, RubricAssessment } from '@faraday/contracts';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ScrollTable';

/**
 * A rubric as a table: a row per criterion, its levels with points. Given an assessment, the
 * chosen level is marked and the grader's comment and points shown (the student's view).
 */
export function RubricTable({
  rubric,
  assessment,
}: {
  rubric: Pick<Rubric, 'title' | 'criteria'>;
  assessment?: RubricAssessment;
}) {
  const { t } = useTranslation();
  const filled = new Map((assessment?.criteria ?? []).map((c) => [c.id, c]));
  return (
    <ScrollTable minWidth={480}>
      <Table withTableBorder withColumnBorders verticalSpacing="xs" aria-label={rubric.title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('rubrics.criterion')}</Table.Th>
            <Table.Th scope="col">{t('rubrics.levels')}</Table.Th>
            {assessment && <Table.Th scope="col">{t('rubrics.pointsAndComment')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rubric.criteria.map((criterion) => {
            const chosen = filled.get(criterion.id);
            return (
              <Table.Tr key={criterion.id}>
                <Table.Th scope="row" fw={600}>
                  {criterion.title}
                  {criterion.description && (
                    <Text size="xs" c="dimmed" fw={400}>
                      {criterion.description}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>
                  <Stack gap={4}>
                    {criterion.levels.map((level) => {
                      const selected = chosen?.selected_level_id === level.id;
                      return (
                        <Text key={level.id} size="sm" fw={selected ? 700 : undefined}>
                          {selected && (
                            <Badge size="xs" mr={4} color="teal">
                              {t('rubrics.chosen')}
                            </Badge>
                          )}
                          {t('rubrics.levelLine', { title: level.title, points: level.points })}
                          {level.description && (
                            <Text span size="xs" c="dimmed">
                              {' '}
                              — {level.description}
                            </Text>
                          )}
                        </Text>
                      );
                    })}
                  </Stack>
                </Table.Td>
                {assessment && (
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {chosen ? chosen.points : '—'}
                    </Text>
                    {chosen?.comment && (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {chosen.comment}
                      </Text>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
