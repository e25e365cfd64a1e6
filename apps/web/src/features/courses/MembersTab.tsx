import { Alert, Button, Card, Group, List, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState';
import { ScrollTable } from '../../components/ScrollTable';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { courseKeys } from './keys';

export function MembersTab({ courseId, canManage }: { courseId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const members = useQuery({
    queryKey: courseKeys.members(courseId),
    queryFn: () => api.courses.members(courseId),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => api.courses.removeMember(courseId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) }),
    onError: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
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

function AddMembers({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [names, setNames] = useState('');
  const [role, setRole] = useState<'student' | 'assistant'>('student');
  const add = useMutation({
    mutationFn: () =>
      api.courses.addMembers(courseId, {
        usernames: names.split(/[\s,;]+/).filter(Boolean),
        role,
      }),
    onSuccess: () => {
      setNames('');
      void queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (names.trim()) add.mutate();
  };
  return (
    <Card withBorder component="form" onSubmit={submit}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('members.add')}
        </Title>
        <Group align="flex-end">
          <Textarea
            label={t('members.usernames')}
            description={t('members.usernamesHint')}
            value={names}
            onChange={(e) => setNames(e.currentTarget.value)}
            autosize
            minRows={1}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Select
            label={t('members.role')}
            value={role}
            onChange={(v) => setRole((v as 'student' | 'assistant') ?? 'student')}
            data={[
              { value: 'student', label: t('roles.student') },
              { value: 'assistant', label: t('roles.assistant') },
            ]}
            allowDeselect={false}
            w={150}
          />
          <Button type="submit" loading={add.isPending}>
            {t('members.addButton')}
          </Button>
        </Group>
        {add.isError && (
          <Alert color="red" role="alert">
            {errorMessage(add.error, t)}
          </Alert>
        )}
        {add.isSuccess && (
          <Alert color={add.data.failed_users.length ? 'yellow' : 'teal'} role="status">
            {t('members.added', { count: add.data.added_count })}
            {add.data.failed_users.length > 0 && (
              <List size="sm" mt={4}>
                {add.data.failed_users.map((f) => (
                  <List.Item key={f.user_id}>
                    {f.user_id}: {f.reason}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
