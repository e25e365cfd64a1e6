import { beforeAll, expect, it } from 'vitest';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/**
 * Notifications in a real browser: a teacher publishes an assignment, grades a student's work and
 * posts an announcement; the student sees the count on the header's bell, opens the list (unread
 * first), follows one to the assignment, marks the rest read and changes their choices.
 */
describeWith(['chromium'], 'notifications, end to end', ({ chromium }) => {
  // Delivered every 200 ms, so the test does not wait for the default 5 s pass.
  const web = browserPlatform(chromium, () => ({ NOTIFICATION_INTERVAL_MS: '200' }));
  const { a11y, check } = web;
  let courseId = '';
  let assignmentId = '';

  beforeAll(async () => {
    const teacher = await web.api('teacher', 'teacher123');
    const course = await teacher.courses.create({
      name: 'Magnetostatics',
      code: 'MS-110',
      semester: '2026-2027-1',
    });
    courseId = course.id;
    await teacher.courses.addMembers(course.id, { usernames: ['student'], role: 'student' });
    const due = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const graded = await teacher.assignments.create(course.id, {
      title: 'Biot–Savart',
      due_date: due,
      max_score: 10,
    });
    await teacher.assignments.update(course.id, graded.id, { status: 'published' });
    const student = await web.api('student', 'student123');
    const submission = await student.assignments.submit(course.id, graded.id, 'B = μ0 I / 2πr');
    await teacher.assignments.grade(course.id, graded.id, submission.id, {
      score: 9,
      feedback: 'Good',
    });
    const fresh = await teacher.assignments.create(course.id, {
      title: 'Ampère’s law',
      due_date: due,
      max_score: 10,
    });
    await teacher.assignments.update(course.id, fresh.id, { status: 'published' });
    assignmentId = fresh.id;
    await teacher.announcements.create(course.id, { title: 'Lab on Thursday', body: 'Bring a compass.' });
  }, 120_000);

  it('counts unread on the bell, lists them, follows one, marks all read and saves choices', async () => {
    const page = await web.signedInPage('student', 'student123');
    const bell = page.getByRole('link', { name: /^Notifications, \d+ unread$/ });
    await expect
      .poll(async () => ((await bell.count()) ? await bell.getAttribute('aria-label') : ''), {
        timeout: 20_000,
      })
      .toMatch(/^Notifications, ([4-9]|\d\d+) unread$/);
    const before = Number((await bell.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
    await bell.click();
    await page.getByRole('heading', { name: 'Notifications', level: 2 }).waitFor();
    const list = page.getByRole('list', { name: /^Notifications, \d+ unread$/ });
    await list.getByRole('link', { name: 'Lab on Thursday' }).waitFor();
    await list.getByText('Your work was graded').first().waitFor();
    await list.getByText('New assignment').first().waitFor();
    await check(page, 'notifications-unread');

    await list.getByRole('link', { name: 'Ampère’s law' }).click();
    await page.waitForURL(`**/courses/${courseId}/assignments/${assignmentId}`);
    await page.getByRole('link', { name: `Notifications, ${before - 1} unread` }).waitFor();

    await page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('link', { name: 'Notifications, none unread' }).waitFor();
    await page.getByRole('list', { name: 'Notifications, none unread' }).waitFor();
    await check(page, 'notifications-read');

    const choice = page.getByRole('checkbox', { name: 'Announcements: in the app' });
    await choice.uncheck();
    await page.getByRole('button', { name: 'Save choices' }).click();
    await page.getByText('Your notification choices are saved.').waitFor();
    await check(page, 'notifications-preferences');
    const student = await web.api('student', 'student123');
    const saved = await student.me.notificationPreferences();
    expect(saved.preferences.find((p) => p.kind === 'announcement')).toEqual({
      kind: 'announcement',
      in_app: false,
      email: true,
    });
  }, 400_000);

  it('reads in Chinese, and every view passed axe', async () => {
    const page = await web.signedInPage('student', 'student123', { lang: 'zh', width: 375 });
    await page.getByRole('link', { name: '通知，无未读' }).click();
    await page.getByRole('heading', { name: '通知', level: 2 }).waitFor();
    await page.getByRole('checkbox', { name: '公告：站内' }).waitFor();
    await check(page, 'notifications-375', 'zh');
    const sideways = () => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(await sideways(), 'notifications scroll sideways at 375 px').toBeLessThanOrEqual(1);
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
  }, 400_000);
});
