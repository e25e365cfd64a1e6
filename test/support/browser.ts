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

/** axe-core's violations of every impact (minor and moderate too) on the page, as readable lines. */
export async function a11yViolations(page: Page): Promise<string[]> {
  // A dialog still fading in has the colours of its half-way opacity: judge the settled page.
  await settled(page);
  // A toast closes on its own timer (Mantine's autoClose) and may start fading while axe reads
  // colours, which then blend with the page behind: judge with every state drawn whole.
  const whole = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  const results = await new AxeBuilder({ page }).analyze().finally(() => whole.evaluate((el) => el.remove()));
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * The header's controls that do not fit in the viewport (a sign-out button half off a phone's
 * screen): the header never scrolls, so what sticks out cannot be read or reached.
 */
export async function clippedHeaderControls(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`[...document.querySelectorAll('header button, header a, header select')]
    .filter((el) => el.getClientRects().length > 0)
    .filter((el) => { const r = el.getBoundingClientRect(); return r.left < -1 || r.right > window.innerWidth + 1; })
    .map((el) => 'header control cut off at the viewport edge: ' + (el.getAttribute('aria-label') || el.textContent || el.tagName).trim())`);
}

export type ViewLang = 'en' | 'zh';
/** The widths every page state is judged at: a phone and a laptop. */
export const viewWidths = [375, 1366] as const;
export const viewLangs: readonly ViewLang[] = ['en', 'zh'];

/** Two animation frames: React has rendered what a resize or a language change asked for. */
function painted(page: Page): Promise<unknown> {
  return page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
}

/**
 * Switches the page's language as a person does, with the control the page shows: the header's
 * select on a signed-in page, the segmented switch on the sign-in pages. Whatever is open (a
 * dialog, a typed form) stays, so the same page state is judged in the other language.
 */
async function showIn(page: Page, lang: ViewLang): Promise<void> {
  const prefix = lang === 'zh' ? 'zh' : 'en';
  const now = await page.evaluate<string>('document.documentElement.lang');
  if (now.startsWith(prefix)) return;
  const select = page.locator('header select:has(option[value="zh"])');
  if ((await select.count()) > 0) await select.first().selectOption(lang);
  // An open dialog's overlay covers the switch: a click event on the radio itself picks it.
  else await page.locator(`input[type="radio"][value="${lang}"]`).first().dispatchEvent('click');
  await page.waitForFunction(`document.documentElement.lang.startsWith('${prefix}')`);
  await painted(page);
}

/**
 * axe's findings of every impact on the page state in both languages at a phone's and a laptop's
 * width, with a screenshot of each (`<lang>/<name>@<width>.png`); the page ends as it came, in
 * `lang` at its own size. Each finding names the view it was seen in.
 */
export async function a11yInEveryView(page: Page, name: string, lang: ViewLang): Promise<string[]> {
  const size = page.viewportSize() ?? { width: 1366, height: 900 };
  const views = viewLangs.flatMap((l) => viewWidths.map((width) => ({ lang: l, width })));
  // The page's own view last, so that the test goes on with the page as it had it.
  const ownWidth = size.width <= 375 ? 375 : 1366;
  const own = (v: { lang: ViewLang; width: number }) => v.lang === lang && v.width === ownWidth;
  const ordered = [...views.filter((v) => !own(v)), ...views.filter(own)];
  const found: string[] = [];
  for (const view of ordered) {
    await page.setViewportSize({ width: view.width, height: size.height });
    await showIn(page, view.lang);
    await painted(page);
    const lines = [...(await a11yViolations(page)), ...(await clippedHeaderControls(page))];
    for (const line of lines) found.push(`[${view.lang} ${view.width}px] ${line}`);
    await screenshot(page, view.lang, `${name}@${view.width}`);
  }
  if (page.viewportSize()?.width !== size.width) await page.setViewportSize(size);
  return found;
}
