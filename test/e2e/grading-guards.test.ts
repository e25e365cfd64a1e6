import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/**
 * A grader's typing is never lost: leaving a student with an unsaved score asks first (in the
 * app and on closing the tab), an out-of-range score is refused rather than clamped, and after
 * "Save and next" the cursor waits in the next student's Score.
 */
describeWith(['chromium'], 'grading without losing work, end to end', ({ chromium }) => {
  const web = browserPlatform(chromium);
  let assignmentUrl = '';

  beforeAll(async () => {
    const signedIn = web.api;
    const admin = await signedIn('admin', 'admin123');
    const teacher = await signedIn('teacher', 'teacher123');
    const course = await teacher.courses.create({
      name: 'Mechanics',
      code: 'ME-101',
      semester: '2026-2027-1',
    });
    const assignment = await teacher.assignments.create(course.id, {
      title: 'Lab report 1',
      due_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      max_score: 100,
    });
    await teacher.assignments.update(course.id, assignment.id, { status: 'published' });
    for (const username of ['ana', 'ben']) {
      await admin.users.create({
        username,
        name: username.toUpperCase(),
        password: 'Initial123x',
        role: 'student',
      });
      await (await signedIn(username, 'Initial123x')).auth.changePassword('Initial123x', 'Student123x');
      await teacher.courses.addMembers(course.id, { usernames: [username], role: 'student' });
      const student = await signedIn(username, 'Student123x');
      await student.assignments.submit(course.id, assignment.id, `Report by ${username}`);
    }
    assignmentUrl = `/courses/${course.id}/assignments/${assignment.id}`;
  }, 120_000);

  async function teacherPage(lang: 'en' | 'zh', width: number): Promise<Page> {
    const page = await web.signedInPage('teacher', 'teacher123', { lang, width });
    await page.goto(assignmentUrl);
    await page.getByText('Grading attempt 1').or(page.getByText('正在评第 1 次提交')).first().waitFor();
    return page;
  }

  const score = (page: Page) => page.getByRole('textbox', { name: /Score/ });

  it('asks before leaving a typed grade, in the app and on closing the tab', async () => {
    const page = await teacherPage('en', 1366);
    await score(page).fill('77');
    await page.getByLabel('Feedback').fill('Good error analysis.');
    await page.getByRole('button', { name: 'Next student' }).click();
    const prompt = page.getByRole('dialog', { name: 'Unsaved changes' });
    await prompt.waitFor();
    await screenshot(page, 'en', 'grading-unsaved-1366');
    await prompt.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect.poll(() => score(page).inputValue()).toBe('77');
    expect(await page.getByLabel('Feedback').inputValue()).toBe('Good error analysis.');

    // Closing the tab: the browser's own "Leave site?" question (beforeunload).
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
  });

  it('refuses an out-of-range score with a message, and moves the cursor to the next Score', async () => {
    const page = await teacherPage('en', 1366);
    const save = page.getByRole('button', { name: 'Save and next' });
    await score(page).fill('150');
    await page.getByText('The score must be between 0 and 100.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await score(page).blur();
    expect(await score(page).inputValue()).toBe('150');
    await score(page).fill('-5');
    await score(page).blur();
    await page.getByText('The score must be between 0 and 100.').waitFor();
    expect(await score(page).inputValue()).toBe('-5');
    expect(await save.isDisabled()).toBe(true);

    await score(page).fill('91');
    await save.click();
    await expect.poll(() => score(page).and(page.locator(':focus')).count()).toBe(1);
    await expect.poll(() => score(page).inputValue()).toBe('');
  });

  for (const [lang, width] of [
    ['en', 375],
    ['zh', 1366],
    ['zh', 375],
  ] as const) {
    it(`shows the unsaved-changes question (${lang}, ${width} px)`, async () => {
      const page = await teacherPage(lang, width);
      await score(page)
        .or(page.getByRole('textbox', { name: /分数/ }))
        .first()
        .fill('60');
      await page
        .getByRole('button', { name: lang === 'zh' ? '下一位学生' : 'Next student', exact: true })
        .click();
      await page.getByRole('dialog').waitFor();
      await screenshot(page, lang, `grading-unsaved-${width}`);
    });
  }
});
