// Tutor streaming latency: how long after a token leaves the upstream model it is on the student's
// screen, median of 10 answers in headless Chromium on loopback against the real platform (npm
// start's three services, fresh SQLite). The model is a small local server speaking the
// OpenAI-compatible streaming protocol (the one network edge we cannot reach); it writes a marked
// first token, holds the rest for 500 ms and notes when it wrote it. The browser notes when the
// marked token appears in the page (a MutationObserver). Baseline in the same run: the same
// stream read by Node's fetch straight from the backend, i.e. the relay without the browser.
// Not a test.
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { report } from '../../../bench/report.mjs';
import { freePort, median, startPlatform } from './platform.mjs';

const now = () => performance.timeOrigin + performance.now();
const HOLD_MS = 500;

// ---- the upstream model: OpenAI-compatible chat completions, streamed
const sentAt = new Map();
const chunk = (delta, finish = null) =>
  `data: ${JSON.stringify({
    id: 'bench',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'bench-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
const upstream = createServer(async (req, res) => {
  let raw = '';
  for await (const part of req) raw += part;
  const body = JSON.parse(raw);
  const question = body.messages.at(-1)?.content ?? '';
  const marker = /MARK\d+/.exec(question)?.[0] ?? 'MARK';
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk({ role: 'assistant', content: `${marker} ` }));
  sentAt.set(marker, now());
  await new Promise((r) => setTimeout(r, HOLD_MS));
  res.write(chunk({ content: 'and the rest of the answer.' }));
  res.write(chunk({}, 'stop'));
  res.end('data: [DONE]\n\n');
});
const upstreamPort = await freePort();
await new Promise((r) => upstream.listen(upstreamPort, '127.0.0.1', r));

const { base, stop } = await startPlatform('tutor-bench', {
  LLM_BASE_URL_LOCAL: `http://127.0.0.1:${upstreamPort}`,
  LLM_API_KEY_LOCAL: 'bench-key',
  LLM_MODEL_LOCAL: 'bench-model',
  AI_RATE_LIMIT_PER_MINUTE: '1000',
});
let browser;
try {
  const login = await (
    await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'student', password: 'student123' }),
    })
  ).json();
  const token = login.data.access_token;

  // Baseline: the backend's stream read by Node, no browser.
  const relay = [];
  for (let i = 0; i < 11; i++) {
    const marker = `MARK${1000 + i}`;
    const response = await fetch(`${base}/api/v1/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        mode: 'tutor',
        stream: true,
        messages: [{ role: 'user', content: `bench ${marker}` }],
      }),
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let seen;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (seen === undefined && text.includes(marker)) seen = now();
    }
    if (i > 0) relay.push(seen - sentAt.get(marker));
  }

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const context = await browser.newContext({ baseURL: base });
  // Signed in as the web app signs in: its session cookie goes into this context.
  await context.request.post('/api/v1/auth/login', {
    headers: { origin: base },
    data: { username: 'student', password: 'student123', browser_session: true },
  });
  const page = await context.newPage();
  await page.goto('/tutor/chat');
  await page.getByLabel('Your question').waitFor();
  const onScreen = [];
  const visibleBeforeRest = [];
  for (let i = 0; i < 11; i++) {
    const marker = `MARK${i}`;
    await page.getByRole('button', { name: 'New conversation' }).click();
    await page.evaluate((m) => {
      window.__seen = undefined;
      const observer = new MutationObserver(() => {
        const answers = document.querySelectorAll('[data-testid="assistant-message"]');
        const last = answers[answers.length - 1];
        if (last?.textContent?.includes(m)) {
          window.__seen = performance.timeOrigin + performance.now();
          window.__restShown = last.textContent.includes('the rest of the answer');
          observer.disconnect();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    }, marker);
    await page.getByLabel('Your question').fill(`bench ${marker}`);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForFunction(() => window.__seen !== undefined, undefined, { timeout: 20_000 });
    const { seen, restShown } = await page.evaluate(() => ({
      seen: window.__seen,
      restShown: window.__restShown,
    }));
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await page.locator('[data-testid="assistant-message"][data-status="complete"]').last().waitFor();
    if (i > 0) {
      onScreen.push(seen - sentAt.get(marker));
      visibleBeforeRest.push(!restShown);
    }
  }
  report(
    'Tutor first token',
    [
      {
        case: 'upstream writes first token → on screen, median of 10 (ms)',
        value: +median(onScreen).toFixed(1),
        budget: 100,
      },
      { case: 'same, slowest of 10 (ms)', value: +Math.max(...onScreen).toFixed(1), budget: 100 },
      {
        case: 'baseline: upstream → backend stream read by Node, median of 10 (ms)',
        value: +median(relay).toFixed(1),
        budget: '',
      },
      {
        case: `first token shown before the rest (held ${HOLD_MS} ms)`,
        value: `${visibleBeforeRest.filter(Boolean).length}/10`,
        budget: '10/10',
      },
    ],
    {
      onScreenMs: onScreen.map((v) => +v.toFixed(1)),
      relayMs: relay.map((v) => +v.toFixed(1)),
      note:
        'Measured from the model (upstream) writing the token, so the figure includes the AI service and ' +
        'the backend relaying it: an upper bound on "from the server sending it".',
    },
  );
} finally {
  await browser?.close();
  await stop();
  upstream.closeAllConnections();
  upstream.close();
}
