import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/**
 * Rubrics, end to end: a teacher builds one on the assignment page, grades by choosing a level
 * per criterion with the keyboard (arrow keys in each radio group) and a comment, sees the
 * total follow, and the student sees the filled rubric with the grade; in English and Chinese.
 */
describeWith(['chromium'], 'grading with a rubric, end to end', ({ chromium }) => {
  const web = browserPlatform(chromium);
  const { a11y, check } = web;
  const urls = { en: '', zh: '' };

  beforeAll(async () => {
    const admin = await web.api('admin', 'admin123');
    const teacher = await web.api('teacher', 'teacher123');
    const course = await teacher.courses.create({
      name: 'Optics 光学',
      code: 'OP-110',
      semester: '2026-2027-1',
    });
    await admin.users.create({
      username: 'dora',
      name: '周朵 Dora',
      password: 'Initial123x',
      role: 'student',
    });
    await (await web.api('dora', 'Initial123x')).auth.changePassword('Initial123x', 'Student123x');
    await teacher.courses.addMembers(course.id, { usernames: ['dora'], role: 'student' });
    const student = await web.api('dora', 'Student123x');
    for (const lang of ['en', 'zh'] as const) {
      const assignment = await teacher.assignments.create(course.id, {
        title: lang === 'en' ? 'Lens report' : '透镜实验报告',
        due_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        max_score: 20,
      });
      await teacher.assignments.update(course.id, assignment.id, { status: 'published' });
      await student.assignments.submit(course.id, assignment.id, 'f = 10 cm, measured three times.');
      urls[lang] = `/courses/${course.id}/assignments/${assignment.id}`;
    }
    // The Chinese assignment reuses a rubric built through the API.
    const rubric = await teacher.rubrics.create(course.id, {
      title: '实验报告量规',
      criteria: [
        {
          title: '测量',
          levels: [
            { title: '不足', points: 0 },
            { title: '良好', points: 6, description: '重复测量三次' },
          ],
        },
        {
          title: '误差分析',
          levels: [
            { title: '缺失', points: 0 },
            { title: '完整', points: 4 },
          ],
        },
      ],
    });
    await teacher.assignments.attachRubric(course.id, urls.zh.split('/').at(-1) as string, rubric.id);
  }, 120_000);

  const fill = async (page: Page, group: string, field: string, value: string, nth = 0) =>
    page
      .getByRole('group', { name: group })
      .getByRole('textbox', { name: field, exact: true })
      .nth(nth)
      .fill(value);

  it('builds a rubric, grades by keyboard with comments, and shows the student the filled rubric (EN)', async () => {
    const page = await web.signedInPage('teacher', 'teacher123', { lang: 'en', width: 1366 });
    await page.goto(urls.en);
    await page.getByRole('button', { name: 'New rubric' }).click();
    const dialog = page.getByRole('dialog', { name: 'New rubric' });
    await dialog.getByRole('textbox', { name: 'Rubric title' }).fill('Lab report rubric');
    await fill(page, 'Criterion 1', 'Criterion 1', 'Measurement');
    await fill(page, 'Criterion 1', 'Level 1', 'Weak');
    await fill(page, 'Criterion 1', 'Level 2', 'Strong');
    await fill(page, 'Criterion 1', 'Points', '12', 1);
    await dialog.getByRole('button', { name: 'Add criterion' }).click();
    await fill(page, 'Criterion 2', 'Criterion 2', 'Error analysis');
    await fill(page, 'Criterion 2', 'Level 1', 'Missing');
    await fill(page, 'Criterion 2', 'Level 2', 'Complete');
    await fill(page, 'Criterion 2', 'Points', '8', 1);
    await dialog.getByText('Best total: 20 of the assignment’s 20 points').waitFor();
    await check(page, 'rubric-builder');
    await dialog.getByRole('button', { name: 'Save rubric' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Lab report rubric' }).waitFor();

    // Grading: Tab into the first group, arrow keys choose, the total follows.
    const save = page.getByRole('button', { name: 'Save grade', exact: true });
    await page.getByRole('radio', { name: 'Weak · 0 pts' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'Strong · 12 pts' }).isChecked()).toBe(true);
    await page.getByTestId('rubric-total').getByText('Score: 12 / 20').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Comment on Measurement' }).fill('Three readings, well done.');
    await page.getByRole('radio', { name: 'Missing · 0 pts' }).focus();
    await page.keyboard.press('Space');
    // The total was 12 / 20 before this 0-point level too: wait for the button, which follows the
    // last criterion's level a render later, not for the total.
    await expect.poll(() => save.isDisabled()).toBe(false);
    await page.getByRole('textbox', { name: 'Comment on Error analysis' }).fill('Estimate the uncertainty.');
    await check(page, 'rubric-grading');
    await save.click();
    await page.getByText(/Grade saved for/).waitFor();

    const student = await web.signedInPage('dora', 'Student123x', { lang: 'en', width: 1366 });
    await student.goto(urls.en);
    await student.getByText('Grade: 12 / 20').waitFor();
    const table = student.getByRole('table', { name: 'Lab report rubric' });
    await table.getByText('Three readings, well done.').waitFor();
    await table.getByText('Estimate the uncertainty.').waitFor();
    await student.getByText('Lab report rubric: 12 of 20 points').waitFor();
    await check(student, 'rubric-student');
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
  });

  it('grades with a reused rubric and shows it filled, in Chinese', async () => {
    // Before the grade, the student reads the rubric the work will be graded with.
    const before = await web.signedInPage('dora', 'Student123x', { lang: 'zh', width: 1366 });
    await before.goto(urls.zh);
    await before.getByRole('heading', { name: '评分量规：“实验报告量规”（10 分）' }).waitFor();
    await before
      .getByRole('table', { name: '实验报告量规' })
      .getByText('重复测量三次', { exact: false })
      .waitFor();
    await check(before, 'rubric-student-before', 'zh');

    const page = await web.signedInPage('teacher', 'teacher123', { lang: 'zh', width: 1366 });
    await page.goto(urls.zh);
    await page.getByRole('table', { name: '实验报告量规' }).waitFor();
    await page.getByRole('radio', { name: '良好 · 6 分' }).click();
    await page.getByRole('radio', { name: '完整 · 4 分' }).click();
    await page.getByRole('textbox', { name: '对“测量”的评语' }).fill('数据可靠。');
    await page.getByTestId('rubric-total').getByText('得分：10 / 20').waitFor();
    await check(page, 'rubric-grading', 'zh');
    await page.getByRole('button', { name: '保存成绩', exact: true }).click();
    await page.getByText('复制后修改').waitFor();

    const student = await web.signedInPage('dora', 'Student123x', { lang: 'zh', width: 375 });
    await student.goto(urls.zh);
    await student.getByText('实验报告量规：10 / 10 分').waitFor();
    await student.getByRole('table', { name: '实验报告量规' }).getByText('数据可靠。').waitFor();
    await check(student, 'rubric-student-375', 'zh');
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
  });
});
