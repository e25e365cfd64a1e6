import { Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { ScrollTable } from '../../../components/ScrollTable';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { downloadGradesCsv, useGradebook } from '../api/grades';

/** Students × assignments with totals; staff export it as CSV. */
export function GradesTab({ courseId, staff }: { courseId: string; staff: boolean }) {
  const { t } = useTranslation();
  const grades = useGradebook(courseId);
  const exportCsv = async () => {
    try {
      await downloadGradesCsv(courseId);
    } catch (error) {
      notify({ color: 'red', message: errorMessage(error, t) });
    }
  };
  return (
    <QueryState query={grades} isEmpty={(d) => d.students.length === 0} empty={t('grades.none')}>
      {(book) => (
        <>
          {staff && (
            <Group justify="flex-end" mb="sm">
              <Button variant="light" onClick={exportCsv}>
                {t('grades.export')}
              </Button>
            </Group>
          )}
          <ScrollTable minWidth={480}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('grades.student')}</Table.Th>
                  {book.assignments.map((a) => (
                    <Table.Th key={a.id}>
                      {a.title}{' '}
                      <Text span size="xs" c="dimmed">
                        /{a.max_score}
                      </Text>
                    </Table.Th>
                  ))}
                  <Table.Th>{t('grades.total')}</Table.Th>
                  <Table.Th>%</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {book.students.map((s) => (
                  <Table.Tr key={s.student_id}>
                    <Table.Td>
                      {s.name}
                      {!s.enrolled && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          ({t('grades.left')})
                        </Text>
                      )}
                    </Table.Td>
                    {s.grades.map((g) => (
                      <Table.Td key={g.assignment_id}>
                        <Tooltip label={t(`status.${g.status}`)}>
                          <Text size="sm" c={g.status === 'missing' ? 'dimmed' : undefined}>
                            {g.score ?? (g.status === 'missing' ? '—' : t(`status.${g.status}`))}
                          </Text>
                        </Tooltip>
                      </Table.Td>
                    ))}
                    <Table.Td>
                      {s.total_score} / {s.max_total}
                    </Table.Td>
                    <Table.Td>{s.percentage ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
    </QueryState>
  );
}
