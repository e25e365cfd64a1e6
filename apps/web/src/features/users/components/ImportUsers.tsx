import { Alert, Button, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { useImportUsers } from '../api/users';

/** Accounts from CSV (pasted or from a file); each row's outcome, with any generated password. */
export function ImportUsers() {
  const { t } = useTranslation();
  const [csv, setCsv] = useState('username,name,email,role\n');
  const run = useImportUsers();
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
      <Button onClick={() => run.mutate(csv)} loading={run.isPending}>
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
