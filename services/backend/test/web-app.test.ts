import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

describe('the web application at /', () => {
  let database: TestDatabase;
  let t: TestApp;
  const webDir = mkdtempSync(join(tmpdir(), 'faraday-web-'));

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Faraday</title><div id="root"></div>');
    writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    database = await testDatabaseFactories()[0]!.create();
    t = await buildTestApp(database, { WEB_DIR: webDir });
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, accept = 'text/html,application/xhtml+xml') =>
    t.app.inject({ method: 'GET', url, headers: { accept } });

  it('serves index.html at / and for client routes, never cached', async () => {
    for (const url of ['/', '/courses', '/courses/42/assignments?tab=1', '/sign-in']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await get('/assets/index-abc123.js', '*/*');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await get('/assets/nope.js', '*/*');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('never shadows the API, the docs, the OpenAPI document or the health checks', async () => {
    const api = await get('/api/v1/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const me = await get('/api/v1/auth/me');
    expect(me.statusCode).toBe(401);
    expect((await get('/healthz')).json().data.status).toBe('ok');
    expect((await get('/openapi.json', 'application/json')).json().openapi).toMatch(/^3/);
    const docs = await get('/docs');
    expect(docs.body).not.toContain('<div id="root">');
    if (docs.statusCode !== 200) expect(docs.headers.location).toMatch(/^\/docs/);
  });

  it('sends a strict policy, nosniff, a referrer policy and no framing on pages, assets, the API and the docs', async () => {
    const answers = {
      page: await get('/courses'),
      asset: await get('/assets/index-abc123.js', '*/*'),
      api: await get('/api/v1/auth/me', 'application/json'),
      missing: await get('/api/v1/nothing-here', 'application/json'),
      docs: await get('/docs/'),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], what).toBe('DENY');
      expect(String(res.headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
    }
    const page = String(answers.page.headers['content-security-policy']);
    // No inline script and no eval on the app: only its own files run.
    expect(page).toContain("script-src 'self';");
    expect(page).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
    expect(page).toContain("default-src 'self'");
    expect(String(answers.asset.headers['content-security-policy'])).toBe(page);
    // JSON may load nothing at all.
    expect(String(answers.api.headers['content-security-policy'])).toMatch(/^default-src 'none'/);
    // The reference page keeps a policy that lets its own boot script run.
    expect(String(answers.docs.headers['content-security-policy'])).toContain(
      "script-src 'self' 'unsafe-inline'",
    );
  });
});

describe('framing the app from configured origins', () => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await testDatabaseFactories()[0]!.create();
    t = await buildTestApp(database, { FRAME_ANCESTORS: "'self' https://lms.example.edu" });
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  it('allows exactly the listed origins and drops the blanket refusal', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(res.headers['content-security-policy'])).toContain(
      "frame-ancestors 'self' https://lms.example.edu",
    );
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});
