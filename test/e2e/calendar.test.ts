import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/** The browser contexts run in Asia/Shanghai (UTC+8): days below are that zone's. */
const ZONE_HOURS = 8;
const shanghaiNow = new Date(Date.now() + ZONE_HOURS * 3_600_000);
const year = shanghaiNow.getUTCFullYear();
const month = shanghaiNow.getUTCMonth();
/** An instant at a Shanghai wall-clock time of this month (`add` months later). */
const at = (day: number, hour: number, minute = 0, add = 0) =>
  new Date(Date.UTC(year, month + add, day, hour - ZONE_HOURS, minute)).toISOString();
const monthLabel = (lang: string, add = 0) =>
  new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month + add, 1)),
  );
const dayLabel = (lang: string, day: number) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month, day)),
  );

/**
 * The calendar in a real browser: a student's due dates across courses by month (grid and list)
 * in their time zone, their own state beside each, the private feed link made, copied, rotated
 * and turned off; the teacher's drafts; Chinese and a 375 px phone.
 */
describeWith(['chromium'], 'calendar and feed, end to end', ({ chromium }) => {
  const web = browserPlatform(chromium);
  const { a11y, check } = web;

  beforeAll(async () => {
    const teacher = await web.api('teacher', 'teacher123');
    const course = await teacher.courses.create({
      name: 'Wave Optics',
      code: 'WO-301',
      semester: '2026-2027-1',
    });
    await teacher.courses.addMembers(course.id, { usernames: ['student'], role: 'student' });
    const make = async (title: string, due_date: string, publish = true) => {
      const { id } = await teacher.assignments.create(course.id, { title, due_date, max_score: 10 });
      if (publish) await teacher.assignments.update(course.id, id, { status: 'published' });
      return id;
    };
    await make("Gauss's law", at(10, 12));
    // 17:30 UTC on the 15th is 01:30 on the 16th in Shanghai: the grid shows the reader's day.
    await make('Poynting vector', at(16, 1, 30));
    await make('Draft: thin lenses', at(20, 9), false);
    const snell = await make("Snell's law", at(5, 12, 0, 1));
    const student = await web.api('student', 'student123');
    await student.assignments.submit(course.id, snell, 'n1 sin θ1 = n2 sin θ2');
  }, 120_000);

  const dayButton = (page: Page, lang: string, day: number) =>
    page.getByRole('button', { name: new RegExp(`^${dayLabel(lang, day)}: `) });
  const chooseView = (page: Page, name: string) =>
    page.locator('.mantine-SegmentedControl-label', { hasText: name }).click();
  const fetchFeed = (url: string) => fetch(new URL(new URL(url).pathname, web.platform.baseUrl));

  it("shows a student's month by their own days, a day's work, the list, and the next month", async () => {
    const page = await web.signedInPage('student', 'student123');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Calendar' })
      .click();
    await page.getByTestId('calendar-month').getByText(monthLabel('en-US')).waitFor();
    expect(await dayButton(page, 'en-US', 16).getAttribute('aria-label')).toBe(
      `${dayLabel('en-US', 16)}: 1 due`,
    );
    expect(await dayButton(page, 'en-US', 15).getAttribute('aria-label')).toBe(
      `${dayLabel('en-US', 15)}: nothing due`,
    );
    // The keyboard chooses a day: focus it, press Enter, its work is listed below.
    await dayButton(page, 'en-US', 16).focus();
    await page.keyboard.press('Enter');
    expect(await dayButton(page, 'en-US', 16).getAttribute('aria-pressed')).toBe('true');
    const day = page.getByRole('region', { name: dayLabel('en-US', 16) });
    await day.getByRole('link', { name: 'Poynting vector' }).waitFor();
    await day.getByText(/^Due 1:30\sAM · WO-301 Wave Optics$/).waitFor();
    // Students never see drafts.
    expect(await page.getByText('Draft: thin lenses').count()).toBe(0);
    await check(page, 'calendar-month');

    // The view switch is a radio group: arrow keys move it.
    await page.getByRole('radio', { name: 'Month' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'List' }).isChecked()).toBe(true);
    await page.getByRole('heading', { name: dayLabel('en-US', 10) }).waitFor();
    expect(await page.getByTestId('due-item').getByRole('link').allTextContents()).toEqual([
      "Gauss's law",
      'Poynting vector',
    ]);
    await check(page, 'calendar-list');

    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByTestId('calendar-month').getByText(monthLabel('en-US', 1)).waitFor();
    const snell = page.getByTestId('due-item').filter({ hasText: "Snell's law" });
    await snell.getByText('Submitted').waitFor();
    await page.getByRole('button', { name: 'Today' }).click();
    await page.getByTestId('calendar-month').getByText(monthLabel('en-US')).waitFor();
  }, 180_000);

  it('makes a private feed link that calendar programs read, then a new one, then turns it off', async () => {
    const page = await web.signedInPage('student', 'student123');
    await page.goto('/calendar');
    await page.getByText('You have no feed link yet.').waitFor();
    await page.getByRole('button', { name: 'Create feed link' }).click();
    const field = page.getByLabel('Feed link');
    await field.waitFor();
    const first = await field.inputValue();
    expect(first).toMatch(/\/api\/v1\/calendar\/feeds\/[\w-]{43}\.ics$/);
    const feed = await fetchFeed(first);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    expect(text).toContain("SUMMARY:WO-301: Gauss's law");
    expect(text).not.toContain('thin lenses');
    await check(page, 'calendar-feed-made');

    await page.reload();
    await page.getByText(/^Your feed link was made on /).waitFor();
    expect(await page.getByLabel('Feed link').count()).toBe(0);
    await page.getByRole('button', { name: 'Make a new link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Make a new feed link?' });
    await check(page, 'calendar-feed-rotate');
    await confirm.getByRole('button', { name: 'Make a new link' }).click();
    await expect.poll(() => page.getByLabel('Feed link').inputValue()).not.toBe(first);
    const second = await page.getByLabel('Feed link').inputValue();
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    await page.getByRole('button', { name: 'Turn off feed' }).click();
    await page
      .getByRole('dialog', { name: 'Turn off the feed?' })
      .getByRole('button', { name: 'Turn off feed' })
      .click();
    await page.getByText('You have no feed link yet.').waitFor();
    const gone = await fetchFeed(second);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { code: string } }).error.code).toBe('CALENDAR_FEED_NOT_FOUND');
  }, 180_000);

  it("shows the teacher's drafts, in Chinese, and fits a 375 px phone", async () => {
    const teacher = await web.signedInPage('teacher', 'teacher123', { lang: 'zh' });
    await teacher.getByRole('link', { name: '日历' }).click();
    await teacher.getByTestId('calendar-month').getByText(monthLabel('zh-CN')).waitFor();
    await chooseView(teacher, '列表');
    const draft = teacher.getByTestId('due-item').filter({ hasText: 'Draft: thin lenses' });
    await draft.getByText('草稿').waitFor();
    await check(teacher, 'calendar-list-teacher', 'zh');

    const student = await web.signedInPage('student', 'student123', { lang: 'zh' });
    await student.goto('/calendar');
    await dayButton(student, 'zh-CN', 16).click();
    await student
      .getByRole('region', { name: dayLabel('zh-CN', 16) })
      .getByRole('link', { name: 'Poynting vector' })
      .waitFor();
    await check(student, 'calendar-month', 'zh');
    await student.getByRole('button', { name: '创建订阅链接' }).click();
    await student.getByLabel('订阅链接').waitFor();
    await check(student, 'calendar-feed-made', 'zh');

    const phone = await web.signedInPage('student', 'student123', { lang: 'zh', width: 375 });
    await phone.goto('/calendar');
    await dayButton(phone, 'zh-CN', 10).click();
    await phone
      .getByRole('region', { name: dayLabel('zh-CN', 10) })
      .getByRole('link', { name: "Gauss's law" })
      .waitFor();
    await check(phone, 'calendar-month-375', 'zh');
    const sideways = () => phone.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(await sideways(), 'the month scrolls sideways at 375 px').toBeLessThanOrEqual(1);
    await chooseView(phone, '列表');
    await phone.getByTestId('due-item').first().waitFor();
    await check(phone, 'calendar-list-375', 'zh');
    expect(await sideways(), 'the list scrolls sideways at 375 px').toBeLessThanOrEqual(1);

    const english = await web.signedInPage('student', 'student123', { width: 375 });
    await english.goto('/calendar');
    await english.getByTestId('calendar-month').getByText(monthLabel('en-US')).waitFor();
    await check(english, 'calendar-month-375');
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
  }, 180_000);
});
