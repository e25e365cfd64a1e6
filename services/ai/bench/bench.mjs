// What the backend and the AI service add to a streamed chat: time to first token and total
// time of 20 concurrent streams, p50 and p99, for three paths to the same fake upstream:
//   direct   client -> upstream (the baseline in the same run)
//   ai       client -> AI service -> upstream
//   backend  client -> backend -> AI service -> upstream (the path a browser takes)
// The fake upstream (OpenAI-compatible, fixed delays), the AI service and the backend each run
// in their own worker thread, so each has its own event loop as separate processes would.
// Run with `node bench/bench.mjs` after `tsc -b`. BENCH_ROUNDS, BENCH_CONCURRENCY,
// BENCH_FIRST_TOKEN_MS, BENCH_CHUNKS and BENCH_CHUNK_MS tune it.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const params = {
  rounds: Number(process.env.BENCH_ROUNDS ?? 10),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 20),
  firstTokenMs: Number(process.env.BENCH_FIRST_TOKEN_MS ?? 50),
  chunks: Number(process.env.BENCH_CHUNKS ?? 20),
  chunkMs: Number(process.env.BENCH_CHUNK_MS ?? 5),
};
const TOKEN = 'bench-gateway-token-0123456789';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// Log lines are produced (their cost is real) but not printed.
const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/** An OpenAI-compatible upstream: a fixed wait, then fixed-size chunks at a fixed pace. */
async function startFakeUpstream({ firstTokenMs, chunks, chunkMs }) {
  const server = createServer(async (req, res) => {
    for await (const _ of req);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    await sleep(firstTokenMs);
    const frame = (delta, finish = null) =>
      `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    for (let i = 0; i < chunks; i += 1) {
      res.write(frame({ content: `token${i} ` }));
      if (chunkMs > 0) await sleep(chunkMs);
    }
    res.write(frame({}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${server.address().port}`;
}

async function startAi(upstreamUrl) {
  const { parseConfig } = await import('@faraday/server-kit');
  const { buildApp } = await import('../dist/app.js');
  const { aiEnvSchema, toAiConfig } = await import('../dist/config.js');
  const config = toAiConfig(
    parseConfig(aiEnvSchema, {
      LOG_LEVEL: 'info',
      AI_GATEWAY_SHARED_TOKEN: TOKEN,
      LLM_BASE_URL: upstreamUrl,
      LLM_API_KEY: 'bench',
      LLM_MODEL: 'bench',
    }),
  );
  const app = await buildApp(config, { logStream: discard() });
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function startBackend(aiUrl) {
  const { parseConfig } = await import('@faraday/server-kit');
  const { buildApp } = await import('../../backend/dist/app.js');
  const { backendEnvSchema, toBackendConfig } = await import('../../backend/dist/config.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'faraday-bench-ai-'));
  const config = toBackendConfig(
    parseConfig(backendEnvSchema, {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      AI_SERVICE_URL: aiUrl,
      AI_GATEWAY_SHARED_TOKEN: TOKEN,
      AI_RATE_LIMIT_PER_MINUTE: '100000',
    }),
  );
  const app = await buildApp(config, { logStream: discard() });
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function inWorker(role, arg) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { role, arg } });
  const [message] = await once(worker, 'message');
  if (message.error) throw new Error(`${role}: ${message.error}`);
  return { worker, url: message.url };
}

/** One stream: milliseconds to the first content byte and to the end. */
async function timeStream(url, init, isContent) {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const decoder = new TextDecoder();
  let firstToken;
  let seen = '';
  for await (const chunk of response.body) {
    if (firstToken === undefined) {
      seen += decoder.decode(chunk, { stream: true });
      if (isContent(seen)) firstToken = performance.now() - started;
    }
  }
  if (firstToken === undefined) throw new Error(`${url}: no content in the stream`);
  return { firstToken, total: performance.now() - started };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Milliseconds the thread's event loop was busy: its CPU cost, whatever the machine's load. */
const busyMs = (worker) => worker.performance.eventLoopUtilization().active;

async function measurePath(run, workers) {
  await Promise.all(Array.from({ length: params.concurrency }, run)); // warm-up
  const busyBefore = workers.map(busyMs);
  const samples = [];
  for (let round = 0; round < params.rounds; round += 1) {
    samples.push(...(await Promise.all(Array.from({ length: params.concurrency }, run))));
  }
  const busyPerStream = workers.map((w, i) => (busyMs(w) - busyBefore[i]) / samples.length);
  const ttft = samples.map((s) => s.firstToken);
  const total = samples.map((s) => s.total);
  return {
    n: samples.length,
    ttft_p50: percentile(ttft, 50),
    ttft_p99: percentile(ttft, 99),
    total_p50: percentile(total, 50),
    total_p99: percentile(total, 99),
    ai_busy_ms_per_stream: busyPerStream[1],
    backend_busy_ms_per_stream: busyPerStream[2],
  };
}

async function main() {
  const { report } = await import('../../../bench/report.mjs');
  const upstream = await inWorker('upstream');
  const ai = await inWorker('ai', upstream.url);
  const backend = await inWorker('backend', ai.url);

  const login = await fetch(`${backend.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'student', password: 'student123' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { access_token: accessToken } = (await login.json()).data;

  const messages = [{ role: 'user', content: 'Explain the field inside a solenoid.' }];
  const json = (body, headers = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const upstreamContent = (text) => text.includes('"content"');
  const sseDelta = (text) => text.includes('event: delta');

  const paths = {
    direct: () =>
      timeStream(
        `${upstream.url}/v1/chat/completions`,
        json({ model: 'bench', messages, stream: true }),
        upstreamContent,
      ),
    ai: () =>
      timeStream(
        `${ai.url}/v1/chat`,
        json({ mode: 'tutor', messages, stream: true }, { 'x-ai-gateway-token': TOKEN }),
        sseDelta,
      ),
    backend: () =>
      timeStream(
        `${backend.url}/api/v1/ai/chat`,
        json({ mode: 'tutor', messages, stream: true }, { authorization: `Bearer ${accessToken}` }),
        sseDelta,
      ),
  };

  const results = {};
  const workers = [upstream.worker, ai.worker, backend.worker];
  for (const [name, run] of Object.entries(paths)) results[name] = await measurePath(run, workers);
  const round = (x) => Math.round(x * 10) / 10 || 0;
  const rows = Object.entries(results).map(([path, r]) => ({
    path,
    streams: r.n,
    'ttft p50 ms': round(r.ttft_p50),
    'ttft p99 ms': round(r.ttft_p99),
    'total p50 ms': round(r.total_p50),
    'total p99 ms': round(r.total_p99),
    'ttft overhead p50 ms': round(r.ttft_p50 - results.direct.ttft_p50),
    'ttft overhead p99 ms': round(r.ttft_p99 - results.direct.ttft_p99),
    'total overhead p50 ms': round(r.total_p50 - results.direct.total_p50),
    'total overhead p99 ms': round(r.total_p99 - results.direct.total_p99),
    'ai busy ms/stream': round(r.ai_busy_ms_per_stream),
    'backend busy ms/stream': round(r.backend_busy_ms_per_stream),
  }));
  report('AI', rows, {
    what: 'Streamed chat through the AI service and the backend vs. straight to the upstream',
    concurrency: params.concurrency,
    rounds: params.rounds,
    upstream: `first token after ${params.firstTokenMs} ms, then ${params.chunks} chunks every ${params.chunkMs} ms`,
    ttft: 'time from sending the request to the first byte of content (upstream chunk or SSE delta event)',
    busy: 'event-loop busy time of the AI service and backend threads per stream (their CPU cost, less sensitive to machine load)',
    load_average: (await import('node:os')).loadavg().map((x) => Math.round(x * 100) / 100),
  });
  for (const w of [upstream, ai, backend]) await w.worker.terminate();
}

if (!isMainThread) {
  const starters = { upstream: () => startFakeUpstream(params), ai: startAi, backend: startBackend };
  starters[workerData.role](workerData.arg).then(
    (url) => parentPort.postMessage({ url }),
    (error) => parentPort.postMessage({ error: String(error?.stack ?? error) }),
  );
} else {
  await main();
}
