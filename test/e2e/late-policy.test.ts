import { beforeAll, expect, it } from 'vitest';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

const DAY = 86_400_000;

/**
 * Late policy and extensions, end to end: the teacher sets a penalty and cut-off (warned about a
 * due date in the past), reads how late work came and its final grade, grants an extension; the
 * gradebook shows raw and final; students see their penalty or their own due date (EN and ZH).
 */
describeWith(['chromium'], 'late penalties and extensions, end to end', ({ chromium }) => {
  const web = browserPlatform(chromium);
  const { a11y, check } = web;
  let courseId = '';
  let url = '';

  beforeAll(async () => {
    const admin = await web.api('admin', 'admin123');
    const teacher = await web.api('teacher', 'teacher123');
    const course = await teacher.courses.create({
      name: 'Induction 电磁感应',
      code: 'EM-210',
      semester: '2026-2027-1',
    });
    courseId = course.id;
    for (const [username, name] of [
      ['erin', 'Erin Wu 吴'],
      ['fang', '方芳 Fang'],
    ] as const) {
      await admin.users.create({ username, name, password: 'Initial123x', role: 'student' });
      await (await web.api(username, 'Initial123x')).auth.changePassword('Initial123x', 'Student123x');
    }
    await teacher.courses.addMembers(course.id, { usernames: ['erin', 'fang'], role: 'student' });
    const assignment = await teacher.assignments.create(course.id, {
      title: 'Faraday law',
      due_date: new Date(Date.now() - 2.5 * DAY).toISOString(),
      max_score: 100,
      allow_late: true,
      late_penalty: { percent: 10, per: 'day', max_percent: 25 },
      late_cutoff: new Date(Date.now() + DAY).toISOString(),
    });
    await teacher.assignments.update(course.id, assignment.id, { status: 'published' });
    const erin = await web.api('erin', 'Student123x');
    const submission = await erin.assignments.submit(course.id, assignment.id, 'EMF = -dΦ/dt');
    await teacher.assignments.grade(course.id, assignment.id, submission.id, { score: 80, feedback: '' });
    url = `/courses/${course.id}/assignments/${assignment.id}`;
  }, 120_000);

  it('sets a penalty, reads late work and its final grade, and grants an extension (EN)', async () => {
    const page = await web.signedInPage('teacher', 'teacher123', { lang: 'en', width: 1366 });
    await page.goto(`/courses/${courseId}/assignments`);
    await page.getByRole('button', { name: 'New assignment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New assignment' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Lenz law');
    await dialog.getByRole('textbox', { name: 'Due' }).fill('2020-01-01T10:00');
    await dialog.getByText('This due date has already passed', { exact: false }).waitFor();
    await dialog.getByRole('checkbox', { name: 'Accept late work (marked late)' }).check();
    await dialog.getByRole('checkbox', { name: 'Deduct a late penalty' }).check();
    await dialog.getByRole('textbox', { name: 'Percent deducted' }).fill('5');
    await check(page, 'late-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(url);
    await page.getByText('Late work: −10% per day, at most 25%.', { exact: false }).waitFor();
    await page.getByText(/^Late by 2 d 1[12] h$/).waitFor();
    await page.getByText('Final grade after late penalty: 60 / 100 (given 80, −25%)').waitFor();
    await page.getByRole('combobox', { name: 'Student' }).click();
    await page.getByRole('option', { name: /Fang/ }).click();
    await page.getByRole('button', { name: 'Grant extension' }).click();
    await page.getByRole('button', { name: 'Remove the extension of 方芳 Fang' }).waitFor();
    await check(page, 'late-grading');

    await page.goto(`/courses/${courseId}/grades`);
    await page.getByText('Given 80, late penalty −25%').waitFor();
    await page.getByText('Extended').waitFor();
    await check(page, 'late-gradebook');
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
  });

  it('shows a late student the final grade and the penalty, in Chinese', async () => {
    const erin = await web.signedInPage('erin', 'Student123x', { lang: 'zh', width: 375 });
    await erin.goto(url);
    await erin.getByText('成绩：60 / 100').waitFor();
    await erin.getByText('原评分 80，迟交扣 25%').waitFor();
    await check(erin, 'late-student', 'zh');
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
  });

  it('shows a student granted an extension their own due date, in Chinese', async () => {
    const fang = await web.signedInPage('fang', 'Student123x', { lang: 'zh', width: 375 });
    await fang.goto(url);
    await fang.getByText('你的延期截止时间', { exact: false }).waitFor();
    await fang.getByRole('button', { name: '提交' }).waitFor();
    await check(fang, 'late-extended-student', 'zh');
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
  });
});
