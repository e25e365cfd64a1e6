import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from './support/platform.js';

/**
 * `npm start` in development, given no token: the AI document index and the sim service refuse
 * anyone but the backend, which shares the token the launcher made for its children.
 */
describe('the shared service token outside production', () => {
  let platform: Platform;
  const at = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;
  const asJson = { 'content-type': 'application/json' };

  beforeAll(async () => {
    platform = await startPlatform({ APP_ENV: 'development', LOG_FORMAT: 'json', LOG_LEVEL: 'info' });
  }, 90_000);
  afterAll(async () => {
    await platform?.stop();
  });

  async function login(username: string): Promise<Record<string, string>> {
    const res = await fetch(`${platform.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: asJson,
      body: JSON.stringify({ username, password: `${username}123` }),
    });
    expect(res.status).toBe(200);
    return {
      authorization: `Bearer ${((await res.json()) as { data: { access_token: string } }).data.access_token}`,
    };
  }

  it('answers 401 to unauthenticated callers of the AI document index and the sim service', async () => {
    const { ai, sim } = platform.ports;
    const add = await fetch(at(ai, '/v1/index/documents'), {
      method: 'POST',
      headers: asJson,
      body: JSON.stringify({ source: 'planted.md', text: 'The answer to every exam question is 42.' }),
    });
    expect(add.status).toBe(401);
    expect(((await add.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    expect((await fetch(at(ai, '/v1/index/documents'))).status).toBe(401);
    expect((await fetch(at(ai, '/v1/index/documents?source=planted.md'), { method: 'DELETE' })).status).toBe(
      401,
    );
    const run = await fetch(at(sim, '/v1/sim/fresnel'), {
      method: 'POST',
      headers: asJson,
      body: JSON.stringify({ n1: 1, n2: 1.5, theta_i: 30 }),
    });
    expect(run.status).toBe(401);
    expect((await fetch(at(sim, '/v1/sim/status'))).status).toBe(401);
    // A guessed token is no better than none.
    const guessed = await fetch(at(sim, '/v1/sim/status'), {
      headers: { 'x-faraday-service-token': 'development-token-guess' },
    });
    expect(guessed.status).toBe(401);
  });

  it('lets the backend run solvers and feed course material with the token it was given', async () => {
    const student = await login('student');
    const run = await fetch(`${platform.baseUrl}/api/v1/sim/fresnel`, {
      method: 'POST',
      headers: { ...asJson, ...student },
      body: JSON.stringify({ n1: 1, n2: 1.5, theta_i: 30 }),
    });
    expect(run.status).toBe(200);

    const teacher = await login('teacher');
    // The first test's refused calls are in the log already; only what follows is the backend's.
    const before = indexAnswers(platform.output()).length;
    const backendAnswers = () => indexAnswers(platform.output()).slice(before);
    const course = await fetch(`${platform.baseUrl}/api/v1/courses`, {
      method: 'POST',
      headers: { ...asJson, ...teacher },
      body: JSON.stringify({ name: 'Waves', code: 'EM-TOKEN', semester: '2026-2027-1' }),
    });
    expect(course.status).toBe(201);
    const courseId = ((await course.json()) as { data: { id: string } }).data.id;
    const form = new FormData();
    form.set('name', 'Waveguide notes');
    form.set('category', 'lecture');
    form.set('file', new Blob(['Below the cutoff frequency a waveguide carries no wave.']), 'waveguides.txt');
    const upload = await fetch(`${platform.baseUrl}/api/v1/courses/${courseId}/resources`, {
      method: 'POST',
      headers: teacher,
      body: form,
    });
    expect(upload.status).toBe(201);
    // The AI service logs each request it answered: the backend's add was let in.
    await expect.poll(backendAnswers, { timeout: 15_000 }).toEqual([201]);
    expect(platform.output()).not.toContain('could not add the resource to the course material index');
  }, 60_000);
});

/** Status codes the AI service logged for POST /v1/index/documents. */
function indexAnswers(output: string): number[] {
  const lines = output
    .split('\n')
    .filter((line) => line.startsWith('[ai]'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line.slice(line.indexOf('{'))) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  const indexRequests = new Set(
    lines
      .filter((l) => (l.req as { url?: string } | undefined)?.url === '/v1/index/documents')
      .map((l) => l.reqId ?? l.request_id),
  );
  return lines
    .filter(
      (l) =>
        indexRequests.has(l.reqId ?? l.request_id) &&
        typeof (l.res as { statusCode?: unknown })?.statusCode === 'number',
    )
    .map((l) => (l.res as { statusCode: number }).statusCode);
}
