import { afterAll, beforeAll, expect, it } from 'vitest';
import { upstreamEnv } from '../../services/ai/test/support/ai-app.js';
import { FakeOpenAI } from '../../services/ai/test/support/fake-openai.js';
import { a11yInEveryView, screenshot } from '../support/browser.js';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/**
 * The chat composer's keys and the streaming controls, against the real platform whose AI
 * service talks to a local fake OpenAI upstream (the simulated mode answers in one burst, too
 * fast to stop): Enter sends, Shift+Enter adds a line, Stop keeps the partial answer marked
 * stopped, Regenerate asks the last question again in the context it was first asked in.
 */
describeWith(['chromium'], 'the chat composer and its streaming controls', ({ chromium }) => {
  let upstream: FakeOpenAI;

  beforeAll(async () => {
    upstream = await FakeOpenAI.start();
  });
  afterAll(() => upstream?.close());

  const web = browserPlatform(chromium, () => upstreamEnv({ local: upstream.url }));
  const signedIn = (lang: 'en' | 'zh', width: number) =>
    web.sessionPage('student', 'student123', { lang, width });

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
      expect(await a11yInEveryView(page, 'chat-stopped', c.lang)).toEqual([]);

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
