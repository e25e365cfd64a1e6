import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  currentInstance,
  latestSessionId,
  rightAnswer,
} from '../../services/ai/test/support/guided-oracle.js';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

/**
 * The AI tutor in a real browser against the real platform (npm start's three services, fresh
 * SQLite, the AI service in simulated mode): a streamed `tutor_rag` answer with a citation that
 * quotes the notes, conversations kept on the server, tool cards, a guided session to 100 %,
 * and a writing analysis with its improvements marked in the text. English and Chinese.
 */

interface SseEvent {
  type: string;
  content?: string;
  citations?: { n: number; source: string; title?: string; section: string; text: string }[];
}

function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .map((frame) => frame.split('\n').find((line) => line.startsWith('data:')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice(5)) as SseEvent);
}

const PAPER = `Gauss's law is very important. It is really very important for physics and it's used a lot in many many situations that students see.

The flux through a closed surface equals the enclosed charge divided by the permittivity of free space, which we can show with a sphere of radius r around a point charge, and this result does not depend on the radius of the sphere at all, which is surprising for many students who first meet it in a course on electromagnetism and who expect the flux to grow with the area of the surface.

In conclusion Gauss's law is useful. We used it.`;

const ZH_PAPER = `高斯定理是电磁学中非常重要的定理。它说明通过任意闭合曲面的电通量等于曲面内包围的电荷除以真空介电常数，这个结论与曲面的形状和大小无关。

在对称性较高的情形下，我们可以选取合适的高斯面来求电场，例如均匀带电球体、无限长带电直线和无限大带电平面。这样的计算比直接用库仑定律积分简单得多，因此在教学中经常使用。

总之高斯定理很有用。我们用了它。`;

describeWith(['chromium'], 'the AI tutor in the browser', ({ chromium }) => {
  const web = browserPlatform(chromium);
  const { a11y, check } = web;
  const signedIn = (lang: 'en' | 'zh' = 'en', width = 1440) =>
    web.sessionPage('student', 'student123', { lang, width });

  async function noSidewaysScroll(page: Page, name: string) {
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(1);
  }

  it('streams a tutor_rag answer about Gauss’s law whose citation quotes the notes, kept in a conversation', async () => {
    const page = await signedIn();
    await page.goto('/');
    await page.getByRole('link', { name: 'AI tutor' }).click();
    await page.waitForURL('**/tutor');
    await expect
      .poll(() =>
        page
          .locator('input')
          .and(page.getByLabel('Mode', { exact: true }))
          .inputValue(),
      )
      .toBe('Tutor with course notes');
    await check(page, 'tutor-chat-empty');

    const question = "What does Gauss's law say about the electric flux through a closed surface?";
    await page.getByLabel('Your question').fill(question);
    const streamed = page.waitForResponse((r) => r.url().endsWith('/api/v1/ai/chat'));
    await page.getByRole('button', { name: 'Send' }).click();
    const response = await streamed;
    expect(response.headers()['content-type']).toContain('text/event-stream');
    const events = parseSse(await response.text());
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(events.at(-1)?.type).toBe('done');
    const citations = events.find((e) => e.type === 'citations')?.citations ?? [];
    expect(citations.length).toBeGreaterThan(0);

    const answer = page.getByTestId('assistant-message').last();
    await expect.poll(() => answer.getAttribute('data-status')).toBe('complete');
    const cite = answer.getByRole('button', { name: 'Open citation 1' }).first();
    await cite.click();
    const dialog = page.getByRole('dialog', { name: 'Citation [1]' });
    const passage = dialog.getByTestId('citation-passage');
    await passage.waitFor();
    const first = citations.find((c) => c.n === 1)!;
    expect(await passage.textContent()).toContain(first.text.slice(0, 60));
    // Named by the notes' title, never by their path (en/gauss-law.md).
    expect(first.title).toBeTruthy();
    expect(await passage.textContent()).toContain(first.title!);
    expect(await passage.textContent()).not.toContain(first.source);
    await check(page, 'tutor-citation');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Kept on the server: named after the question, renamed, still there after a reload.
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    await sidebar.getByRole('button', { name: question, exact: true }).waitFor();
    await sidebar.getByRole('button', { name: `Actions for ${question}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('dialog').getByLabel('Title').fill('Gauss revision');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await sidebar.getByRole('button', { name: 'Gauss revision', exact: true }).waitFor();
    await page.reload();
    await page.getByTestId('assistant-message').first().waitFor();
    expect(await page.getByTestId('assistant-message').first().textContent()).toContain(
      (deltas[0]?.content ?? '').trim().slice(0, 10),
    );
    await check(page, 'tutor-chat');
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
  }, 120_000);

  it('shows each tool call as a collapsible card, and deletes a conversation', async () => {
    const page = await signedIn();
    await page.goto('/tutor');
    await page.getByRole('button', { name: 'New conversation' }).click();
    await page
      .locator('input')
      .and(page.getByLabel('Mode', { exact: true }))
      .click();
    await page.getByRole('option', { name: /Tutor with tools/ }).click();
    await page.getByLabel('Your question').fill('Convert 3 mT to gauss');
    await page.getByRole('button', { name: 'Send' }).click();
    const card = page.getByRole('button', { name: /convert_units/ });
    await card.waitFor();
    expect(await card.getAttribute('aria-expanded')).toBe('false');
    await card.click();
    expect(await card.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('Arguments').first().waitFor();
    await check(page, 'tutor-tools');

    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    await sidebar.getByRole('button', { name: 'Actions for Convert 3 mT to gauss' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => sidebar.getByRole('button', { name: 'Convert 3 mT to gauss', exact: true }).count())
      .toBe(0);
    expect(a11y['en/tutor-tools']).toEqual([]);
  }, 120_000);

  it('completes a guided session to 100 % through its exercise inputs, resuming it from the list on the way', async () => {
    const page = await signedIn();
    await page.goto('/tutor/guided');
    await page.getByLabel('Topic').fill("Gauss's law");
    await page.getByRole('button', { name: 'Start learning' }).click();
    const progress = page.getByTestId('guided-progress');
    await expect.poll(() => progress.textContent()).toBe('0 %');
    await page.getByTestId('guided-exercise').waitFor();
    await check(page, 'tutor-guided');
    const dir = web.platform.dataDir;

    // The right answer, as the server would check it: only the test can read it, from the store.
    const answerExercise = async (wrong = false) => {
      const before = await progress.textContent();
      const form = page.getByTestId('guided-exercise');
      const exerciseCount = await page.getByTestId('assistant-message').count();
      const answer = rightAnswer(currentInstance(dir, latestSessionId(dir)));
      if (answer.kind === 'numeric') {
        await form.getByLabel('Unit').fill(String(answer.unit));
        await form.getByLabel('Value').fill(String(wrong ? Number(answer.value) * 1000 : answer.value));
        await form.getByLabel('Value').press('Enter');
      } else if (answer.kind === 'choice') {
        // Keyboard only: the radio group is one tab stop; Space picks, Tab reaches the button.
        await form.getByRole('radio', { name: new RegExp(`^${answer.choice}\\)`) }).focus();
        await page.keyboard.press('Space');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
      } else if (answer.kind === 'formula') {
        await form.getByLabel('Formula').fill(answer.formula);
        await form.getByLabel('Formula').press('Enter');
      }
      if (wrong) {
        await expect.poll(() => page.getByTestId('assistant-message').count()).toBeGreaterThan(exerciseCount);
        return;
      }
      await expect.poll(() => progress.textContent()).not.toBe(before);
    };
    // A wrong number: a hint, no progress; the same exercise again.
    expect(await page.getByTestId('guided-exercise').getAttribute('data-kind')).toBe('numeric');
    await answerExercise(true);
    await page.getByText('Not quite:').last().waitFor();
    await page.getByText('Hint:').last().waitFor();
    expect(await progress.textContent()).toBe('0 %');
    await check(page, 'tutor-guided-hint');
    await answerExercise();
    await answerExercise();
    const reached = await progress.textContent();

    // Leave, and resume the unfinished session from the list.
    await page.getByRole('button', { name: 'Another topic' }).click();
    await page.getByRole('button', { name: "Resume Gauss's law" }).click();
    await expect.poll(() => progress.textContent()).toBe(reached);
    expect(await page.locator('[aria-current="step"]').count()).toBe(1);
    await page.getByTestId('guided-exercise').waitFor();
    if ((await page.getByTestId('guided-exercise').getAttribute('data-kind')) === 'choice')
      await check(page, 'tutor-guided-choice');

    for (let i = 0; i < 10 && (await progress.textContent()) !== '100 %'; i++) await answerExercise();
    expect(await progress.textContent()).toBe('100 %');
    await page.getByText('Path complete').waitFor();
    await check(page, 'tutor-guided-complete');
    // Completed: no longer offered for resuming.
    await page.getByRole('button', { name: 'Another topic' }).click();
    await page.getByText('No unfinished sessions.').waitFor();
    expect(a11y['en/tutor-guided']).toEqual([]);
    expect(a11y['en/tutor-guided-hint']).toEqual([]);
    expect(a11y['en/tutor-guided-complete']).toEqual([]);
  }, 180_000);

  it('analyses a paper and marks each improvement on the sentence or paragraph it concerns', async () => {
    const page = await signedIn();
    await page.goto('/tutor/writing');
    await page.getByLabel('Your text').fill(PAPER);
    await page.getByRole('button', { name: 'Analyse' }).click();
    await page.getByTestId('writing-result').waitFor();
    expect(Number(await page.getByTestId('overall-score').textContent())).toBeGreaterThan(0);
    const marks = page.getByTestId('marked-text').locator('mark');
    expect(await marks.count()).toBeGreaterThan(0);
    // A long-sentence improvement marks exactly that sentence.
    const texts = await marks.allTextContents();
    expect(
      texts.some((t) => t.includes('The flux through a closed surface equals the enclosed charge')),
    ).toBe(true);
    expect(await page.getByTestId('improvement').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Show in the text' }).first().click();
    await check(page, 'tutor-writing');
    expect(a11y['en/tutor-writing']).toEqual([]);
  }, 120_000);

  it('speaks Chinese on every tutor page and stays usable at 375 px', async () => {
    const page = await signedIn('zh');
    await page.goto('/tutor/chat');
    await page.getByLabel('您的问题').fill('高斯定理说明了通过闭合曲面的电通量与什么有关？');
    await page.getByRole('button', { name: '发送' }).click();
    await expect
      .poll(() => page.getByTestId('assistant-message').last().getAttribute('data-status'))
      .toBe('complete');
    await check(page, 'tutor-chat', 'zh');
    await page.goto('/tutor/guided');
    await page.getByLabel('主题').fill('高斯定理');
    await page.getByRole('button', { name: '开始学习' }).click();
    await page.getByTestId('guided-progress').waitFor();
    await page.getByLabel('数值').waitFor();
    await page.getByLabel('单位').waitFor();
    await page.getByRole('button', { name: '检查答案' }).waitFor();
    await check(page, 'tutor-guided', 'zh');
    await page.goto('/tutor/writing');
    await page.getByLabel('你的文本').fill(ZH_PAPER);
    await page.getByRole('button', { name: '分析' }).click();
    await page.getByTestId('writing-result').waitFor();
    await check(page, 'tutor-writing', 'zh');

    const narrow = await signedIn('en', 375);
    for (const [path, ready] of [
      ['/tutor/chat', 'Your question'],
      ['/tutor/guided', 'Topic'],
      ['/tutor/writing', 'Your text'],
    ] as const) {
      await narrow.goto(path);
      await narrow.getByLabel(ready).waitFor();
      await noSidewaysScroll(narrow, path);
    }
    await narrow.goto('/tutor/chat');
    await narrow.getByRole('button', { name: 'Gauss revision', exact: true }).click();
    await narrow.getByTestId('assistant-message').first().waitFor();
    await noSidewaysScroll(narrow, 'chat with an answer');
    await check(narrow, 'tutor-chat-375');
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
  }, 120_000);
});
