import type { Gradebook } from '@faraday/contracts';
import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { ScrollTable } from '../../../components/ScrollTable';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { downloadGradesCsv, useGradebook } from '../api/grades';
import { GradeCategoriesDialog } from './GradeCategoriesDialog';
import { GradeCell } from './GradeCell';
import { GradeHistory, type HistoryTarget } from './GradeHistory';
import { GradeImportDialog } from './GradeImportDialog';

function categoriesOf(book: Gradebook) {
  return book.categories.map((c) => ({
    name: c.name,
    weight: c.weight,
    assignment_ids: book.assignments.filter((a) => a.category_id === c.id).map((a) => a.id),
  }));
}

/**
 * Students × assignments with totals and the course total. Staff type grades into cells, see a
 * cell's history, import a CSV (previewed first) and export one; the teacher sets the weights.
 */
export function GradesTab({
  courseId,
  courseCode,
  staff,
  canWeigh = false,
}: {
  courseId: string;
  courseCode: string;
  staff: boolean;
  canWeigh?: boolean;
}) {
  const { t } = useTranslation();
  const grades = useGradebook(courseId);
  const [dialog, setDialog] = useState<'import' | 'categories' | null>(null);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const exportCsv = async () => {
    try {
      await downloadGradesCsv(courseId, courseCode);
    } catch (error) {
      notify({ color: 'red', message: errorMessage(error, t) });
    }
  };
  return (
    <QueryState query={grades} isEmpty={(d) => d.students.length === 0} empty={t('grades.none')}>
      {(book) => {
        const categoryName = new Map(book.categories.map((c) => [c.id, `${c.name} · ${c.weight}`]));
        return (
          <>
            {staff && (
              <Group justify="flex-end" mb="sm">
                {canWeigh && (
                  <Button variant="default" onClick={() => setDialog('categories')}>
                    {t('gradebook.categories')}
                  </Button>
                )}
                <Button variant="default" onClick={() => setDialog('import')}>
                  {t('gradebook.import')}
                </Button>
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
                        {a.category_id && (
                          <Text size="xs" c="dimmed" fw={400}>
                            {categoryName.get(a.category_id)}
                          </Text>
                        )}
                      </Table.Th>
                    ))}
                    <Table.Th>{t('grades.total')}</Table.Th>
                    <Table.Th>{t('gradebook.courseTotal')}</Table.Th>
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
                        const column = book.assignments[i];
                        if (!column) return null;
                        return (
                          <Table.Td key={g.assignment_id}>
                            <GradeCell
                              courseId={courseId}
                              student={{ id: s.student_id, name: s.name }}
                              cell={g}
                              column={column}
                              staff={staff}
                              onHistory={() =>
                                setHistory({
                                  assignmentId: column.id,
                                  studentId: s.student_id,
                                  name: s.name,
                                  title: column.title,
                                })
                              }
                            />
                          </Table.Td>
                        );
                      })}
                      <Table.Td>
                        {s.total_score} / {s.max_total}
                      </Table.Td>
                      <Table.Td>{s.course_total === null ? '—' : `${s.course_total}%`}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            {dialog === 'import' && <GradeImportDialog courseId={courseId} onClose={() => setDialog(null)} />}
            {dialog === 'categories' && (
              <GradeCategoriesDialog
                courseId={courseId}
                assignments={book.assignments}
                initial={categoriesOf(book)}
                onClose={() => setDialog(null)}
              />
            )}
            {history && (
              <GradeHistory courseId={courseId} target={history} onClose={() => setHistory(null)} />
            )}
          </>
        );
      }}
    </QueryState>
  );
}
