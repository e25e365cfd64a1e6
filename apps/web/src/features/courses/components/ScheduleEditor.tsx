import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScheduleRow } from '../api/courses';

/** The course schedule as rows of week, topic and content; rows are added and removed in place. */
export function ScheduleEditor({
  rows,
  onChange,
}: {
  rows: ScheduleRow[];
  onChange: (rows: ScheduleRow[]) => void;
}) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<ScheduleRow>) =>
    onChange(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('course.schedule')}
      </Text>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
        <Group key={i} align="flex-end" wrap="nowrap">
          <NumberInput
            label={t('course.weekLabel')}
            value={row.week}
            onChange={(v) => set(i, { week: Number(v) || 1 })}
            min={1}
            max={60}
            w={90}
          />
          <TextInput
            label={t('course.topic')}
            value={row.topic}
            onChange={(e) => set(i, { topic: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <TextInput
            label={t('course.content')}
            value={row.content}
            onChange={(e) => set(i, { content: e.currentTarget.value })}
            style={{ flex: 2 }}
          />
          <Button
            variant="subtle"
            color="red"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
            aria-label={t('course.removeWeek', { n: row.week })}
          >
            {t('common.remove')}
          </Button>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        onClick={() => onChange([...rows, { week: (rows.at(-1)?.week ?? 0) + 1, topic: '', content: '' }])}
      >
        {t('course.addWeek')}
      </Button>
    </Stack>
  );
}
