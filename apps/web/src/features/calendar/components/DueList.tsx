import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CalendarItem } from '../api/calendar';
import { dayKey } from '../month';
import { DueItem } from './DueItem';

/** Due dates grouped by local day, each day under its heading; `empty` when there are none. */
export function DueList({
  items,
  empty,
  hideHeadings = false,
}: {
  items: CalendarItem[];
  empty: string;
  /** One day's list under a heading of its own. */
  hideHeadings?: boolean;
}) {
  const { i18n } = useTranslation();
  const days = new Map<string, CalendarItem[]>();
  for (const item of items) {
    const key = dayKey(new Date(item.due_date));
    days.set(key, [...(days.get(key) ?? []), item]);
  }
  if (days.size === 0) {
    return (
      <Text c="dimmed" py="md">
        {empty}
      </Text>
    );
  }
  const heading = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' });
  return (
    <Stack gap="md">
      {[...days.values()].map((group) => (
        <Stack key={dayKey(new Date(group[0]?.due_date ?? ''))} gap="xs">
          {!hideHeadings && (
            <Title order={3} size="h5">
              {heading.format(new Date(group[0]?.due_date ?? ''))}
            </Title>
          )}
          {group.map((item) => (
            <DueItem key={item.assignment_id} item={item} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
