import { Anchor, Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { ScrollTable } from '../../../components/ScrollTable';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { downloadGradesCsv, useGradebook } from '../api/grades';
import { LateCellFlags } from './LateCellFlags';

/** Students × assignments with totals; staff export it as CSV. */
export function GradesTab({
  courseId,
  courseCode,
  staff,
}: {
  courseId: string;
  courseCode: string;
  staff: boolean;
}) {
  const { t } = useTranslation();
  const grades = useGradebook(courseId);
  const exportCsv = async () => {
    try {
      await downloadGradesCsv(courseId, courseCode);
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
                    {s.grades.map((g, i) => {
                      const shown = g.score ?? (g.status === 'missing' ? '—' : t(`status.${g.status}`));
                      const title = book.assignments[i]?.title ?? '';
                      return (
                        <Table.Td key={g.assignment_id}>
                          <Group gap={4} wrap="nowrap">
                            <Tooltip label={t(`status.${g.status}`)}>
                              {staff && g.submission_id ? (
                                // A cell opens that student's work in the grading view.
                                <Anchor
                                  component={Link}
                                  size="sm"
                                  to={`/courses/${courseId}/assignments/${g.assignment_id}?submission=${g.submission_id}`}
                                  aria-label={`${shown} · ${t('grades.open', { name: s.name, title })}`}
                                >
                                  {shown}
                                </Anchor>
                              ) : (
                                <Text size="sm" c={g.status === 'missing' ? 'dimmed' : undefined}>
                                  {shown}
                                </Text>
                              )}
                            </Tooltip>
                            <LateCellFlags cell={g} />
                            {g.resubmitted_after_grading && (
                              <Badge size="xs" color="orange" variant="light">
                                {t('grades.newAttempt')}
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                      );
                    })}
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
