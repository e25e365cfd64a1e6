import { errorCatalogue, isErrorCode } from '@faraday/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAi } from '../services/ai/test/support/ai-app.js';
import { buildTestApp } from '../services/backend/test/support/app.js';
import { type TestDatabase, testDatabaseFactories } from '../services/backend/test/support/databases.js';
import { SIM_AUTH, useSimServer } from '../services/sim/test/support.js';
import { type RawAnswer, rawGet, rawRequest } from './support/raw-http.js';

/**
 * Hostile input on each of the three services, through real sockets: JSON nested far
 * too deep, the router's own refusals (a path parameter over the limit, bad percent-encoding)
 * and Node's (headers over 16 KB). Every answer is the envelope with a catalogue code whose
 * status is the one the answer carries.
 */

const GATEWAY_TOKEN = 'hostile-input-gateway-token';

interface Service {
  name: string;
  address: string;
  validationCode: string;
  /** A JSON route of the service and the headers it needs to reach its body parser. */
  jsonRoute: { path: string; headers: Record<string, string>; body: Record<string, unknown> };
  /** A path where a long segment lands in a path parameter (or an unknown route). */
  longParamPath: (segment: string) => string;
}

const services: Service[] = [];
const closers: Array<() => Promise<void>> = [];
let database: TestDatabase | undefined;
const sim = useSimServer();

async function listen(app: FastifyInstance): Promise<string> {
  closers.push(() => app.close());
  return app.listen({ host: '127.0.0.1', port: 0 });
}

beforeAll(async () => {
  const sqlite = testDatabaseFactories().find((factory) => factory.name === 'sqlite');
  database = await sqlite?.create();
  if (!database) throw new Error('no SQLite factory');
  const backend = await buildTestApp(database);
  services.push({
    name: 'backend',
    address: await listen(backend.app),
    validationCode: 'VALIDATION_ERROR',
    jsonRoute: { path: '/api/v1/auth/login', headers: {}, body: { username: 'admin', password: 'nope' } },
    longParamPath: (segment) => `/api/v1/courses/${segment}`,
  });
  const ai = await buildTestAi({ AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN });
  services.push({
    name: 'ai',
    address: await listen(ai.app),
    validationCode: 'VALIDATION_ERROR',
    jsonRoute: {
      path: '/v1/index/documents',
      headers: { 'x-ai-gateway-token': GATEWAY_TOKEN },
      body: { source: 'notes.md', text: 'Gauss law' },
    },
    longParamPath: (segment) => `/v1/index/${segment}`,
  });
  services.push({
    name: 'sim',
    address: sim.address,
    validationCode: 'INVALID_PARAMETERS',
    jsonRoute: { path: '/v1/sim/solenoid', headers: SIM_AUTH, body: {} },
    longParamPath: (segment) => `/v1/sim/${segment}`,
  });
});

afterAll(async () => {
  for (const close of closers) await close();
  await database?.drop();
});

/** The answer is the error envelope, with a catalogue code whose status the answer carries. */
function expectEnvelope(answer: { status: number; body: string }): { code: string; details?: string } {
  const parsed = JSON.parse(answer.body);
  expect(parsed).toMatchObject({
    success: false,
    error: { code: expect.any(String), message: expect.any(String) },
  });
  const code = parsed.error.code as string;
  expect(isErrorCode(code), `${code} is in the catalogue`).toBe(true);
  if (isErrorCode(code)) expect(answer.status).toBe(errorCatalogue[code].status);
  return parsed.error;
}

function nested(depth: number): string {
  return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

async function postJson(service: Service, text: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${service.address}${service.jsonRoute.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...service.jsonRoute.headers },
    body: text,
  });
  return { status: res.status, body: await res.text() };
}

describe.each(['backend', 'ai', 'sim'])('%s refuses hostile input in the envelope', (name) => {
  const service = () => {
    const found = services.find((s) => s.name === name);
    if (!found) throw new Error(`${name} not started`);
    return found;
  };

  it('refuses a JSON body nested 5,000 levels with 400 and its validation code', async () => {
    const body = JSON.stringify(service().jsonRoute.body).replace(/^\{/, `{"extra":${nested(5000)},`);
    const answer = await postJson(service(), body);
    expect(answer.status).toBe(400);
    const error = expectEnvelope(answer);
    expect(error.code).toBe(service().validationCode);
    expect(error.details).toBe('body: nested deeper than 64 levels');
  });

  it('refuses a JSON body with more than 20,000 keys', async () => {
    const keys = Array.from({ length: 20_001 }, (_, i) => `"k${i}":0`).join(',');
    const answer = await postJson(service(), `{${keys}}`);
    expect(answer.status).toBe(400);
    expect(expectEnvelope(answer).details).toBe('body: more than 20000 object keys');
  });

  it('still parses a body nested to the limit (the refusal is about depth, not brackets)', async () => {
    // 63 levels inside the outer object, and brackets inside strings do not count.
    const body = JSON.stringify(service().jsonRoute.body).replace(
      /^\{/,
      `{"note":"[[[[{{{{","extra":${nested(63)},`,
    );
    const answer = await postJson(service(), body);
    expect(answer.body).not.toContain('nested deeper');
  });

  it('answers a 5,000-character path segment in the envelope', async () => {
    const answer: RawAnswer = await rawGet(service().address, service().longParamPath('x'.repeat(5000)));
    const error = expectEnvelope(answer);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    if (name === 'backend') {
      expect(answer.status).toBe(414);
      expect(error.code).toBe('URI_TOO_LONG');
    }
  });

  it('answers bad percent-encoding (%ff) in the path with 400 and its validation code', async () => {
    const answer = await rawGet(service().address, `${service().longParamPath('a%ffb')}?x=1`);
    expect(answer.status).toBe(400);
    expect(expectEnvelope(answer).code).toBe(service().validationCode);
  });

  it('answers a NUL in the query of an operation without inputs (/healthz) with 400, as its document says', async () => {
    const answer = await rawGet(service().address, '/healthz?probe=%00');
    expect(answer.status).toBe(400);
    expect(expectEnvelope(answer)).toMatchObject({
      code: service().validationCode,
      details: 'querystring.probe: must not contain the character U+0000',
    });
  });

  it('answers a 20 KB header with 431 HEADERS_TOO_LARGE in the envelope', async () => {
    const answer = await rawGet(service().address, '/healthz', [`X-Padding: ${'p'.repeat(20 * 1024)}`]);
    expect(answer.status).toBe(431);
    expect(expectEnvelope(answer).code).toBe('HEADERS_TOO_LARGE');
  });

  it('answers a malformed request line with 400 in the envelope', async () => {
    const answer = await rawRequest(service().address, 'GET /healthz HTTP/1.1\r\nHost x\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(expectEnvelope(answer).code).toBe(service().validationCode);
  });
});

describe('NUL characters on the AI and sim services', () => {
  it('AI: a NUL in a query parameter is a 400 naming the parameter', async () => {
    const ai = services.find((s) => s.name === 'ai');
    const res = await fetch(`${ai?.address}/v1/index/documents?course_id=a%00b`, {
      headers: { 'x-ai-gateway-token': GATEWAY_TOKEN },
    });
    const body = (await res.json()) as { error: unknown };
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: 'querystring.course_id: must not contain the character U+0000',
    });
  });

  it('sim: a NUL in a body string is a 400 INVALID_PARAMETERS naming the field', async () => {
    const res = await fetch(`${sim.address}/v1/sim/solenoid`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...SIM_AUTH },
      body: JSON.stringify({ visualization: { colormap: 'vir\u0000idis' } }),
    });
    const body = (await res.json()) as { error: unknown };
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({
      code: 'INVALID_PARAMETERS',
      details: 'body.visualization.colormap: must not contain the character U+0000',
    });
  });
});
