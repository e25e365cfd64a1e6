import { Button, Menu, Select, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { type User, useResetPassword, useSetDisabled, useSetRole, useUnlock } from '../api/users';
import { roles } from '../utils/roles';
import { ConfirmAction, type PendingAction } from './ConfirmAction';
import { UserState } from './UserState';

/**
 * One page of accounts: the role is chosen in place, the rest from each row's actions menu.
 * Changes that sign someone out (a new role, disabling) are confirmed first.
 */
export function UsersTable({ users, now = Date.now() }: { users: User[]; now?: number }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const close = () => setPending(null);
  const onError = (error: unknown) => {
    close();
    notify({ color: 'red', message: errorMessage(error, t) });
  };
  const toggle = useSetDisabled(onError, close);
  const setRole = useSetRole(onError, close);
  const unlock = useUnlock(onError, (user) =>
    notify({ color: 'teal', message: t('users.unlocked', { name: user.username }) }),
  );
  const askRole = (u: User, role: string) =>
    setPending({
      title: t('users.confirmRoleTitle'),
      question: t('users.confirmRole', {
        name: u.username,
        from: t(`roles.${u.role}`),
        to: t(`roles.${role}`),
      }),
      confirm: t('users.confirmRoleButton'),
      run: () => setRole.mutate({ id: u.id, role }),
    });
  const askDisable = (u: User) =>
    setPending({
      title: t('users.confirmDisableTitle'),
      question: t('users.confirmDisable', { name: u.username }),
      confirm: t('users.disable'),
      color: 'red',
      run: () => toggle.mutate({ id: u.id, disabled: true }),
    });
  const reset = useResetPassword({
    success: (password) =>
      notify({ color: 'teal', autoClose: false, message: t('users.resetDone', { password }) }),
    error: onError,
  });
  return (
    <>
      <ConfirmAction action={pending} busy={toggle.isPending || setRole.isPending} onClose={close} />
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.username')}</Table.Th>
            <Table.Th>{t('users.name')}</Table.Th>
            <Table.Th>{t('users.role')}</Table.Th>
            <Table.Th>{t('users.state')}</Table.Th>
            <Table.Th>{t('users.lastLogin')}</Table.Th>
            <Table.Th>{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>{u.username}</Table.Td>
              <Table.Td>{u.name}</Table.Td>
              <Table.Td>
                <Select
                  aria-label={t('users.roleOf', { name: u.username })}
                  size="xs"
                  w={120}
                  value={u.role}
                  allowDeselect={false}
                  data={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                  onChange={(role) => role && role !== u.role && askRole(u, role)}
                />
              </Table.Td>
              <Table.Td>
                <UserState user={u} now={now} />
              </Table.Td>
              <Table.Td>{formatDate(u.last_login)}</Table.Td>
              <Table.Td>
                <Menu>
                  <Menu.Target>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('users.actionsFor', { name: u.username })}
                    >
                      {t('common.actions')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      onClick={() =>
                        u.disabled ? toggle.mutate({ id: u.id, disabled: false }) : askDisable(u)
                      }
                    >
                      {u.disabled ? t('users.enable') : t('users.disable')}
                    </Menu.Item>
                    {u.locked_until && new Date(u.locked_until).getTime() > now && (
                      <Menu.Item onClick={() => unlock.mutate(u)}>{t('users.unlock')}</Menu.Item>
                    )}
                    <Menu.Item onClick={() => reset.mutate(u.id)}>{t('users.resetPassword')}</Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
