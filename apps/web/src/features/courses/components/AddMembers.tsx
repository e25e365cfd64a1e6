import { Alert, Button, Card, Group, List, Select, Stack, Textarea, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { useAddMembers } from '../api/members';

/** Adds members by username (what a teacher knows), as students or assistants. */
export function AddMembers({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const [names, setNames] = useState('');
  const [role, setRole] = useState<'student' | 'assistant'>('student');
  const add = useAddMembers(courseId, () => setNames(''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (names.trim()) add.mutate({ usernames: names.split(/[\s,;]+/).filter(Boolean), role });
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
