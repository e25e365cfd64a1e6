import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { upstreamEnv } from '../../services/ai/test/support/ai-app.js';
import { FakeOpenAI } from '../../services/ai/test/support/fake-openai.js';
import { launchChromium, screenshot, seriousA11yViolations } from '../support/browser.js';
import { describeWith } from '../support/optional-parts.js';
import { type Platform, root, startPlatform } from '../support/platform.js';

/**
 * The chat composer's keys and the streaming controls, against the real platform whose AI
 * service talks to a local fake OpenAI upstream (the simulated mode answers in one burst, too
 * fast to stop): Enter sends, Shift+Enter adds a line, Stop keeps the partial answer marked
 * stopped, Regenerate asks the last question again in the context it was first asked in.
 */
describeWith(['chromium'], 'the chat composer and its streaming controls', ({ chromium }) => {
  let platform: Platform;
  let browser: Browser;
  let upstream: FakeOpenAI;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
      throw new Error('apps/web/dist is missing: the browser lane builds it first (npm run build)');
    }
    upstream = await FakeOpenAI.start();
    platform = await startPlatform(upstreamEnv({ local: upstream.url }));
    browser = await launchChromium(chromium);
  }, 90_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await platform?.stop();
    await upstream?.close();
  });

  async function signedIn(lang: 'en' | 'zh', width: number): Promise<Page> {
    const context = await browser.newContext({
      baseURL: platform.baseUrl,
      locale: lang === 'zh' ? 'zh-CN' : 'en-US',
      viewport: { width, height: 900 },
    });
    contexts.push(context);
    const login = await context.request.post('/api/v1/auth/login', {
      headers: { origin: platform.baseUrl },
      data: { username: 'student', password: 'student123', browser_session: true },
    });
    expect(login.status()).toBe(200);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  const cases = [
    { lang: 'en', width: 1366, label: 'Your question', stop: 'Stop', regenerate: 'Regenerate' },
    { lang: 'zh', width: 375, label: '您的问题', stop: '停止', regenerate: '重新生成' },
  ] as const;

  for (const c of cases) {
    it(`Enter sends, Shift+Enter adds a line, Stop keeps the partial answer, Regenerate re-asks (${c.lang}, ${c.width} px)`, async () => {
      upstream.reset();
      upstream.behave({ kind: 'endless', intervalMs: 150 });
      const page = await signedIn(c.lang, c.width);
      const warnings: string[] = [];
      page.on('console', (message) => warnings.push(message.text()));
      await page.goto('/tutor');
      const box = page.getByLabel(c.label);
      await box.click();
      await page.keyboard.type('What is flux?');
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('In one line please.');
      expect(await box.inputValue()).toBe('What is flux?\nIn one line please.');
      expect(upstream.requests).toHaveLength(0);

      await page.keyboard.press('Enter');
      const answer = page.getByTestId('assistant-message').last();
      await expect.poll(() => answer.textContent()).toContain('tick2');
      await screenshot(page, c.lang, `chat-streaming-${c.width}`);
      await page.getByRole('button', { name: c.stop }).click();
      await upstream.waitForAbort();

      // The partial answer stays, marked stopped, also once the stored conversation is shown.
      await expect.poll(() => answer.getAttribute('data-status')).toBe('stopped');
      await page.getByRole('button', { name: c.regenerate }).waitFor();
      const partial = (await answer.textContent()) ?? '';
      expect(partial).toContain('tick0');
      await screenshot(page, c.lang, `chat-stopped-${c.width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      upstream.behave({ kind: 'reply', content: 'Flux counts field lines through a surface.' });
      await page.getByRole('button', { name: c.regenerate }).click();
      await expect
        .poll(() => page.getByTestId('assistant-message').last().textContent())
        .toContain('Flux counts field lines');
      await expect
        .poll(() => page.getByTestId('assistant-message').last().getAttribute('data-status'))
        .toBe('complete');
      // Asked again with the question itself last, not the stopped answer.
      const asked = upstream.requests.at(-1)?.body.messages ?? [];
      expect(asked.at(-1)).toMatchObject({ role: 'user' });
      expect(asked.at(-1)?.content).toContain('In one line please.');
      expect(asked.some((m) => m.role === 'assistant' && m.content.includes('tick0'))).toBe(false);
      await screenshot(page, c.lang, `chat-regenerated-${c.width}`);
      // The first load of a lazily loaded page names its fallback: React Router has nothing to warn.
      expect(warnings.filter((w) => w.includes('HydrateFallback'))).toEqual([]);
    }, 120_000);
  }
});
