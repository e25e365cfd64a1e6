import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogCapture, parseConfig } from '@faraday/server-kit';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../../src/app.js';
import { aiEnvSchema, toAiConfig } from '../../src/config.js';
import { GATEWAY_TOKEN, type TestAi, upstreamEnv } from './ai-app.js';
import { ScriptedOpenAI } from './scripted-openai.js';

/** A clock the test moves by hand, for session expiry. */
export class TestClock {
  current = Date.parse('2026-03-01T09:00:00Z');
  readonly now = (): number => this.current;

  advanceMinutes(minutes: number): void {
    this.current += minutes * 60_000;
  }
}

/** A folder of its own for a test's session file; removed with `removeDir`. */
export async function tempDir(prefix = 'faraday-ai-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/**
 * The AI service with the tutoring routes, its guided sessions in `dir` (SQLite) unless the env
 * names Redis, on the given clock.
 */
export async function buildTutoringAi(
  dir: string,
  env: Record<string, string> = {},
  clock: TestClock = new TestClock(),
): Promise<TestAi & { clock: TestClock }> {
  const logs = new LogCapture();
  const config = toAiConfig(
    parseConfig(aiEnvSchema, {
      LOG_LEVEL: 'info',
      SESSION_STORE_PATH: join(dir, 'guided-sessions.db'),
      AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
      ...env,
    }),
  );
  const app = await buildApp(config, { logStream: logs, now: clock.now });
  return { app, logs, clock };
}

/**
 * A tutoring AI service in front of a scripted OpenAI-compatible upstream, for tests where the
 * model's answers are the subject; each test starts with a fresh script.
 */
export function scriptedTutoringSuite(): { upstream: ScriptedOpenAI; ai: TestAi } {
  const suite = {} as { upstream: ScriptedOpenAI; ai: TestAi; dir: string };
  beforeAll(async () => {
    suite.upstream = await ScriptedOpenAI.start();
    suite.dir = await tempDir();
    suite.ai = await buildTutoringAi(suite.dir, {
      AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
      ...upstreamEnv({ local: suite.upstream.url }),
    });
  });
  afterAll(async () => {
    await suite.ai?.app.close();
    await suite.upstream?.close();
    if (suite.dir) await removeDir(suite.dir);
  });
  beforeEach(() => suite.upstream.play());
  return suite;
}
