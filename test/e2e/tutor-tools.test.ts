import { afterAll, beforeAll, expect, it } from 'vitest';
import { upstreamEnv } from '../../services/ai/test/support/ai-app.js';
import { ScriptedOpenAI } from '../../services/ai/test/support/scripted-openai.js';
import { a11yInEveryView, screenshot } from '../support/browser.js';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/**
 * The tutor chat whose model calls a tool (ADR 0133), in the browser against the real platform and
 * a fake upstream that streams tool calls: the tool shows as a card with the answer, which keeps
 * it once the stored conversation is shown, and a wrong number the model states is flagged.
 */
const RING = 'mag field at the center of a ring of wire, radius 5 cm, 2 amps?';

describeWith(['chromium'], 'the tutor chat with a model that calls tools', ({ chromium }) => {
  let upstream: ScriptedOpenAI;

  beforeAll(async () => {
    upstream = await ScriptedOpenAI.start();
  });
  afterAll(() => upstream?.close());

  const web = browserPlatform(chromium, () => upstreamEnv({ local: upstream.url }));

  it('shows the tool the model ran and the check of the number it stated', async () => {
    upstream.play(
      {
        toolCalls: [
          { id: 'ring', name: 'compute_course_result', arguments: JSON.stringify({ problem: RING }) },
        ],
      },
      { content: 'At the centre $B = \\mu_0 I/(2\\pi R) \\approx 8.0$ μT.' },
    );
    const page = await web.sessionPage('student', 'student123', { lang: 'en', width: 1366 });
    await page.goto('/tutor');
    await page.getByLabel('Your question').fill(RING);
    await page.keyboard.press('Enter');
    const answer = page.getByTestId('assistant-message').last();
    await expect.poll(() => answer.getAttribute('data-status')).toBe('complete');
    await expect.poll(() => answer.textContent()).toContain('Check against the course notes');
    expect(await answer.textContent()).toContain('compute_course_result');
    expect(upstream.requests.map((r) => r.stream)).toEqual([true, true]);
    await answer.getByRole('button', { name: /compute_course_result/ }).click();
    await expect.poll(() => answer.getByText('"solved": true').isVisible()).toBe(true);
    await screenshot(page, 'en', 'tutor-tool-card-1366');
    expect(await a11yInEveryView(page, 'tutor-tool-card', 'en')).toEqual([]);
  }, 120_000);
});
