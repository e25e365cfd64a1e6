import { resourceCategories } from '@faraday/contracts';
import { Alert, Button, Group, NumberInput, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { FileDrop } from '../../../components/FileDrop';
import { errorMessage } from '../../../lib/errors';
import { formatBytes } from '../../../lib/format';
import { useUploadResource } from '../api/resources';

/** Upload form; `maxBytes` is the server's limit, so a larger file is refused before sending. */
export function UploadResource({ courseId, maxBytes }: { courseId: string; maxBytes: number }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [files, setFiles] = useState<File[]>([]);
  const [name, setName] = useState('');
  const [category, setCategory] = useState<string>('lecture');
  const [chapter, setChapter] = useState<number | string>('');
  const [progress, setProgress] = useState(0);
  const file = files[0];
  const tooLarge = file !== undefined && file.size > maxBytes;
  const upload = useUploadResource(courseId, {
    progress: setProgress,
    success: () => {
      setFiles([]);
      setName('');
      setProgress(0);
      close();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file && !tooLarge)
      upload.mutate({
        file,
        fields: { name: name || file.name, category, chapter: chapter === '' ? '' : String(chapter) },
      });
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
