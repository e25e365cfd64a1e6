import { Badge, Button, Menu, Select, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { type User, useResetPassword, useSetDisabled, useSetRole } from '../api/users';
import { roles } from '../utils/roles';

/** One page of accounts: the role is changed in place, the rest from each row's actions menu. */
export function UsersTable({ users }: { users: User[] }) {
  const { t } = useTranslation();
  const onError = (error: unknown) => notify({ color: 'red', message: errorMessage(error, t) });
  const toggle = useSetDisabled(onError);
  const setRole = useSetRole(onError);
  const reset = useResetPassword({
    success: (password) =>
      notify({ color: 'teal', autoClose: false, message: t('users.resetDone', { password }) }),
    error: onError,
  });
  return (
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
                onChange={(role) => role && role !== u.role && setRole.mutate({ id: u.id, role })}
              />
            </Table.Td>
            <Table.Td>
              {u.disabled ? (
                <Badge color="gray">{t('users.disabled')}</Badge>
              ) : (
                <Badge color="teal">{t('users.enabled')}</Badge>
              )}
              {u.must_change_password && (
                <Badge color="yellow" ml={4}>
                  {t('users.mustChange')}
                </Badge>
              )}
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
                  <Menu.Item onClick={() => toggle.mutate({ id: u.id, disabled: !u.disabled })}>
                    {u.disabled ? t('users.enable') : t('users.disable')}
                  </Menu.Item>
                  <Menu.Item onClick={() => reset.mutate(u.id)}>{t('users.resetPassword')}</Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
