import { describe, expect, it } from 'vitest';
import { dayKey, firstDayOfWeek, monthGrid } from './month';

describe('month grid', () => {
  it('starts on the week start before the 1st and ends after the last week holding the month', () => {
    // February 2026 begins on a Sunday and ends on a Saturday.
    const sunday = monthGrid(2026, 1, 0);
    expect(sunday.weeks).toHaveLength(4);
    expect(dayKey(sunday.start)).toBe('2026-02-01');
    expect(dayKey(sunday.end)).toBe('2026-03-01');
    const monday = monthGrid(2026, 1, 1);
    expect(dayKey(monday.start)).toBe('2026-01-26');
    expect(monday.weeks).toHaveLength(5);
    expect(monday.weeks.every((week) => week.length === 7)).toBe(true);
    expect(dayKey(monday.weeks[4]?.[6] ?? monday.start)).toBe('2026-03-01');
  });

  it('knows the week start of a locale: Sunday in the United States, Monday in China', () => {
    expect(firstDayOfWeek('en-US')).toBe(0);
    expect(firstDayOfWeek('zh-CN')).toBe(1);
  });
});
