import { Alert, Button, Stack, Table, Text, Textarea } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeIssue, errorMessage } from '../../../lib/errors';
import { parseIssues } from '../../../lib/validation-issues';
import { useImportUsers } from '../api/users';

/**
 * Accounts from CSV (pasted or from a file); each row's outcome, with any generated password.
 * The server imports a file whole or not at all, so a refused file is fixed and sent again.
 */
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
      {run.isSuccess && run.data.failed_count > 0 && (
        <Alert color="orange" role="alert">
          {t('users.importRefused')}
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
                    : r.status === 'not_imported'
                      ? t('users.notImported')
                      : t('users.failedBecause', { why: rowProblems(r.reason, t) })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** "role: Invalid option: …; password: too weak, …" → each field's problem in the reader's language. */
function rowProblems(reason: string | undefined, t: TFunction): string {
  const issues = parseIssues(reason);
  if (issues.length === 0) return reason ?? '';
  return issues.map((issue) => describeIssue(issue, t, true)).join('; ');
}
