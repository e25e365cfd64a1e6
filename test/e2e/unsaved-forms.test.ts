import { expect, it } from 'vitest';
import { browserPlatform, type Lang } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/** The words a person reads, in each language. */
const words = {
  en: {
    courses: 'Courses',
    newCourse: 'New course',
    name: 'Name',
    question: 'Your question',
    prompt: 'Unsaved changes',
    close: 'Close',
    stay: 'Stay and keep editing',
    leave: 'Leave without saving',
  },
  zh: {
    courses: '课程',
    newCourse: '新建课程',
    name: '名称',
    question: '您的问题',
    prompt: '尚未保存',
    close: '关闭',
    stay: '留下继续编辑',
    leave: '不保存，离开',
  },
} as const;

/**
 * Nothing typed is lost outside grading either (grading-guards.test.ts has the grader): closing
 * a course form with a typed name, or leaving the tutor with a half-written question, asks first;
 * staying keeps what was typed, leaving goes.
 */
describeWith(['chromium'], 'forms and the chat keep typed work, end to end', ({ chromium }) => {
  const web = browserPlatform(chromium);
  const { a11y, check } = web;

  for (const [lang, width] of [
    ['en', 1366],
    ['zh', 375],
  ] as const satisfies readonly (readonly [Lang, number])[]) {
    const w = words[lang];

    it(`asks before closing a course form with a typed name (${lang}, ${width} px)`, async () => {
      const page = await web.sessionPage('teacher', 'teacher123', { lang, width });
      await page.goto('/courses');
      await page.getByRole('button', { name: w.newCourse }).click();
      const form = page.getByRole('dialog').filter({ hasText: w.newCourse });
      const name = form.getByRole('textbox', { name: new RegExp(`^${w.name}`) });
      await name.fill('Optics');
      const closeButton = form.getByRole('button', { name: w.close });
      await closeButton.click();
      const prompt = page.getByRole('dialog', { name: w.prompt });
      await prompt.waitFor();
      await check(page, `unsaved-course-form-${width}`, lang);

      await prompt.getByRole('button', { name: w.stay }).click();
      await prompt.waitFor({ state: 'hidden' });
      expect(await name.inputValue()).toBe('Optics');

      await closeButton.click();
      await prompt.getByRole('button', { name: w.leave }).click();
      await form.waitFor({ state: 'hidden' });
    });

    it(`asks when Escape would close a course form with a typed name (${lang}, ${width} px)`, async () => {
      const page = await web.sessionPage('teacher', 'teacher123', { lang, width });
      await page.goto('/courses');
      await page.getByRole('button', { name: w.newCourse }).click();
      const form = page.getByRole('dialog').filter({ hasText: w.newCourse });
      const name = form.getByRole('textbox', { name: new RegExp(`^${w.name}`) });
      await name.fill('Optics');
      await name.press('Escape');
      const prompt = page.getByRole('dialog', { name: w.prompt });
      await prompt.waitFor();
      // The question stays up until answered: the Escape that raised it does not also dismiss it.
      await page.waitForTimeout(600);
      expect(await prompt.isVisible()).toBe(true);
      await prompt.getByRole('button', { name: w.stay }).click();
      await prompt.waitFor({ state: 'hidden' });
      expect(await name.inputValue()).toBe('Optics');
      // Escape on the question itself means stay.
      await name.press('Escape');
      await prompt.waitFor();
      await page.keyboard.press('Escape');
      await prompt.waitFor({ state: 'hidden' });
      expect(await form.isVisible()).toBe(true);
    });

    it(`asks before leaving the tutor with a half-written question (${lang}, ${width} px)`, async () => {
      const page = await web.sessionPage('student', 'student123', { lang, width });
      await page.goto('/tutor');
      await page.getByLabel(w.question).fill('Why is the field inside a conductor zero');
      // On a phone the navigation sits behind the menu button (and closes again after a click).
      const nav = page.getByRole('navigation').getByRole('link', { name: w.courses, exact: true });
      if (width < 768) await page.getByRole('button', { name: /Toggle navigation|展开或收起导航/ }).click();
      await nav.click();
      const prompt = page.getByRole('dialog', { name: w.prompt });
      await prompt.waitFor();
      await check(page, `unsaved-chat-${width}`, lang);

      await prompt.getByRole('button', { name: w.stay }).click();
      await prompt.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/tutor');
      expect(await page.getByLabel(w.question).inputValue()).toBe('Why is the field inside a conductor zero');

      if (width < 768) await page.getByRole('button', { name: /Toggle navigation|展开或收起导航/ }).click();
      await nav.click();
      await prompt.getByRole('button', { name: w.leave }).click();
      await page.waitForURL('**/courses');
    });
  }

  it('has no accessibility violations of any impact on the prompts, in either language or width', () => {
    expect(Object.keys(a11y)).toHaveLength(4);
    for (const [state, violations] of Object.entries(a11y)) expect(violations, state).toEqual([]);
  });
});
