import { Anchor, Button, Card, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { QueryState } from '../../../components/QueryState';
import { ScrollTable } from '../../../components/ScrollTable';
import { downloadFile } from '../../../lib/download';
import { errorMessage } from '../../../lib/errors';
import { formatBytes, formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { type Resource, useDeleteResource, useResources } from '../api/resources';
import { UploadResource } from './UploadResource';

/** The course's files by category and chapter, to download; staff upload and delete them. */
export function ResourcesTab({ courseId, staff }: { courseId: string; staff: boolean }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<Resource | null>(null);
  const list = useResources(courseId);
  const remove = useDeleteResource(courseId, {
    success: () => setDeleting(null),
    error: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
  const download = async (r: Resource) => {
    try {
      await downloadFile(r.download_url, r.file_name);
    } catch (error) {
      notify({ color: 'red', message: errorMessage(error, t) });
    }
  };
  return (
    <Stack>
      {staff && list.data && <UploadResource courseId={courseId} maxBytes={list.data.max_upload_bytes} />}
      <QueryState query={list} isEmpty={(d) => d.resources.length === 0} empty={t('resources.none')}>
        {(data) =>
          data.categories.map((category) => {
            const items = data.resources
              .filter((r) => r.category === category.key)
              .sort((a, b) => (a.chapter ?? 0) - (b.chapter ?? 0));
            if (items.length === 0) return null;
            return (
              <Card withBorder key={category.key}>
                <Title order={3} size="h5" mb="xs">
                  {t(`resources.categories.${category.key}`)}
                </Title>
                <ScrollTable minWidth={520}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('resources.chapter')}</Table.Th>
                        <Table.Th>{t('resources.name')}</Table.Th>
                        <Table.Th>{t('resources.size')}</Table.Th>
                        <Table.Th>{t('resources.uploaded')}</Table.Th>
                        {staff && <Table.Th>{t('common.actions')}</Table.Th>}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {items.map((r) => (
                        <Table.Tr key={r.id}>
                          <Table.Td>{r.chapter ?? '—'}</Table.Td>
                          <Table.Td>
                            <Anchor component="button" type="button" onClick={() => download(r)}>
                              {r.name}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>{formatBytes(r.size)}</Table.Td>
                          <Table.Td>{formatDate(r.uploaded_at)}</Table.Td>
                          {staff && (
                            <Table.Td>
                              <Button
                                size="xs"
                                color="red"
                                variant="subtle"
                                onClick={() => setDeleting(r)}
                                aria-label={t('resources.deleteNamed', { name: r.name })}
                              >
                                {t('common.delete')}
                              </Button>
                            </Table.Td>
                          )}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollTable>
              </Card>
            );
          })
        }
      </QueryState>
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('resources.deleteTitle')}
        question={t('resources.deleteConfirm', { name: deleting?.name ?? '' })}
        deleting={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}
