/**
 * Month arithmetic of the calendar page, in the browser's time zone: the weeks a month grid
 * shows and the local day a due date falls on. Pure functions, so the grid is easy to test.
 */

export interface MonthGrid {
  /** The first day shown (a week start on or before the 1st), local midnight. */
  start: Date;
  /** The day after the last one shown, local midnight. */
  end: Date;
  /** Rows of seven local dates. */
  weeks: Date[][];
}

/** 0 = Sunday … 6 = Saturday: the week start of the locale where the browser knows it. */
type WeekInfoLocale = Intl.Locale & {
  getWeekInfo?: () => { firstDay: number };
  weekInfo?: { firstDay: number };
};

export function firstDayOfWeek(locale: string): number {
  try {
    const tag = new Intl.Locale(locale) as WeekInfoLocale;
    // weekInfo counts 1 = Monday … 7 = Sunday.
    const info = tag.getWeekInfo?.() ?? tag.weekInfo;
    if (info) return info.firstDay % 7;
  } catch {
    // An unknown locale tag: fall back below.
  }
  return locale.startsWith('en') ? 0 : 1;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export function monthGrid(year: number, month: number, weekStart: number): MonthGrid {
  const first = new Date(year, month, 1);
  const start = addDays(first, -((first.getDay() - weekStart + 7) % 7));
  const weeks: Date[][] = [];
  let day = start;
  while (weeks.length === 0 || day.getMonth() === month) {
    const week: Date[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return { start, end: day, weeks };
}

/** The local calendar day of an instant, as a key: 2026-11-29. */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
