import { resourceCategories } from '@faraday/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal';
import { FileDrop } from '../../components/FileDrop';
import { QueryState } from '../../components/QueryState';
import { ScrollTable } from '../../components/ScrollTable';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatBytes, formatDate, saveFile } from '../../lib/format';
import { notify } from '../../lib/notify';
import { courseKeys } from '../courses/keys';

type Resource = Awaited<ReturnType<typeof api.resources.list>>['resources'][number];

export function ResourcesTab({ courseId, staff }: { courseId: string; staff: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Resource | null>(null);
  const list = useQuery({
    queryKey: courseKeys.resources(courseId),
    queryFn: () => api.resources.list(courseId),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.resources.remove(id),
    onSuccess: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: courseKeys.resources(courseId) });
    },
    onError: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
  const download = async (r: Resource) => {
    try {
      saveFile(await api.resources.download(r.download_url), r.file_name);
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
      <AppModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('resources.deleteTitle')}
      >
        <Stack>
          <Text>{t('resources.deleteConfirm', { name: deleting?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting.id)}
            >
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}

/** Upload form; `maxBytes` is the server's limit, so a larger file is refused before sending. */
function UploadResource({ courseId, maxBytes }: { courseId: string; maxBytes: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure(false);
  const [files, setFiles] = useState<File[]>([]);
  const [name, setName] = useState('');
  const [category, setCategory] = useState<string>('lecture');
  const [chapter, setChapter] = useState<number | string>('');
  const [progress, setProgress] = useState(0);
  const file = files[0];
  const tooLarge = file !== undefined && file.size > maxBytes;
  const upload = useMutation({
    mutationFn: () =>
      api.resources.upload(
        courseId,
        { name: name || file!.name, category, chapter: chapter === '' ? '' : String(chapter) },
        file!,
        setProgress,
      ),
    onSuccess: () => {
      setFiles([]);
      setName('');
      setProgress(0);
      close();
      void queryClient.invalidateQueries({ queryKey: courseKeys.resources(courseId) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file && !tooLarge) upload.mutate();
  };
  return (
    <>
      <Group justify="flex-end">
        <Button onClick={open}>{t('resources.upload')}</Button>
      </Group>
      <AppModal opened={opened} onClose={close} title={t('resources.upload')} size="lg">
        <form onSubmit={submit}>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('resources.limit', { size: formatBytes(maxBytes) })}
            </Text>
            {upload.isError && (
              <Alert color="red" role="alert">
                {errorMessage(upload.error, t)}
              </Alert>
            )}
            <FileDrop
              files={files}
              onChange={(f) => setFiles(f.slice(-1))}
              maxFiles={1}
              label={t('files.chooseOne')}
            />
            {tooLarge && (
              <Text c="red" size="sm" role="alert">
                {t('resources.tooLarge')}
              </Text>
            )}
            <TextInput
              label={t('resources.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              placeholder={file?.name}
            />
            <Group grow>
              <Select
                label={t('resources.category')}
                value={category}
                onChange={(v) => setCategory(v ?? 'lecture')}
                data={resourceCategories.map((c) => ({ value: c, label: t(`resources.categories.${c}`) }))}
                allowDeselect={false}
              />
              <NumberInput label={t('resources.chapter')} value={chapter} onChange={setChapter} min={1} />
            </Group>
            {upload.isPending && (
              <Progress value={progress * 100} aria-label={t('files.uploading')} animated />
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={upload.isPending} disabled={!file || tooLarge}>
                {t('resources.uploadButton')}
              </Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </>
  );
}
