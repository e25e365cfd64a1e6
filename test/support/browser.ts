import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';
import { root } from './platform.js';

/**
 * Debian's Chromium (npx playwright install cannot download here), headless, offline-safe flags.
 * `executablePath` comes from optional-parts.ts (`describeWith(['chromium'], …)`): CHROMIUM_PATH or
 * /usr/bin/chromium.
 */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Waits for the page's animations that have an end (a dialog's fade-in); a spinner's animation
 * never finishes, so waiting for every animation would hang while an answer streams.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
      .map((a) => a.finished.catch(() => {})),
  )`);
}

/** Where the end-to-end runs save their screenshots (gitignored), one folder per language. */
export const screenshotDir = join(root, 'test-results', 'screenshots');

export async function screenshot(page: Page, lang: string, name: string): Promise<void> {
  const dir = join(screenshotDir, lang);
  mkdirSync(dir, { recursive: true });
  // A dialog caught mid fade-in is half transparent over the page: picture the settled page.
  await settled(page);
  // A full-page picture of a scrolled page draws the sticky header where the scroll left it, over
  // the middle of the page: take it from the top, then put the page back where the test had it.
  const scrolledTo = await page.evaluate<number>('window.scrollY');
  if (scrolledTo > 0) await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
  if (scrolledTo > 0) await page.evaluate(`window.scrollTo(0, ${scrolledTo})`);
}

/** axe-core's serious and critical violations on the page, as readable lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // A dialog still fading in has the colours of its half-way opacity: judge the settled page.
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
