import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { useCalendar } from '../api/calendar';
import { DueList } from '../components/DueList';
import { FeedCard } from '../components/FeedCard';
import { MonthView } from '../components/MonthView';
import { dayKey, firstDayOfWeek, monthGrid } from '../month';

type View = 'month' | 'list';

/**
 * /calendar — every due date of the user's courses, a month at a time, as a grid or a list, in
 * the browser's time zone; and the private feed URL for calendar programs.
 */
export default function CalendarPage() {
  const { t, i18n } = useTranslation();
  const now = new Date();
  const [cursor, setCursor] = useState({ year: now.getFullYear(), month: now.getMonth() });
  const [view, setView] = useState<View>('month');
  const [selected, setSelected] = useState(dayKey(now));
  const grid = monthGrid(cursor.year, cursor.month, firstDayOfWeek(i18n.language));
  // The list shows the month itself; the grid also the days of its first and last weeks.
  const from = view === 'month' ? grid.start : new Date(cursor.year, cursor.month, 1);
  const to = view === 'month' ? grid.end : new Date(cursor.year, cursor.month + 1, 1);
  const calendar = useCalendar(from.toISOString(), new Date(to.getTime() - 1).toISOString());
  const monthName = new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long' }).format(
    new Date(cursor.year, cursor.month, 1),
  );
  const move = (by: number) => {
    const next = new Date(cursor.year, cursor.month + by, 1);
    setCursor({ year: next.getFullYear(), month: next.getMonth() });
    setSelected(dayKey(next));
  };
  const goToday = () => {
    setCursor({ year: now.getFullYear(), month: now.getMonth() });
    setSelected(dayKey(now));
  };

  return (
    <Stack>
      <Title order={2}>{t('calendar.title')}</Title>
      <Group justify="space-between" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => move(-1)}
            aria-label={t('calendar.previous')}
          >
            ‹
          </ActionIcon>
          <Text fw={700} size="lg" aria-live="polite" miw={150} ta="center" data-testid="calendar-month">
            {monthName}
          </Text>
          <ActionIcon variant="default" size="lg" onClick={() => move(1)} aria-label={t('calendar.next')}>
            ›
          </ActionIcon>
          <Button variant="subtle" size="compact-sm" onClick={goToday}>
            {t('calendar.today')}
          </Button>
        </Group>
        <SegmentedControl
          aria-label={t('calendar.view')}
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            { value: 'month', label: t('calendar.month') },
            { value: 'list', label: t('calendar.list') },
          ]}
        />
      </Group>
      <QueryState query={calendar}>
        {(data) =>
          view === 'month' ? (
            <MonthView
              grid={grid}
              month={cursor.month}
              items={data.items}
              selected={selected}
              onSelect={setSelected}
            />
          ) : (
            <DueList items={data.items} empty={t('calendar.nothingThisMonth')} />
          )
        }
      </QueryState>
      <FeedCard />
    </Stack>
  );
}
