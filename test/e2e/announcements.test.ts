import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/**
 * Announcements in a real browser: a teacher posts Markdown with a course file, pins one and
 * deletes one after confirming; the student finds them unread on the dashboard and in the course,
 * pinned first, and opening them marks them read. In English and in Chinese.
 */
describeWith(['chromium'], 'course announcements, end to end', ({ chromium }) => {
  const web = browserPlatform(chromium);
  const { a11y, check } = web;
  let courseUrl = '';
  let courseId = '';

  beforeAll(async () => {
    const teacher = await web.api('teacher', 'teacher123');
    const course = await teacher.courses.create({
      name: 'Electrodynamics',
      code: 'ED-201',
      semester: '2026-2027-1',
    });
    courseId = course.id;
    courseUrl = `/courses/${course.id}`;
    await teacher.courses.addMembers(course.id, { usernames: ['student'], role: 'student' });
    await teacher.resources.upload(
      course.id,
      { name: 'Exam formula sheet', category: 'reference' },
      new File(['E = F / q'], 'formula-sheet.txt', { type: 'text/plain' }),
    );
  }, 120_000);

  const post = async (
    page: Page,
    fields: { title: string; body: string; attach?: string; pin?: boolean },
  ) => {
    await page.getByRole('button', { name: /^(New announcement|发布公告)$/ }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel(/^(Title|标题)/).fill(fields.title);
    await form.getByLabel(/^(Message|内容)/).fill(fields.body);
    if (fields.attach) {
      await form.getByRole('combobox', { name: /^(Attachment|附件)/ }).click();
      await page.getByRole('option', { name: fields.attach }).click();
    }
    if (fields.pin) await form.getByLabel(/^(Pin to the top|置顶)$/).check();
    return form;
  };
  const save = async (page: Page, form: ReturnType<Page['getByRole']>) => {
    await form.getByRole('button', { name: /^(Save|保存)$/ }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  };
  const articleTitles = (page: Page) => page.locator('article h3').allTextContents();

  it('lets a teacher post Markdown with a course file, pin one and delete one after confirming', async () => {
    const page = await web.signedInPage('teacher', 'teacher123');
    await page.goto(`${courseUrl}/announcements`);
    await page.getByText('No announcements yet.').waitFor();
    await check(page, 'announcements-empty');

    let form = await post(page, {
      title: 'Welcome to Electrodynamics',
      body: 'Office hours: *Tuesday* 14:00.',
    });
    await save(page, form);
    form = await post(page, {
      title: 'Midterm on Friday',
      body: [
        'Bring **a calculator** and the formula sheet.',
        '',
        '- Chapters 1–3',
        '- [Past papers](https://example.org/past)',
        '',
        '<img src="x" onerror="window.__pwned = 1">',
        '![tracker](https://example.org/pixel.png)',
      ].join('\n'),
      attach: 'Exam formula sheet',
    });
    await check(page, 'announcement-form');
    await save(page, form);
    form = await post(page, { title: 'Typo, ignore', body: 'oops' });
    await save(page, form);
    await expect
      .poll(() => articleTitles(page))
      .toEqual(['Typo, ignore', 'Midterm on Friday', 'Welcome to Electrodynamics']);

    const midterm = page.getByRole('article', { name: 'Midterm on Friday' });
    await midterm.getByRole('button', { name: 'Pin Midterm on Friday' }).click();
    await expect
      .poll(() => articleTitles(page))
      .toEqual(['Midterm on Friday', 'Typo, ignore', 'Welcome to Electrodynamics']);
    await midterm.getByText('Pinned', { exact: true }).waitFor();
    expect(await midterm.locator('strong').textContent()).toBe('a calculator');
    expect(await midterm.getByRole('link', { name: 'Past papers' }).getAttribute('rel')).toContain(
      'noopener',
    );
    // Raw HTML is dropped and images are not loaded: nothing ran, nothing was fetched.
    expect(await midterm.locator('img').count()).toBe(0);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    await midterm.getByRole('button', { name: 'Attachment: Exam formula sheet' }).waitFor();

    await page.getByRole('button', { name: 'Delete Typo, ignore' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete announcement' });
    await confirm.getByText('Delete “Typo, ignore”? Students will no longer see it.').waitFor();
    await check(page, 'announcement-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => articleTitles(page)).toEqual(['Midterm on Friday', 'Welcome to Electrodynamics']);
    await check(page, 'announcements-teacher');
  }, 180_000);

  it('shows the student their unread announcements on the dashboard and in the course, then read', async () => {
    const page = await web.signedInPage('student', 'student123');
    const card = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'New announcements' }),
    });
    await card.getByRole('link', { name: 'Midterm on Friday' }).waitFor();
    // Newest first on the dashboard.
    expect(await card.getByRole('link').allTextContents()).toEqual([
      'Midterm on Friday',
      'Welcome to Electrodynamics',
    ]);
    await check(page, 'dashboard-student-announcements');

    await card.getByRole('link', { name: 'Midterm on Friday' }).click();
    await page.waitForURL(`**${courseUrl}/announcements`);
    await page.getByText('2 new').waitFor();
    expect(await articleTitles(page)).toEqual(['Midterm on Friday', 'Welcome to Electrodynamics']);
    for (const title of ['Midterm on Friday', 'Welcome to Electrodynamics']) {
      await page.getByRole('article', { name: title }).getByText('New', { exact: true }).waitFor();
    }
    // Students read; they do not post, edit, pin or delete.
    expect(await page.getByRole('button', { name: 'New announcement' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Pin|Delete) / }).count()).toBe(0);
    await check(page, 'announcements-student');

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await card.getByText('No unread announcements.').waitFor();
  }, 180_000);

  it('speaks Chinese: the teacher posts, the student sees it unread on the dashboard and in the course', async () => {
    const teacher = await web.signedInPage('teacher', 'teacher123', { lang: 'zh' });
    await teacher.goto(`${courseUrl}/announcements`);
    await teacher.getByRole('tab', { name: '公告' }).waitFor();
    const form = await post(teacher, { title: '期中考试改到周五', body: '请带**计算器**。', pin: true });
    await check(teacher, 'announcement-form', 'zh');
    await save(teacher, form);
    await expect
      .poll(() => articleTitles(teacher))
      .toEqual(['期中考试改到周五', 'Midterm on Friday', 'Welcome to Electrodynamics']);
    await check(teacher, 'announcements-teacher', 'zh');

    const student = await web.signedInPage('student', 'student123', { lang: 'zh' });
    const card = student.locator('.mantine-Card-root', {
      has: student.getByRole('heading', { name: '新公告' }),
    });
    await card.getByRole('link', { name: '期中考试改到周五' }).waitFor();
    expect(await card.getByRole('link').allTextContents()).toEqual(['期中考试改到周五']);
    await check(student, 'dashboard-student-announcements', 'zh');
    await card.getByRole('link', { name: '期中考试改到周五' }).click();
    await student.waitForURL(`**/courses/${courseId}/announcements`);
    const fresh = student.getByRole('article', { name: '期中考试改到周五' });
    await fresh.getByText('未读', { exact: true }).waitFor();
    await fresh.getByText('已置顶', { exact: true }).waitFor();
    expect(await fresh.locator('strong').textContent()).toBe('计算器');
    await check(student, 'announcements-student', 'zh');

    // On a phone the teacher's cards with their actions, and the student's dashboard, fit the width.
    const phone = await web.signedInPage('teacher', 'teacher123', { lang: 'zh', width: 375 });
    await phone.goto(`${courseUrl}/announcements`);
    await phone.getByRole('article', { name: '期中考试改到周五' }).waitFor();
    await check(phone, 'announcements-teacher-375', 'zh');
    const sideways = () => phone.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(await sideways(), 'announcements scroll sideways at 375 px').toBeLessThanOrEqual(1);
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
  }, 180_000);
});
