import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/**
 * The editable gradebook, end to end: a teacher types grades into cells (Enter saves), reads a
 * cell's history, weighs categories into a course total and imports a CSV after previewing it;
 * a student sees only their own row. In English and Chinese.
 */
describeWith(['chromium'], 'the editable gradebook, end to end', ({ chromium }) => {
  const web = browserPlatform(chromium);
  const { a11y, check } = web;
  let gradesUrl = '';

  beforeAll(async () => {
    const admin = await web.api('admin', 'admin123');
    const teacher = await web.api('teacher', 'teacher123');
    const course = await teacher.courses.create({
      name: 'Waves 波动',
      code: 'WV-210',
      semester: '2026-2027-1',
    });
    await admin.users.create({ username: 'eve', name: '林夏 Eve', password: 'Initial123x', role: 'student' });
    await (await web.api('eve', 'Initial123x')).auth.changePassword('Initial123x', 'Student123x');
    await teacher.courses.addMembers(course.id, { usernames: ['eve', 'student'], role: 'student' });
    const student = await web.api('student', 'student123');
    for (const [title, max] of [
      ['Homework 1', 10],
      ['Midterm', 50],
    ] as const) {
      const a = await teacher.assignments.create(course.id, {
        title,
        due_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        max_score: max,
      });
      await teacher.assignments.update(course.id, a.id, { status: 'published' });
      if (title === 'Homework 1') {
        const sub = await student.assignments.submit(course.id, a.id, 'λ = v / f');
        await teacher.assignments.grade(course.id, a.id, sub.id, { score: 6, feedback: 'Units?' });
        await student.assignments.submit(course.id, a.id, 'λ = v / f, in metres');
      }
    }
    gradesUrl = `/courses/${course.id}/grades`;
  }, 120_000);

  const cellButton = (page: Page, name: RegExp) => page.getByRole('button', { name });

  it('edits cells, shows their history, weighs categories and imports a previewed CSV (EN)', async () => {
    const page = await web.signedInPage('teacher', 'teacher123', { lang: 'en', width: 1366 });
    await page.goto(gradesUrl);
    await page.getByText('New attempt to grade').waitFor();
    await cellButton(page, /^Grade of 林夏 Eve on Homework 1: —$/).click();
    const input = page.getByRole('textbox', { name: 'Grade of 林夏 Eve on Homework 1' });
    await input.fill('7');
    await check(page, 'gradebook-editing');
    await input.press('Enter');
    await cellButton(page, /^Grade of 林夏 Eve on Homework 1: 7$/).waitFor();
    await page
      .getByRole('row', { name: /林夏 Eve/ })
      .getByText('7 / 60')
      .waitFor();

    await page.getByRole('button', { name: 'Actions for 林夏 Eve on Homework 1' }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of 林夏 Eve on Homework 1' });
    await history.getByText('— → 7 · no submission').waitFor();
    await history.getByText(/Demo Teacher, .* · typed in the gradebook/).waitFor();
    await check(page, 'gradebook-history');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Categories and weights' }).click();
    const weights = page.getByRole('dialog', { name: 'Categories and weights' });
    for (const [n, name, weight, title] of [
      [1, 'Homework', '40', 'Homework 1'],
      [2, 'Exams', '60', 'Midterm'],
    ] as const) {
      await weights.getByRole('button', { name: 'Add category' }).click();
      const group = weights.getByRole('group', { name: `Category ${n}` });
      await group.getByRole('textbox', { name: 'Name' }).fill(name);
      await group.getByRole('textbox', { name: 'Weight' }).fill(weight);
      await group.getByLabel('Assignments').click();
      await page.getByRole('option', { name: title }).click();
      await page.keyboard.press('Escape');
    }
    await check(page, 'gradebook-categories');
    await weights.getByRole('button', { name: 'Save' }).click();
    await weights.waitFor({ state: 'detached' });
    // Eve: Homework 7/10 at 40, Midterm 0/50 at 60 -> 28 %.
    await page
      .getByRole('row', { name: /林夏 Eve/ })
      .getByText('28%')
      .waitFor();
    await page.getByRole('columnheader', { name: /Midterm.*Exams · 60/ }).waitFor();

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importer = page.getByRole('dialog', { name: 'Import grades from CSV' });
    const upload = (text: string) =>
      importer.locator('input[type=file]').setInputFiles({
        name: 'grades.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(text),
      });
    await upload('username,Homework 1 (/10),Midterm (/50)\neve,9,abc\nstudent,,41\nnobody,1,1\n');
    await importer
      .getByRole('table', { name: /Problems/ })
      .getByText('“abc” is not a number')
      .waitFor();
    await importer.getByText('No student of this course has this username').waitFor();
    await check(page, 'gradebook-import-problems');
    expect(await importer.getByRole('button', { name: /Apply/ }).isDisabled()).toBe(true);
    await upload('username,Homework 1 (/10),Midterm (/50)\neve,9,\nstudent,,41\n');
    const changes = importer.getByRole('table', { name: 'Changes' });
    await changes.getByRole('row', { name: /林夏 Eve Homework 1 7 9/ }).waitFor();
    await check(page, 'gradebook-import-preview');
    await importer.getByRole('button', { name: 'Apply 2 changes' }).click();
    await page.getByText('2 grades imported').waitFor();
    await cellButton(page, /^Grade of 林夏 Eve on Homework 1: 9$/).waitFor();
    await cellButton(page, /^Grade of Demo Student on Midterm: 41$/).waitFor();
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
    // Five page states, each judged by axe in two languages at two widths, on a shared machine.
  }, 600_000);

  it('lets a teacher type a grade in Chinese and shows a student only their own row', async () => {
    const page = await web.signedInPage('teacher', 'teacher123', { lang: 'zh', width: 375 });
    await page.goto(gradesUrl);
    await cellButton(page, /^Demo Student的「Homework 1」成绩: 6$/).click();
    const input = page.getByRole('textbox', { name: 'Demo Student的「Homework 1」成绩' });
    await input.fill('8.5');
    await input.press('Enter');
    await cellButton(page, /^Demo Student的「Homework 1」成绩: 8.5$/).waitFor();
    await check(page, 'gradebook-teacher-375', 'zh');

    const student = await web.signedInPage('student', 'student123', { lang: 'zh', width: 375 });
    await student.goto(gradesUrl);
    await student.getByRole('cell', { name: '8.5', exact: true }).waitFor();
    expect(await student.getByText('林夏 Eve').count()).toBe(0);
    expect(await student.getByRole('button', { name: /成绩/ }).count()).toBe(0);
    await check(student, 'gradebook-student', 'zh');
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
  });
});
