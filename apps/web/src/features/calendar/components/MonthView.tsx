import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CalendarItem } from '../api/calendar';
import { dayKey, type MonthGrid } from '../month';
import { DueList } from './DueList';
import classes from './MonthView.module.css';

/** Titles shown inside a day on wide screens; the day's list below has all of them. */
const TITLES_IN_A_DAY = 3;

/**
 * A month as a table of weeks. Each day is a button (its name says the date and how much is
 * due); choosing one lists that day's work below the grid, which is how a narrow screen reads it.
 */
export function MonthView({
  grid,
  month,
  items,
  selected,
  onSelect,
}: {
  grid: MonthGrid;
  month: number;
  items: CalendarItem[];
  selected: string;
  onSelect: (day: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of items) {
    const key = dayKey(new Date(item.due_date));
    byDay.set(key, [...(byDay.get(key) ?? []), item]);
  }
  const today = dayKey(new Date());
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short' });
  const longWeekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'long' });
  const fullDate = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' });
  const firstWeek = grid.weeks[0] ?? [];
  const selectedDate = grid.weeks.flat().find((day) => dayKey(day) === selected);

  return (
    <Stack>
      <table className={classes.grid}>
        <thead>
          <tr>
            {firstWeek.map((day) => (
              <th key={day.getDay()} scope="col" abbr={longWeekday.format(day)}>
                {weekday.format(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.weeks.map((week) => (
            <tr key={dayKey(week[0] ?? grid.start)}>
              {week.map((day) => {
                const key = dayKey(day);
                const due = byDay.get(key) ?? [];
                const label = `${fullDate.format(day)}: ${t('calendar.dueCount', { count: due.length })}`;
                const className = [
                  classes.day,
                  day.getMonth() === month ? '' : classes.outside,
                  key === today ? classes.today : '',
                ].join(' ');
                return (
                  <td key={key}>
                    <button
                      type="button"
                      className={className}
                      aria-pressed={key === selected}
                      aria-label={label}
                      onClick={() => onSelect(key)}
                    >
                      <span className={classes.number}>{day.getDate()}</span>
                      {due.slice(0, TITLES_IN_A_DAY).map((item) => (
                        <span key={item.assignment_id} className={classes.title} aria-hidden="true">
                          {item.title}
                        </span>
                      ))}
                      {due.length > TITLES_IN_A_DAY && (
                        <span className={classes.title} aria-hidden="true">
                          {t('calendar.more', { count: due.length - TITLES_IN_A_DAY })}
                        </span>
                      )}
                      {due.length > 0 && (
                        <span className={classes.count} aria-hidden="true">
                          {due.length}
                        </span>
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby="calendar-day-heading">
        <Title order={3} size="h4" id="calendar-day-heading" mb="xs">
          {selectedDate ? fullDate.format(selectedDate) : ''}
        </Title>
        <DueList items={byDay.get(selected) ?? []} empty={t('calendar.nothingThatDay')} hideHeadings />
      </section>
    </Stack>
  );
}
