import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/**
 * Math in the tutor's answers, typeset by KaTeX in a real browser under the app's own
 * Content-Security-Policy: the offline tutor leads with the formula in TeX, the page shows it as
 * KaTeX (no raw `$…$`, no KaTeX parse error), KaTeX's fonts load, and the browser reports no
 * policy violation. English and Chinese.
 */

/** Records every CSP violation the page reports, from before its first script runs (as page text: these tests type-check without the DOM's types). */
const RECORD_VIOLATIONS = `
  window.policyViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.policyViolations.push(e.violatedDirective + ' ' + e.blockedURI);
  });`;

const policyViolations = (page: Page) => page.evaluate<string[]>('window.policyViolations');

/** Whether a KaTeX_Main font face is declared and loaded, once the page's fonts have settled. */
const katexFontLoaded = (page: Page) =>
  page.evaluate<boolean>(
    "document.fonts.ready.then(() => [...document.fonts].some((f) => f.family.includes('KaTeX_Main') && f.status === 'loaded'))",
  );

describeWith(['chromium'], 'math in the tutor’s answers', ({ chromium }) => {
  const web = browserPlatform(chromium);

  const cases = [
    { lang: 'en', label: 'Your question', send: 'Send', question: 'What is the formula for Coulomb’s law?' },
    { lang: 'zh', label: '您的问题', send: '发送', question: '库仑定律的公式是什么？' },
  ] as const;

  for (const c of cases) {
    it(`typesets the formula an answer leads with, under the app's CSP (${c.lang})`, async () => {
      const page = await web.sessionPage('student', 'student123', { lang: c.lang, width: 1366 });
      await page.addInitScript(RECORD_VIOLATIONS);
      const response = await page.goto('/tutor');
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

      await page.getByLabel(c.label).fill(c.question);
      await page.getByRole('button', { name: c.send }).click();
      const answer = page.getByTestId('assistant-message').last();
      await expect.poll(() => answer.getAttribute('data-status')).toBe('complete');

      // The formula the answer leads with is displayed on its own, not set in the text's size.
      // (Polled: once stored, the streamed answer is drawn again from the conversation.)
      await expect.poll(() => answer.locator('.katex-display').count()).toBeGreaterThan(0);
      // KaTeX keeps the TeX in its MathML for screen readers: the answer's formula is Coulomb's.
      await expect
        .poll(async () => (await answer.locator('.katex-mathml').allTextContents()).join(' '))
        .toMatch(/r\^2/);
      expect(await answer.locator('.katex-error').count()).toBe(0);
      // What a reader sees (the MathML source apart) has no TeX left in it.
      expect(await answer.innerText()).not.toMatch(/\$|\\frac/);

      // The fonts come from the app's own origin, as the policy allows.
      expect(await katexFontLoaded(page)).toBe(true);
      expect(await policyViolations(page)).toEqual([]);
      await web.check(page, 'tutor-math', c.lang);
      expect(web.a11y[`${c.lang}/tutor-math`]).toEqual([]);
    }, 120_000);
  }
});
