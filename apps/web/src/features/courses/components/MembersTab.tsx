import { Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { ScrollTable } from '../../../components/ScrollTable';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useMembers, useRemoveMember } from '../api/members';
import { AddMembers } from './AddMembers';

/** The course's teacher, assistants and students; its managers add and remove members. */
export function MembersTab({ courseId, canManage }: { courseId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const members = useMembers(courseId);
  const remove = useRemoveMember(courseId, (error) =>
    notify({ color: 'red', message: errorMessage(error, t) }),
  );
  return (
    <Stack>
      {canManage && <AddMembers courseId={courseId} />}
      <QueryState query={members}>
        {(data) => (
          <Stack>
            <Text size="sm">
              {t('members.teacher')}: <b>{data.teacher.name}</b>{' '}
              {data.teacher.email && `(${data.teacher.email})`}
            </Text>
            {(['assistants', 'students'] as const).map((group) => (
              <Card withBorder key={group}>
                <Title order={3} size="h5" mb="xs">
                  {t(`members.${group}`)} ({data[group].length})
                </Title>
                {data[group].length === 0 ? (
                  <Text c="dimmed" size="sm">
                    {t('common.empty')}
                  </Text>
                ) : (
                  <ScrollTable minWidth={480}>
                    <Table>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('members.name')}</Table.Th>
                          <Table.Th>{t('members.email')}</Table.Th>
                          {group === 'students' && <Table.Th>{t('members.joined')}</Table.Th>}
                          {canManage && <Table.Th>{t('common.actions')}</Table.Th>}
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data[group].map((m) => (
                          <Table.Tr key={m.id}>
                            <Table.Td>{m.name}</Table.Td>
                            <Table.Td>{m.email || '—'}</Table.Td>
                            {group === 'students' && <Table.Td>{formatDate(m.joined_at)}</Table.Td>}
                            {canManage && (
                              <Table.Td>
                                <Button
                                  size="xs"
                                  color="red"
                                  variant="subtle"
                                  onClick={() => remove.mutate(m.id)}
                                  aria-label={t('members.removeNamed', { name: m.name })}
                                >
                                  {t('members.remove')}
                                </Button>
                              </Table.Td>
                            )}
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </ScrollTable>
                )}
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
