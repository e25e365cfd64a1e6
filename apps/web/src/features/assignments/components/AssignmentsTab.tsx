import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormModal } from '../../../components/FormModal';
import { QueryState } from '../../../components/QueryState';
import { ScrollTable } from '../../../components/ScrollTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { errorMessage } from '../../../lib/errors';
import { formatDate, relativeDue } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { type AssignmentRow, useAssignments, useSetAssignmentStatus } from '../api/assignments';
import { AssignmentForm } from './AssignmentForm';

/** The course's assignments with when each is due; staff create, edit, publish, close and reopen them. */
export function AssignmentsTab({ courseId, staff }: { courseId: string; staff: boolean }) {
  const { t } = useTranslation();
  const [creating, create] = useDisclosure(false);
  const [editing, setEditing] = useState<AssignmentRow | null>(null);
  const list = useAssignments(courseId);
  const move = useSetAssignmentStatus(courseId, (error) =>
    notify({ color: 'red', message: errorMessage(error, t) }),
  );
  return (
    <Stack>
      {staff && (
        <Group justify="flex-end">
          <Button onClick={create.open}>{t('assignments.create')}</Button>
        </Group>
      )}
      <QueryState query={list} isEmpty={(d) => d.assignments.length === 0} empty={t('assignments.none')}>
        {(data) => (
          <ScrollTable minWidth={staff ? 720 : 480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('assignments.title')}</Table.Th>
                  <Table.Th>{t('assignments.due')}</Table.Th>
                  <Table.Th>{t('assignments.maxScore')}</Table.Th>
                  <Table.Th>{staff ? t('courses.status') : t('assignments.myStatus')}</Table.Th>
                  {staff && <Table.Th>{t('assignments.submitted')}</Table.Th>}
                  {staff && <Table.Th>{t('common.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.assignments.map((a) => {
                  const due = relativeDue(a.due_date);
                  return (
                    <Table.Tr key={a.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/courses/${courseId}/assignments/${a.id}`}>
                          {a.title}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={due.overdue ? 'red.9' : undefined} title={formatDate(a.due_date)}>
                          {due.overdue
                            ? t('assignments.overdue', { when: due.text })
                            : t('assignments.dueIn', { when: due.text })}
                        </Text>
                      </Table.Td>
                      <Table.Td>{a.max_score}</Table.Td>
                      <Table.Td>
                        {/* A student is told where they stand, not that the assignment is published. */}
                        <StatusBadge status={staff ? a.status : (a.my_status ?? a.status)} />
                      </Table.Td>
                      {staff && <Table.Td>{a.submission_count}</Table.Td>}
                      {staff && (
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => setEditing(a)}
                            aria-label={t('assignments.editNamed', { title: a.title })}
                          >
                            {t('common.edit')}
                          </Button>
                          {a.status === 'draft' && (
                            <Button
                              size="xs"
                              variant="light"
                              onClick={() => move.mutate({ id: a.id, status: 'published' })}
                            >
                              {t('assignments.publish')}
                            </Button>
                          )}
                          {a.status === 'published' && (
                            <Button
                              size="xs"
                              variant="subtle"
                              onClick={() => move.mutate({ id: a.id, status: 'closed' })}
                            >
                              {t('assignments.close')}
                            </Button>
                          )}
                          {a.status === 'closed' && (
                            <Button
                              size="xs"
                              variant="subtle"
                              onClick={() => move.mutate({ id: a.id, status: 'published' })}
                            >
                              {t('assignments.reopen')}
                            </Button>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryState>
      <FormModal opened={creating} onClose={create.close} title={t('assignments.create')} size="lg">
        <AssignmentForm courseId={courseId} onDone={create.close} />
      </FormModal>
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('assignments.edit')}
        size="lg"
      >
        {editing && (
          <AssignmentForm courseId={courseId} assignment={editing} onDone={() => setEditing(null)} />
        )}
      </FormModal>
    </Stack>
  );
}
