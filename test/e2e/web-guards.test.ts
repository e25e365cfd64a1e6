import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/**
 * The security headers as a browser applies them: the app (figures and charts included) and the
 * API reference run without one Content-Security-Policy violation, and no other site can frame
 * the app.
 */
describeWith(['chromium'], 'the security headers in a browser', ({ chromium }) => {
  const web = browserPlatform(chromium);
  let context: BrowserContext;

  beforeAll(async () => {
    context = await web.newContext({ width: 1366 });
    // Every violation a page reports, whatever the directive, kept on the page for the test to read.
    await context.addInitScript({
      content:
        'window.policyViolations = [];' +
        "document.addEventListener('securitypolicyviolation', (e) => " +
        "window.policyViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber + ':' + e.columnNumber));",
    });
  }, 90_000);

  /** Each violation as `directive blocked-URI source:line:column`. */
  const violations = (page: Page) => page.evaluate<string[]>('window.policyViolations');

  it('signs in, runs a solver and opens the tutor and the API reference without a policy violation', async () => {
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto('/sign-in');
    await page.locator('input[autocomplete="username"]').fill('student');
    await page.locator('input[type="password"]').fill('student123');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    expect(await violations(page)).toEqual([]);

    // The lab's figure arrives as a data: image and SVG; in-app navigation keeps the page's listener.
    await page.getByRole('link', { name: 'Simulation lab' }).click();
    await page
      .getByRole('link', { name: /Point charges/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByTestId('figure').waitFor();
    await page.getByRole('link', { name: 'AI tutor' }).click();
    await page.waitForURL('**/tutor');
    expect(await violations(page)).toEqual([]);

    await page.goto('/docs');
    await page
      .getByText(/Faraday/)
      .first()
      .waitFor();
    // The reference page's bundle asks once whether eval works (`new Function("")` in a try) and
    // falls back when the policy says no: that refusal is the policy working, not the page broken.
    const probe = /^script-src eval \S+\/docs\/js\/scalar\.js:/;
    expect((await violations(page)).filter((v) => !probe.test(v))).toEqual([]);
  }, 120_000);

  it('refuses to be shown in another site’s frame', async () => {
    const page = await context.newPage();
    const refused = page.waitForEvent('console', (message) =>
      /frame-ancestors|refused to (display|frame)/i.test(message.text()),
    );
    // about:blank framing the app: a different origin, as another site would be.
    await page.setContent(`<iframe src="${web.platform.baseUrl}/sign-in" title="framed"></iframe>`);
    expect((await refused).text()).toMatch(/frame-ancestors/);
    const framed = page.frames().find((frame) => frame.url().includes('/sign-in'));
    expect(
      (await framed
        ?.locator('input[autocomplete="username"]')
        .count()
        .catch(() => 0)) ?? 0,
    ).toBe(0);
  }, 60_000);
});
