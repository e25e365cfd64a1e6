import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/StatusBadge';
import type { CalendarItem } from '../api/calendar';

const timeOf = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(iso));

/** One due date: the assignment (a link), its course and time, and the state that matters to the reader. */
export function DueItem({ item }: { item: CalendarItem }) {
  const { t, i18n } = useTranslation();
  const staffNote = item.assignment_status === 'published' ? null : item.assignment_status;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="due-item">
      <Stack gap={0} miw={0}>
        <Anchor
          component={Link}
          to={`/courses/${item.course_id}/assignments/${item.assignment_id}`}
          lineClamp={2}
        >
          {item.title}
        </Anchor>
        <Text size="xs" c="dimmed" truncate>
          {t('calendar.dueAt', { time: timeOf(item.due_date, i18n.language) })} · {item.course_code}{' '}
          {item.course_name}
        </Text>
      </Stack>
      {item.status ? (
        <StatusBadge status={item.status} />
      ) : staffNote ? (
        <StatusBadge status={staffNote} />
      ) : (
        <Badge variant="outline" color="gray">
          {t(`roles.${item.role}`)}
        </Badge>
      )}
    </Group>
  );
}
