import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createFaradayClient, type FaradayClient } from '@faraday/client';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { a11yInEveryView, launchChromium, viewLangs, viewWidths } from './browser.js';
import { type Platform, root, startPlatform } from './platform.js';

export type Lang = 'en' | 'zh';

export interface PageOptions {
  lang?: Lang;
  width?: number;
  height?: number;
  acceptDownloads?: boolean;
}

/** The sign-in form's words, as a person reads them in each language. */
const signInWords = {
  en: { username: 'Username', password: /^Password/, submit: 'Sign in' },
  zh: { username: '用户名', password: /^密码/, submit: '登录' },
} as const;

export interface BrowserPlatform {
  /** The running platform (set once the suite's beforeAll has run). */
  readonly platform: Platform;
  readonly browser: Browser;
  /** A fresh browser context (closed after the suite) in the language, time zone and size asked for. */
  newContext(options?: PageOptions): Promise<BrowserContext>;
  newPage(options?: PageOptions): Promise<Page>;
  /** Fills and submits the sign-in form; does not wait, so a refused sign-in can be looked at. */
  submitSignIn(page: Page, username: string, password: string, lang?: Lang): Promise<void>;
  /** A new page signed in through the form, past the sign-in page. */
  signedInPage(username: string, password: string, options?: PageOptions): Promise<Page>;
  /** A new page whose context signed in as the web app does (the session cookie), on no page yet. */
  sessionPage(username: string, password: string, options?: PageOptions): Promise<Page>;
  /** The API client of a signed-in user (a bearer token, as API clients use). */
  api(username: string, password: string): Promise<FaradayClient>;
  /**
   * axe findings of every impact per `lang/name` page state that `check` looked at, each state
   * judged in English and Chinese at 375 and 1366 px.
   */
  readonly a11y: Record<string, string[]>;
  /** How many views (page state × language × width) axe has judged in this suite. */
  readonly a11yViews: number;
  /**
   * Once the page is idle: its axe findings in both languages at both widths into `a11y`, and a
   * screenshot of each view to look at; the page is left in `lang` at its own size.
   */
  check(page: Page, name: string, lang?: Lang): Promise<void>;
}

/**
 * The platform as `npm start` runs it and Debian's Chromium, started before a browser suite and
 * stopped after it, with the contexts the suite opened. `env` is read when the suite starts, so
 * it may name a fake upstream started by an earlier beforeAll.
 */
export function browserPlatform(
  chromiumPath: string,
  env: () => Record<string, string> = () => ({}),
): BrowserPlatform {
  let platform: Platform | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let views = 0;

  beforeAll(async () => {
    if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
      throw new Error('apps/web/dist is missing: the browser lane builds it first (npm run build)');
    }
    platform = await startPlatform(env());
    browser = await launchChromium(chromiumPath);
  }, 90_000);

  afterAll(async () => {
    if (views > 0) {
      const found = Object.values(harness.a11y).flat().length;
      console.log(`axe judged ${views} views (page state × language × width): ${found} violations`);
    }
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await platform?.stop();
  });

  const started = <T>(part: T | undefined, name: string): T => {
    if (!part) throw new Error(`the ${name} is not running: use it inside a test or a later beforeAll`);
    return part;
  };

  const harness: BrowserPlatform = {
    a11y: {},
    get a11yViews() {
      return views;
    },
    get platform() {
      return started(platform, 'platform');
    },
    get browser() {
      return started(browser, 'browser');
    },
    async newContext({ lang = 'en', width = 1440, height = 900, acceptDownloads = false } = {}) {
      const options: BrowserContextOptions = {
        baseURL: harness.platform.baseUrl,
        locale: lang === 'zh' ? 'zh-CN' : 'en-US',
        timezoneId: 'Asia/Shanghai',
        viewport: { width, height },
        acceptDownloads,
      };
      const context = await harness.browser.newContext(options);
      contexts.push(context);
      return context;
    },
    async newPage(options) {
      const page = await (await harness.newContext(options)).newPage();
      page.setDefaultTimeout(20_000);
      return page;
    },
    async submitSignIn(page, username, password, lang = 'en') {
      const words = signInWords[lang];
      await page.goto('/sign-in');
      await page.getByLabel(words.username).fill(username);
      await page.getByLabel(words.password).fill(password);
      await page.getByRole('button', { name: words.submit }).click();
    },
    async signedInPage(username, password, options = {}) {
      const page = await harness.newPage(options);
      await harness.submitSignIn(page, username, password, options.lang);
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      return page;
    },
    async sessionPage(username, password, options) {
      const context = await harness.newContext(options);
      const login = await context.request.post('/api/v1/auth/login', {
        headers: { origin: harness.platform.baseUrl },
        data: { username, password, browser_session: true },
      });
      if (login.status() !== 200) throw new Error(`sign-in as ${username} answered ${login.status()}`);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      return page;
    },
    async api(username, password) {
      const baseUrl = harness.platform.baseUrl;
      const { access_token } = await createFaradayClient({ baseUrl }).auth.login(username, password);
      return createFaradayClient({ baseUrl, getToken: () => access_token });
    },
    async check(page, name, lang = 'en') {
      await page.waitForLoadState('networkidle');
      harness.a11y[`${lang}/${name}`] = await a11yInEveryView(page, name, lang);
      views += viewLangs.length * viewWidths.length;
    },
  };
  return harness;
}
