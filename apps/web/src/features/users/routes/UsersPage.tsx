import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { PagedTable } from '../../../components/PagedTable';
import { QueryState } from '../../../components/QueryState';
import { useUsers } from '../api/users';
import { CreateUser } from '../components/CreateUser';
import { ImportUsers } from '../components/ImportUsers';
import { UsersTable } from '../components/UsersTable';

const PAGE_SIZE = 20;

/** /users (admins) — the accounts, searched and paged; create one, import many from CSV. */
export default function UsersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [creating, create] = useDisclosure(false);
  const [importing, importer] = useDisclosure(false);
  const users = useUsers(page, PAGE_SIZE, debounced);
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
          <PagedTable minWidth={720} total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage}>
            <UsersTable users={data.users} />
          </PagedTable>
        )}
      </QueryState>
      <AppModal opened={creating} onClose={create.close} title={t('users.create')}>
        <CreateUser onDone={create.close} />
      </AppModal>
      <AppModal opened={importing} onClose={importer.close} title={t('users.import')} size="lg">
        <ImportUsers />
      </AppModal>
    </Stack>
  );
}
