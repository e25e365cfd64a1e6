/**
 * The forms of a solver's answer, through real HTTP: JSON numbers by default, compact
 * base64 arrays, only the figure and the scalars, negotiated compression, and a data.json that
 * carries the same complete numbers whichever form the run was answered in.
 */
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expandCompactArrays, isCompactArray } from '@faraday/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerBufferStats } from '../src/simulations/answer-buffers.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { startSimService } from './support/sim-service.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Json = any;

/** A grid that is not square, so a transposed or mis-shaped array cannot pass. */
const BOX = { nx: 23, ny: 17, v_top: 10, v_bottom: 0, v_left: 2.5, v_right: -1, tolerance: 1e-9 };
const CHARGES = {
  charges: [
    { x: -0.5, y: 0, q: 1e-9 },
    { x: 0.5, y: 0.25, q: -2e-9 },
  ],
  x_min: -2,
  x_max: 2,
  y_min: -1.5,
  y_max: 1.5,
  grid_size: 31,
  output_type: 'svg',
};

let database: TestDatabase;
let sim: { app: FastifyInstance; url: string };
let t: TestApp;
let base: string;
let auth: { authorization: string };

beforeAll(async () => {
  sim = await startSimService();
  // The forms do not depend on the database: SQLite (always the first factory) is enough.
  database = await (
    testDatabaseFactories()[0] as typeof testDatabaseFactories extends () => (infer F)[] ? F : never
  ).create();
  t = await buildTestApp(database, {
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    SIM_RATE_LIMIT_PER_MINUTE: '1000',
    SIM_SERVICE_URL: sim.url,
  });
  auth = bearer(await loginAs(t.app, 'student'));
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await t?.app.close();
  await sim?.app.close();
  await database?.drop();
});

/** A raw HTTP exchange: status, headers and the body's bytes exactly as they came over the wire. */
function exchange(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: object,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, {
      method,
      headers: { ...auth, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

/** A POST whose answer is not read until `rest()` is called: its status is 200 once it starts. */
function pausedAnswer(path: string, body: object): Promise<{ rest: () => Promise<Buffer> }> {
  return new Promise((resolve, reject) => {
    // A connection of its own: one that earlier answers widened would take in the whole answer.
    const req = httpRequest(`${base}${path}`, {
      method: 'POST',
      agent: false,
      headers: { ...auth, 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      res.pause();
      if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}`));
      const rest = () =>
        new Promise<Buffer>((done, failed) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(Buffer.concat(chunks)));
          res.on('error', failed);
          res.resume();
        });
      resolve({ rest });
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

async function run(solver: string, body: object, query = ''): Promise<Json> {
  const res = await exchange('POST', `/api/v1/sim/${solver}${query}`, {}, body);
  expect(res.status, res.bytes.toString().slice(0, 300)).toBe(200);
  expect(res.headers['content-encoding']).toBeUndefined();
  return JSON.parse(res.bytes.toString()).data;
}

async function dataJson(id: string): Promise<Json> {
  const res = await exchange('GET', `/api/v1/sim/results/${id}/data.json`, {});
  expect(res.status).toBe(200);
  return JSON.parse(res.bytes.toString());
}

const FIGURE = ['png_base64', 'svg', 'animation_frames'];

/** The answer as data.json keeps it: without the figure and the id. */
function outputOf(answer: Json): Json {
  return Object.fromEntries(
    Object.entries(answer).filter(([key]) => !FIGURE.includes(key) && key !== 'simulation_id'),
  );
}

/** Two runs of the same request differ only in how long they took. */
function withoutTimings(output: Json): Json {
  const { computation_time: _c, render_time: _r, ...metadata } = output.metadata;
  return { ...output, metadata };
}

/**
 * The decoded compact answer as JSON numbers: the same doubles, except that JSON has no negative
 * zero (JSON.stringify writes -0 as 0), which the compact forms keep.
 */
const asJsonNumbers = (value: Json): Json => JSON.parse(JSON.stringify(value));

/** Every array in a value, outside metadata (where a few short lists belong to the scalars). */
function arraysIn(value: Json, path = ''): string[] {
  if (Array.isArray(value) || isCompactArray(value)) return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === 'metadata' ? [] : arraysIn(v, `${path}.${k}`)));
}

describe('solver answers in several forms', () => {
  it('keeps the JSON form by default, and data.json equal to the numbers it carries', async () => {
    const answer = await run('laplace2d', BOX);
    expect(answer.potential).toHaveLength(17);
    expect(answer.potential[0]).toHaveLength(23);
    expect(answer.png_base64).toEqual(expect.any(String));
    const stored = await dataJson(answer.simulation_id);
    expect(stored.type).toBe('laplace2d');
    expect(stored.parameters).toEqual(BOX);
    expect(stored.output).toEqual(outputOf(answer));
  });

  it('writes compact arrays that decode to the JSON numbers: float64 exactly, float32 rounded once', async () => {
    for (const [solver, body] of [
      ['laplace2d', BOX],
      ['point_charges', CHARGES],
    ] as const) {
      const json = await run(solver, body);
      const f64 = await run(solver, body, '?arrays=float64');
      const f32 = await run(solver, body, '?arrays=float32');
      expect(f64.potential).toMatchObject({
        dtype: 'float64',
        shape: [json.potential.length, json.potential[0].length],
      });
      expect(f32.electric_field.Ex).toMatchObject({ dtype: 'float32' });
      expect(withoutTimings(outputOf(asJsonNumbers(expandCompactArrays(f64))))).toEqual(
        withoutTimings(outputOf(json)),
      );
      // Array elements rounded to float32 (the few integers in metadata lists are exact in float32).
      const rounded = JSON.parse(JSON.stringify(outputOf(json)), (key, v) =>
        typeof v === 'number' && /^\d+$/.test(key) ? Math.fround(v) : v,
      );
      expect(withoutTimings(outputOf(asJsonNumbers(expandCompactArrays(f32))))).toEqual(
        withoutTimings(rounded),
      );
      // The figure comes along unchanged in every form.
      expect(f64.png_base64).toEqual(expect.any(String));
      // data.json of a compact answer has every number as JSON, as the JSON answer does.
      for (const compact of [f64, f32]) {
        const stored = await dataJson(compact.simulation_id);
        expect(withoutTimings(stored.output)).toEqual(withoutTimings(outputOf(json)));
        expect(stored.output.metadata).toEqual(compact.metadata);
      }
    }
  });

  it('answers only the figure and the scalars with fields=figure,scalars; data.json stays whole', async () => {
    const json = await run('point_charges', CHARGES);
    const small = await run('point_charges', CHARGES, '?fields=figure,scalars');
    expect(arraysIn(small)).toEqual([]);
    expect(small.png_base64).toEqual(expect.any(String));
    expect(small.svg).toContain('<svg');
    expect(small.metadata).toMatchObject({ total_charge: -1e-9, singular_nodes: [] });
    expect(small.electric_field).toBeUndefined();
    const box = await run('laplace2d', BOX, '?fields=figure,scalars');
    expect(Object.keys(box).sort()).toEqual(['domain', 'metadata', 'png_base64', 'simulation_id']);
    const stored = await dataJson(small.simulation_id);
    expect(withoutTimings(stored.output)).toEqual(withoutTimings(outputOf(json)));
    expect(stored.output.metadata).toEqual(small.metadata);
    // Arrays alone, compact: no figure, no scalars.
    const arrays = await run('laplace2d', BOX, '?fields=arrays&arrays=float64');
    expect(Object.keys(arrays).sort()).toEqual(['electric_field', 'potential', 'simulation_id', 'x', 'y']);
  });

  it('compresses when Accept-Encoding asks for it, and only then', async () => {
    const plain = await exchange('POST', '/api/v1/sim/laplace2d', { 'accept-encoding': 'identity' }, BOX);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const none = await exchange('POST', '/api/v1/sim/laplace2d', {}, BOX);
    expect(none.headers['content-encoding']).toBeUndefined();
    const gzip = await exchange('POST', '/api/v1/sim/laplace2d', { 'accept-encoding': 'gzip' }, BOX);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    const br = await exchange('POST', '/api/v1/sim/laplace2d', { 'accept-encoding': 'gzip, br' }, BOX);
    expect(br.headers['content-encoding']).toBe('br');
    const expected = withoutTimings(outputOf(JSON.parse(plain.bytes.toString()).data));
    for (const decoded of [gunzipSync(gzip.bytes), brotliDecompressSync(br.bytes)]) {
      expect(decoded.length).toBeGreaterThan(gzip.bytes.length);
      expect(withoutTimings(outputOf(JSON.parse(decoded.toString()).data))).toEqual(expected);
    }
    const id = JSON.parse(plain.bytes.toString()).data.simulation_id;
    const file = await exchange('GET', `/api/v1/sim/results/${id}/data.json`, { 'accept-encoding': 'gzip' });
    expect(file.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(file.bytes).toString()).output.potential).toEqual(expected.potential);
  });

  it('streams a large answer as gzip compressed while the figure is drawn, even when br is accepted too', async () => {
    // 120 × 90 nodes: each array's JSON is over the size compressed ahead (gzip-segments.ts).
    const large = { nx: 120, ny: 90, v_top: 10, v_bottom: 0, v_left: 2.5, v_right: -1, tolerance: 1e-9 };
    const plain = await exchange('POST', '/api/v1/sim/laplace2d', { 'accept-encoding': 'identity' }, large);
    const browser = await exchange(
      'POST',
      '/api/v1/sim/laplace2d',
      { 'accept-encoding': 'gzip, deflate, br' },
      large,
    );
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(browser.headers.vary).toContain('accept-encoding');
    // Streamed ahead of the compressor (ADR 0127): no length known up front; as much compressed
    // as the compressor got to, the rest stored, never much larger than the body itself.
    expect(browser.headers['content-length']).toBeUndefined();
    expect(browser.headers['transfer-encoding']).toBe('chunked');
    // gunzip checks the stream's CRC-32 and length
    const decoded = gunzipSync(browser.bytes);
    expect(browser.bytes.length).toBeLessThan(decoded.length * 1.01);
    expect(withoutTimings(outputOf(JSON.parse(decoded.toString()).data))).toEqual(
      withoutTimings(outputOf(JSON.parse(plain.bytes.toString()).data)),
    );
    // br alone is still br; gzip refused is not gzip
    const br = await exchange('POST', '/api/v1/sim/laplace2d', { 'accept-encoding': 'br' }, large);
    expect(br.headers['content-encoding']).toBe('br');
    const refused = await exchange(
      'POST',
      '/api/v1/sim/laplace2d',
      { 'accept-encoding': 'gzip;q=0, br' },
      large,
    );
    expect(refused.headers['content-encoding']).toBe('br');
  });

  it('answers large runs side by side from reused memory, each answer whole and its own', async () => {
    // Large enough for the answers' text to be written into pooled buffers (answer-buffers.ts).
    const box = (top: number) => ({ nx: 120, ny: 90, v_top: top, v_bottom: 0, v_left: 0, v_right: 0 });
    const reusedBefore = answerBufferStats().reused;
    for (const wave of [0, 1, 2]) {
      const tops = [1, 2, 3, 4].map((k) => k + 10 * wave);
      const answers = await Promise.all(tops.map((top) => run('laplace2d', box(top))));
      for (const [i, answer] of answers.entries()) {
        const stored = await dataJson(answer.simulation_id);
        expect(stored.parameters.v_top).toBe(tops[i]);
        expect(answer.potential).toHaveLength(90);
        expect(answer.potential).toEqual(stored.output.potential);
        expect(answer.electric_field).toEqual(stored.output.electric_field);
      }
    }
    expect(answerBufferStats().reused).toBeGreaterThan(reusedBefore);
  });

  it('writes a compact answer exactly when the memory it reuses is larger than it needs', async () => {
    const box = (n: number) => ({ nx: n, ny: n, v_top: 5, v_bottom: 0, v_left: 1, v_right: 0 });
    await run('laplace2d', box(316), '?arrays=float64'); // leaves 316² worth of memory behind
    const reusedBefore = answerBufferStats().reused;
    const answer = await run('laplace2d', box(300), '?arrays=float64');
    expect(answerBufferStats().reused).toBeGreaterThan(reusedBefore);
    expect(answer.potential.shape).toEqual([300, 300]);
    const stored = await dataJson(answer.simulation_id);
    const decoded = asJsonNumbers(expandCompactArrays(answer));
    expect(decoded.potential).toEqual(stored.output.potential);
    expect(decoded.electric_field).toEqual(stored.output.electric_field);
  });

  it('keeps the memory of an answer until it has gone out, however slowly its client reads', async () => {
    // 5.5 MB of text: more than the connection's buffers hold while its client reads nothing, so
    // most of the answer is still waiting in the backend when another answer is written.
    const box = (top: number) => ({ nx: 316, ny: 316, v_top: top, v_bottom: 0, v_left: 0, v_right: 0 });
    const slow = await pausedAnswer('/api/v1/sim/laplace2d', box(3));
    const other = await run('laplace2d', box(7));
    const answer = JSON.parse((await slow.rest()).toString()).data;
    const stored = await dataJson(answer.simulation_id);
    expect(stored.parameters.v_top).toBe(3);
    expect(answer.potential).toEqual(stored.output.potential);
    expect(answer.electric_field).toEqual(stored.output.electric_field);
    expect(other.potential).toEqual((await dataJson(other.simulation_id)).output.potential);
  });

  it('refuses unknown option values with a 400 naming the option', async () => {
    for (const query of ['?fields=figure,pixels', '?fields=', '?arrays=float16', '?fields=figure,,scalars']) {
      const res = await exchange('POST', `/api/v1/sim/laplace2d${query}`, {}, BOX);
      expect(res.status, query).toBe(400);
      const error = JSON.parse(res.bytes.toString()).error;
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details).toMatch(/fields|arrays/);
    }
  });
});
