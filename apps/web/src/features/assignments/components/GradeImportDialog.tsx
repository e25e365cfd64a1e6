import type { GradeImportPreview } from '@faraday/contracts';
import { Alert, Button, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { ScrollTable } from '../../../components/ScrollTable';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useApplyGradeImport, usePreviewGradeImport } from '../api/grades';

function PreviewTables({ preview }: { preview: GradeImportPreview }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {preview.errors.length > 0 && (
        <>
          <Text fw={600} c="red.8">
            {t('gradebook.problems')}
          </Text>
          <ScrollTable minWidth={420}>
            <Table withTableBorder aria-label={t('gradebook.problems')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('gradebook.row')}</Table.Th>
                  <Table.Th>{t('gradebook.username')}</Table.Th>
                  <Table.Th>{t('gradebook.column')}</Table.Th>
                  <Table.Th>{t('gradebook.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.errors.map((e) => (
                  <Table.Tr key={`${e.row}/${e.column}`}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>{e.username}</Table.Td>
                    <Table.Td>{e.column ?? '—'}</Table.Td>
                    <Table.Td>{t(`gradebook.problem_${e.problem}`, { value: e.value })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
      {preview.changes.length === 0 ? (
        <Text size="sm">{t('gradebook.noChanges')}</Text>
      ) : (
        <ScrollTable minWidth={420}>
          <Table withTableBorder striped aria-label={t('gradebook.changes')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('gradebook.row')}</Table.Th>
                <Table.Th>{t('grades.student')}</Table.Th>
                <Table.Th>{t('gradebook.assignment')}</Table.Th>
                <Table.Th>{t('gradebook.from')}</Table.Th>
                <Table.Th>{t('gradebook.to')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.changes.map((c) => (
                <Table.Tr key={`${c.row}/${c.assignment_id}`}>
                  <Table.Td>{c.row}</Table.Td>
                  <Table.Td>{c.student_name}</Table.Td>
                  <Table.Td>{c.assignment_title}</Table.Td>
                  <Table.Td>{c.old_score ?? '—'}</Table.Td>
                  <Table.Td>{c.new_score}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Text size="sm" c="dimmed">
        {t('gradebook.unchanged', { count: preview.unchanged_count })}
        {preview.ignored_columns.length > 0 &&
          ` · ${t('gradebook.ignored', { columns: preview.ignored_columns.join(', ') })}`}
      </Text>
    </Stack>
  );
}

/** Grades from a CSV file: previewed (nothing written), then applied exactly as previewed. */
export function GradeImportDialog({ courseId, onClose }: { courseId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [csv, setCsv] = useState<string | null>(null);
  const preview = usePreviewGradeImport(courseId);
  const apply = useApplyGradeImport(courseId);
  const failed = (error: unknown) => notify({ color: 'red', message: errorMessage(error, t) });
  const choose = async (file: File | null) => {
    preview.reset();
    const text = file ? await file.text() : null;
    setCsv(text);
    if (text) preview.mutate(text, { onError: failed });
  };
  const judged = preview.data;
  const applicable = judged && judged.errors.length === 0 && judged.changes.length > 0;
  return (
    <AppModal opened onClose={onClose} title={t('gradebook.importTitle')} size="xl">
      <Stack>
        <Alert color="blue" variant="light">
          {t('gradebook.importHint')}
        </Alert>
        <FileInput label={t('gradebook.file')} accept=".csv,text/csv" onChange={choose} />
        {judged && <PreviewTables preview={judged} />}
        <Group justify="flex-end">
          <Button
            disabled={!applicable || !csv}
            loading={apply.isPending || preview.isPending}
            onClick={() =>
              csv &&
              judged &&
              apply.mutate(
                { csv, fingerprint: judged.fingerprint },
                {
                  onSuccess: (result) => {
                    notify({
                      color: 'green',
                      message: t('gradebook.applied', { count: result.applied_count }),
                    });
                    onClose();
                  },
                  onError: failed,
                },
              )
            }
          >
            {t('gradebook.apply', { count: judged?.changes.length ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
