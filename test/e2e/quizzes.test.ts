import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/**
 * Quizzes in a real browser (docs/adr/0145): a teacher builds one from the exercise bank and a
 * question of their own; a student takes it with the keyboard only and reviews the feedback;
 * the teacher sees the per-question results. English and Chinese.
 */
describeWith(['chromium'], 'quizzes, end to end', ({ chromium }) => {
  const web = browserPlatform(chromium);
  const { a11y, check } = web;
  let quizUrl = '';

  beforeAll(async () => {
    const teacher = await web.api('teacher', 'teacher123');
    const course = await teacher.courses.create({
      name: 'Magnetism',
      code: 'MG-101',
      semester: '2026-2027-1',
    });
    await teacher.courses.addMembers(course.id, { usernames: ['student'], role: 'student' });
    const quiz = await teacher.assignments.create(course.id, {
      title: 'Loops quiz',
      due_date: '2099-01-01T00:00:00Z',
      max_score: 1,
      kind: 'quiz',
    });
    quizUrl = `/courses/${course.id}/assignments/${quiz.id}`;
  }, 120_000);

  /** The focused element's name: its aria-label, its label, its text. */
  const focused = (page: Page): Promise<string> =>
    // A string: the tests are compiled without the DOM's types; this runs in the page.
    page.evaluate(`(() => {
      const el = document.activeElement;
      if (!el) return '';
      const label = el.id ? document.querySelector('label[for="' + el.id + '"]')?.textContent : '';
      return ((el.getAttribute('aria-label') ?? '') + ' ' + (label ?? '') + ' ' + (el.textContent ?? '')).trim();
    })()`);

  /** Presses Tab until the focused element's accessible text matches, as a keyboard user would. */
  const tabTo = async (page: Page, name: RegExp) => {
    for (let i = 0; i < 80; i += 1) {
      await page.keyboard.press('Tab');
      if (name.test(await focused(page))) return;
    }
    throw new Error(`Tab never reached ${name}`);
  };

  it('lets a teacher build a quiz from the bank and a question of their own', async () => {
    const page = await web.signedInPage('teacher', 'teacher123');
    await page.goto(quizUrl);
    await page.getByRole('heading', { name: 'Quiz questions' }).waitFor();
    await page.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'electrostatics' }).click();
    await page.getByRole('button', { name: 'Add choice:coulomb-double-distance' }).click();
    await page
      .getByLabel('Question', { exact: true })
      .first()
      .fill('Which change doubles the field at the centre of a loop?');
    await page
      .getByLabel('Options, one a line')
      .fill('Doubling the current\nDoubling the radius\nHalving the current');
    await page.getByRole('combobox', { name: 'The right option' }).click();
    await page.getByRole('option', { name: 'Doubling the current' }).click();
    await page
      .getByLabel('Feedback when “Doubling the radius” is chosen')
      .fill('A bigger loop gives a weaker field: B falls as 1/R.');
    // Judged with the option feedback fields showing: they go when the question is added.
    await check(page, 'quiz-builder');
    await page.getByRole('button', { name: 'Add the multiple-choice question' }).click();
    await page
      .getByRole('cell', { name: 'Which change doubles the field at the centre of a loop?' })
      .waitFor();
    await page.getByRole('button', { name: 'Save the quiz' }).click();
    await page.getByText('Quiz saved.').waitFor();
    await page.getByText(/Max score: 2/).waitFor();
  }, 180_000);

  it('lets a student take the quiz with the keyboard only and review the feedback', async () => {
    const teacher = await web.api('teacher', 'teacher123');
    const [courseId, , assignmentId] = quizUrl.split('/').slice(2);
    await teacher.assignments.update(courseId!, assignmentId!, { status: 'published' });

    const page = await web.signedInPage('student', 'student123');
    await page.goto(quizUrl);
    await page.getByRole('button', { name: 'Start an attempt' }).waitFor();
    await tabTo(page, /Start an attempt/);
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: 'Question 2 · points: 1' }).waitFor();
    // The page carries no answer before it is handed in.
    expect(await page.content()).not.toMatch(/Worked answer|Not right/);
    await check(page, 'quiz-taking');
    // Into the radio group, then the arrow keys choose, as with any native radio group.
    await tabTo(page, /Doubling the current|Doubling the radius|Halving the current/);
    for (let i = 0; i < 4 && !/Doubling the radius/.test(await focused(page)); i += 1)
      await page.keyboard.press('ArrowDown');
    // Tab lands on a radio without choosing it: Space chooses the one focused.
    await page.keyboard.press('Space');
    expect(await page.getByRole('radio', { name: 'Doubling the radius' }).isChecked()).toBe(true);
    await tabTo(page, /^Hand in/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Attempt 1: 0 of 2 points|Attempt 1: \d of 2 points/ }).waitFor();
    const own = page.getByRole('group', { name: 'Question 2 · points: 1' });
    await own.getByText('Not right · 0/1').waitFor();
    await own.getByText(/Worked answer: .\) Doubling the current/).waitFor();
    // The teacher's feedback for the option chosen.
    await own.getByText('A bigger loop gives a weaker field: B falls as 1/R.').waitFor();
    await check(page, 'quiz-review');

    const zh = await web.signedInPage('student', 'student123', { lang: 'zh' });
    await zh.goto(quizUrl);
    await zh.getByRole('button', { name: '回顾第 1 次作答' }).click();
    await zh.getByRole('group', { name: '第 2 题（1 分）' }).getByText('不正确 · 0/1').waitFor();
    await check(zh, 'quiz-review', 'zh');
  }, 180_000);

  it('shows the teacher the share right and the options chosen', async () => {
    const page = await web.signedInPage('teacher', 'teacher123');
    await page.goto(quizUrl);
    await page.getByRole('heading', { name: 'Results (1 graded attempts)' }).waitFor();
    await page.getByText('Doubling the radius: 1').waitFor();
    await check(page, 'quiz-results');
    const zh = await web.signedInPage('teacher', 'teacher123', { lang: 'zh' });
    await zh.goto(quizUrl);
    await zh.getByRole('heading', { name: '结果（1 次已评分作答）' }).waitFor();
    await check(zh, 'quiz-results', 'zh');
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
  }, 180_000);
});
