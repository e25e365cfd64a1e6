import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../lib/format';

/** Files by drag and drop or by the file picker, with the limits shown before anything is sent. */
export function FileDrop({
  files,
  onChange,
  maxFiles,
  label,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  maxFiles: number;
  label: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const add = (list: FileList | null) => {
    if (!list) return;
    onChange([...files, ...Array.from(list)].slice(0, maxFiles));
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    add(event.dataTransfer.files);
  };
  return (
    <Paper
      withBorder
      p="md"
      style={{ borderStyle: 'dashed', background: over ? 'var(--mantine-color-indigo-0)' : undefined }}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="file-drop"
    >
      <Stack gap="xs">
        <Group>
          <Button variant="light" size="xs" onClick={() => input.current?.click()}>
            {label}
          </Button>
          <Text size="sm" c="dimmed">
            {t('files.dropHint', { count: maxFiles })}
          </Text>
        </Group>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label={label}
          onChange={(e) => {
            add(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
        {files.map((file, i) => (
          <Group key={`${file.name}-${file.size}-${file.lastModified}`} justify="space-between">
            <Text size="sm">
              {file.name} ({formatBytes(file.size)})
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => onChange(files.filter((_, j) => j !== i))}
              aria-label={t('files.removeNamed', { name: file.name })}
            >
              {t('common.remove')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
