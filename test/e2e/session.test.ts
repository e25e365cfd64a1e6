import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { a11yInEveryView, screenshot } from '../support/browser.js';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/**
 * The browser session as a person meets it: signed in once, a course opened in a new tab and a
 * reload stay signed in; signing out in one tab ends the others; no page script can read a token.
 */
describeWith(['chromium'], 'the browser session, end to end', ({ chromium }) => {
  const web = browserPlatform(chromium);
  let context: BrowserContext;
  const course = { id: '', name: 'Waves and Optics' };

  beforeAll(async () => {
    const api = await web.api('teacher', 'teacher123');
    course.id = (await api.courses.create({ name: course.name, code: 'WO-301', semester: '2026-2027-1' })).id;
    context = await web.newContext({ width: 1366 });
  }, 90_000);

  async function newTab(): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  /** Everything a script on the page can read that might hold a credential. */
  function readableByScripts(page: Page): Promise<string> {
    return page.evaluate<string>(
      'JSON.stringify({ cookie: document.cookie, local: { ...localStorage }, session: { ...sessionStorage } })',
    );
  }

  const courseHeading = (page: Page) => page.getByRole('heading', { name: course.name });

  it('keeps a new tab and a reload signed in, hides the token from scripts, and signs every tab out', async () => {
    const first = await newTab();
    await first.goto('/sign-in');
    await first.getByLabel('Username').fill('teacher');
    await first.getByLabel(/^Password/).fill('teacher123');
    await first.getByRole('button', { name: 'Sign in' }).click();
    await first.getByRole('heading', { name: /Hello, Demo Teacher/ }).waitFor();

    // The session cookie is HttpOnly and SameSite=Strict, sent only to the renewal route.
    const cookies = await context.cookies();
    const sessionCookie = cookies.find((c) => c.name === 'faraday_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth/refresh' });
    const readable = await readableByScripts(first);
    expect(readable).not.toContain(sessionCookie!.value);
    expect(readable).not.toMatch(/eyJ[\w-]+\.eyJ/); // no JWT anywhere a script can read
    expect(readable).not.toContain('faraday.token');

    // Ctrl+click a course: a new tab of the same browser, signed in.
    await first.getByRole('link', { name: 'Courses' }).click();
    const opened = context.waitForEvent('page');
    await first.getByRole('link', { name: course.name }).click({ modifiers: ['ControlOrMeta'] });
    const second = await opened;
    second.setDefaultTimeout(15_000);
    await second.waitForURL(`**/courses/${course.id}`);
    await courseHeading(second).waitFor();
    expect(new URL(second.url()).pathname).toBe(`/courses/${course.id}`);
    expect(await a11yInEveryView(second, 'session-new-tab', 'en')).toEqual([]);

    // A reload stays signed in, on the same page.
    await second.reload();
    await courseHeading(second).waitFor();
    expect(new URL(second.url()).pathname).toBe(`/courses/${course.id}`);
    expect(await readableByScripts(second)).not.toMatch(/eyJ[\w-]+\.eyJ/);

    // A link from another site (a learning platform, an email) opens signed in too: SameSite=Strict
    // withholds the cookie only from the cross-site navigation, not from the page's own renewal.
    const elsewhere = await newTab();
    const target = `${web.platform.baseUrl}/courses/${course.id}`;
    await elsewhere.setContent(`<main><a href="${target}">Open the course</a></main>`);
    await elsewhere.getByRole('link', { name: 'Open the course' }).click();
    await elsewhere.waitForURL(target);
    await courseHeading(elsewhere).waitFor();
    await elsewhere.close();

    // Signing out in the first tab ends the second one at once, with a word why.
    await first.getByRole('button', { name: 'Sign out' }).click();
    await first.waitForURL('**/sign-in');
    await second.waitForURL('**/sign-in');
    await second.getByText('You have been signed out. Please sign in again.').waitFor();
    await screenshot(second, 'en', 'session-signed-out-elsewhere');

    // The session is over on the server too: neither a reload nor a new tab gets back in.
    expect((await context.cookies()).find((c) => c.name === 'faraday_session')).toBeUndefined();
    const third = await newTab();
    await third.goto(`/courses/${course.id}`);
    await third.waitForURL('**/sign-in');
    await third.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  it('does the same in Chinese on a phone', async () => {
    const phone = await web.newContext({ lang: 'zh', width: 375, height: 800 });
    try {
      const first = await phone.newPage();
      first.setDefaultTimeout(15_000);
      await first.goto('/sign-in');
      await first.getByLabel('用户名').fill('student');
      await first.getByLabel(/^密码/).fill('student123');
      await first.getByRole('button', { name: '登录' }).click();
      await first.getByRole('heading', { name: /你好/ }).waitFor();

      const second = await phone.newPage();
      second.setDefaultTimeout(15_000);
      await second.goto('/courses');
      await second.waitForURL('**/courses');
      await second.getByRole('button', { name: '退出登录' }).waitFor();
      await screenshot(second, 'zh', 'session-new-tab-375');

      await first.getByRole('button', { name: '退出登录' }).click();
      await second.getByText('您已退出登录，请重新登录。').waitFor();
      expect(await a11yInEveryView(second, 'session-signed-out-elsewhere', 'zh')).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
