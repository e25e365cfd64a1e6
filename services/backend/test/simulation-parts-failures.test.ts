/**
 * The sim service's answer in parts failing after its arrays went out: the backend has
 * started storing the run's numbers by then, and must answer the failure as an envelope and keep
 * nothing of the run. A small local server speaks the parts format in place of the sim service.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { arrayFrame, errorFrame, headFrame, partsStart, SIM_PARTS_MEDIA_TYPE } from '@faraday/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { blobFiles } from './support/resources.js';

const arrays = () => arrayFrame([2], 'float64', new Uint8Array(new Float64Array([1, 2]).buffer));
const document = '{"potential":{"$array":0},"metadata":{"computation_time":0.01,"render_time":0.01}}';

/** What the stand-in answers, by the request's v_top. */
const answers: Record<number, (res: import('node:http').ServerResponse) => void> = {
  1: (res) => res.end(Buffer.concat([partsStart(), ...arrays(), ...headFrame(document, Buffer.from('png'))])),
  2: (res) =>
    res.end(
      Buffer.concat([
        partsStart(),
        ...arrays(),
        errorFrame({
          code: 'CONVERGENCE_ERROR',
          message: 'Did not converge',
          details: 'after 10 iterations',
        }),
      ]),
    ),
  3: (res) => {
    // Cut once the arrays have gone out: a connection lost in the middle of an answer.
    res.write(Buffer.concat([partsStart(), ...arrays()]), () => res.destroy());
  },
  4: (res) => res.end(Buffer.concat([partsStart(), ...arrays(), Buffer.from('{"nonsense":true}\n')])),
  5: (res) =>
    res.end(Buffer.concat([partsStart(), ...arrays(), errorFrame({ code: 'BOGUS', message: '?' })])),
  // An array as JSON text: the backend asks for float64 values.
  7: (res) =>
    res.end(
      Buffer.concat([
        partsStart(),
        ...arrayFrame([2], 'json', Buffer.from('[1,2]')),
        ...headFrame(document, Buffer.from('png')),
      ]),
    ),
  // A whole answer whose HTTP message is ended only when the test says so.
  8: (res) => {
    res.write(Buffer.concat([partsStart(), ...arrays(), ...headFrame(document, Buffer.from('png'))]));
    unended.end = () => res.end();
  },
  // The arrays, then nothing: a figure still being drawn when the caller leaves.
  6: (res) => {
    res.write(Buffer.concat([partsStart(), ...arrays()]));
    stalled.sent = true;
    res.on('close', () => {
      stalled.closed = true;
    });
  },
};
const stalled = { sent: false, closed: false };
const unended: { end?: () => void } = {};
/** How long the backend and the fake sim service may take to reach a state the test waits for. */
const SOON = { timeout: 5000, interval: 10 };

let fakeSim: Server;
let database: TestDatabase;
let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  fakeSim = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { v_top: vTop } = JSON.parse(Buffer.concat(chunks).toString()) as { v_top: number };
      res.writeHead(200, { 'content-type': SIM_PARTS_MEDIA_TYPE });
      answers[vTop]?.(res);
    });
  });
  await new Promise<void>((resolve) => fakeSim.listen(0, '127.0.0.1', resolve));
  // The failures do not depend on the database: SQLite (always the first factory) is enough.
  database = await testDatabaseFactories()[0]!.create();
  t = await buildTestApp(database, {
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    SIM_RATE_LIMIT_PER_MINUTE: '1000',
    SIM_SERVICE_URL: `http://127.0.0.1:${(fakeSim.address() as AddressInfo).port}`,
  });
  auth = bearer(await loginAs(t.app, 'student'));
});

afterAll(async () => {
  await t?.app.close();
  fakeSim?.closeAllConnections();
  await new Promise((resolve) => fakeSim?.close(resolve));
  await database?.drop();
});

const blobCount = () => blobFiles(t.config.uploads.blobDir).length;

const run = (vTop: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/sim/laplace2d',
    headers: auth,
    payload: { nx: 10, ny: 10, v_top: vTop },
  });

const history = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/sim/history', headers: auth })).json().data.total;

describe('a sim answer that fails after its arrays', () => {
  it('records a whole answer (the stand-in speaks the format the backend reads)', async () => {
    const before = blobCount();
    const res = await run(1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.potential).toEqual([1, 2]);
    expect(blobCount()).toBe(before + 2);
    const data = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sim/results/${res.json().data.simulation_id}/data.json`,
      headers: auth,
    });
    expect(data.json().output.potential).toEqual([1, 2]);
  });

  it.each([
    [2, 422, 'CONVERGENCE_ERROR'],
    [3, 503, 'UPSTREAM_UNAVAILABLE'],
    [4, 502, 'UPSTREAM_BAD_RESPONSE'],
    [5, 502, 'UPSTREAM_BAD_RESPONSE'],
    [7, 502, 'UPSTREAM_BAD_RESPONSE'],
  ])('v_top %i: answers %i %s and keeps nothing of the run', async (vTop, status, code) => {
    const runs = await history();
    const files = blobCount();
    const res = await run(vTop);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    if (code === 'CONVERGENCE_ERROR') expect(res.json().error.details).toBe('after 10 iterations');
    expect(await history()).toBe(runs);
    expect(blobCount()).toBe(files);
  });

  it('answers once the head is in, without waiting for the end of the message behind it', async () => {
    const runs = await history();
    const res = await run(8);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.png_base64).toBe(Buffer.from('png').toString('base64'));
    expect(unended.end).toBeDefined();
    unended.end?.();
    expect(await history()).toBe(runs + 1);
  });

  it('stops the computation and keeps nothing when the caller leaves while the figure is drawn', async () => {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const runs = await history();
    const files = blobCount();
    const caller = new AbortController();
    const answer = fetch(`${base}/api/v1/sim/laplace2d`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ nx: 10, ny: 10, v_top: 6 }),
      signal: caller.signal,
    }).catch(() => 'left');
    await expect.poll(() => stalled.sent, SOON).toBe(true);
    caller.abort();
    expect(await answer).toBe('left');
    // The backend hangs up on the sim service (which stops the computation there)…
    await expect.poll(() => stalled.closed, SOON).toBe(true);
    // …and removes what it had stored of the run's numbers.
    await expect.poll(blobCount, SOON).toBe(files);
    expect(await history()).toBe(runs);
  });
});
