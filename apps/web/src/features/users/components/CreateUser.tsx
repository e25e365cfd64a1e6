import { Alert, Button, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldProblems } from '../../../lib/errors';
import { useCreateUser } from '../api/users';
import { roles } from '../utils/roles';

/** A new account with a temporary password (its owner must change it at the first sign-in). */
export function CreateUser({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState({ username: '', name: '', email: '', password: '', role: 'student' });
  const save = useCreateUser(onDone);
  const problems = fieldProblems(save.error, t, Object.keys(f), {
    WEAK_PASSWORD: 'password',
    USER_ALREADY_EXISTS: 'username',
  });
  const errorFor = (name: string) => problems.byField[name];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(f);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {problems.summary && (
          <Alert color="red" role="alert">
            {problems.summary}
          </Alert>
        )}
        <TextInput
          label={t('users.username')}
          value={f.username}
          onChange={(e) => setF({ ...f, username: e.currentTarget.value })}
          error={errorFor('username')}
          required
        />
        <TextInput
          label={t('users.name')}
          value={f.name}
          onChange={(e) => setF({ ...f, name: e.currentTarget.value })}
          error={errorFor('name')}
          required
        />
        <TextInput
          label={t('users.email')}
          value={f.email}
          onChange={(e) => setF({ ...f, email: e.currentTarget.value })}
          error={errorFor('email')}
        />
        <PasswordInput
          label={t('users.tempPassword')}
          value={f.password}
          onChange={(e) => setF({ ...f, password: e.currentTarget.value })}
          error={errorFor('password')}
          required
        />
        <Select
          label={t('users.role')}
          value={f.role}
          onChange={(v) => setF({ ...f, role: v ?? 'student' })}
          data={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          allowDeselect={false}
          error={errorFor('role')}
        />
        <Button type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
