import {
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Pagination,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal';
import { QueryState } from '../../components/QueryState';
import { ScrollTable } from '../../components/ScrollTable';
import { api } from '../../lib/api';
import { errorMessage, fieldOf } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';

const PAGE_SIZE = 20;
const roles = ['admin', 'teacher', 'student'] as const;

export default function UsersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [creating, create] = useDisclosure(false);
  const [importing, importer] = useDisclosure(false);
  const users = useQuery({
    queryKey: ['users', page, debounced],
    queryFn: () => api.users.list({ page, limit: PAGE_SIZE, search: debounced || undefined }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });
  const onError = (error: unknown) => notify({ color: 'red', message: errorMessage(error, t) });
  const toggle = useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) => api.users.setDisabled(id, disabled),
    onSuccess: refresh,
    onError,
  });
  const setRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: string }) => api.users.update(id, { role }),
    onSuccess: refresh,
    onError,
  });
  const reset = useMutation({
    mutationFn: (id: string) => api.users.resetPassword(id),
    onSuccess: (result) =>
      notify({
        color: 'teal',
        autoClose: false,
        message: t('users.resetDone', { password: result.temporary_password }),
      }),
    onError,
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('users.title')}</Title>
        <Group>
          <Button variant="light" onClick={importer.open}>
            {t('users.import')}
          </Button>
          <Button onClick={create.open}>{t('users.create')}</Button>
        </Group>
      </Group>
      <TextInput
        label={t('users.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <QueryState query={users} isEmpty={(d) => d.users.length === 0}>
        {(data) => (
          <>
            <ScrollTable minWidth={720}>
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
                  {data.users.map((u) => (
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
                            <Menu.Item onClick={() => reset.mutate(u.id)}>
                              {t('users.resetPassword')}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('common.total', { count: data.total })}
              </Text>
              <Pagination
                total={Math.max(1, Math.ceil(data.total / PAGE_SIZE))}
                value={page}
                onChange={setPage}
                getItemProps={(n) => ({ 'aria-label': t('common.pageN', { n }) })}
                getControlProps={(control) => ({ 'aria-label': t(`common.page.${control}`) })}
              />
            </Group>
          </>
        )}
      </QueryState>
      <AppModal opened={creating} onClose={create.close} title={t('users.create')}>
        <CreateUser
          onDone={() => {
            create.close();
            void refresh();
          }}
        />
      </AppModal>
      <AppModal opened={importing} onClose={importer.close} title={t('users.import')} size="lg">
        <ImportUsers onDone={refresh} />
      </AppModal>
    </Stack>
  );
}

function CreateUser({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState({ username: '', name: '', email: '', password: '', role: 'student' });
  const save = useMutation({ mutationFn: () => api.users.create(f), onSuccess: onDone });
  const field = fieldOf(save.error, { WEAK_PASSWORD: 'password' });
  const errorFor = (name: string) => (field === name ? errorMessage(save.error, t) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.isError && !field && (
          <Alert color="red" role="alert">
            {errorMessage(save.error, t)}
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
        />
        <Button type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}

function ImportUsers({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [csv, setCsv] = useState('username,name,email,role\n');
  const run = useMutation({ mutationFn: () => api.users.importCsv(csv), onSuccess: onDone });
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('users.importHint')}
      </Text>
      <Textarea
        label={t('users.csv')}
        value={csv}
        onChange={(e) => setCsv(e.currentTarget.value)}
        autosize
        minRows={6}
        ff="monospace"
      />
      <input
        type="file"
        accept=".csv,text/csv"
        aria-label={t('users.csvFile')}
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          if (file) setCsv(await file.text());
        }}
      />
      <Button onClick={() => run.mutate()} loading={run.isPending}>
        {t('users.importButton')}
      </Button>
      {run.isError && (
        <Alert color="red" role="alert">
          {errorMessage(run.error, t)}
        </Alert>
      )}
      {run.isSuccess && (
        <Table data-testid="import-results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users.row')}</Table.Th>
              <Table.Th>{t('users.username')}</Table.Th>
              <Table.Th>{t('users.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.data.results.map((r) => (
              <Table.Tr key={r.row}>
                <Table.Td>{r.row}</Table.Td>
                <Table.Td>{r.username}</Table.Td>
                <Table.Td>
                  {r.status === 'created'
                    ? `${t('users.created')}${r.temporary_password ? ` · ${t('users.tempShown', { password: r.temporary_password })}` : ''}`
                    : `${t('users.failed')}: ${r.reason ?? ''}`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
