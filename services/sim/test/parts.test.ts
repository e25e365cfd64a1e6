/**
 * The answer in parts, as the backend asks for it: the same numbers as the JSON
 * envelope for every solver, the arrays as JSON text or as float64 values, and errors still in
 * the envelope.
 */
import {
  arrayJsonPieces,
  decodeSimParts,
  isArrayRef,
  SIM_PARTS_MEDIA_TYPE,
  SimPartsReader,
  simulationTypes,
} from '@faraday/contracts';
import { solverExamples } from '@faraday/physics/schemas';
import { describe, expect, it } from 'vitest';
import { isPng, MISBEHAVING_WORKER, postSim, SIM_AUTH, useSimServer } from './support.js';

const server = useSimServer();

async function postParts(solver: string, body: unknown) {
  const res = await fetch(`${server.address}/v1/sim/${solver}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: SIM_PARTS_MEDIA_TYPE, ...SIM_AUTH },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

/** The document with each array put back as JSON values: what the envelope carries. */
function assemble(value: unknown, arrays: unknown[]): unknown {
  if (isArrayRef(value)) return arrays[value.$array];
  if (Array.isArray(value)) return value.map((v) => assemble(v, arrays));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, assemble(v, arrays)]));
}

function float64Json(bytes: Uint8Array, shape: number[]): unknown {
  const values = new Float64Array(new Uint8Array(bytes).buffer);
  return JSON.parse(Buffer.concat(Array.from(arrayJsonPieces(values, shape))).toString());
}

const withoutTimings = ({ metadata, ...rest }: { metadata: Record<string, unknown> }) => {
  const { computation_time: _c, render_time: _r, ...kept } = metadata;
  return { ...rest, metadata: kept };
};

describe('the answer in parts', () => {
  for (const solver of simulationTypes) {
    it(`${solver}: the same answer as the envelope, its arrays as float64 values`, async () => {
      const body = { ...solverExamples[solver] };
      const envelope = await postSim(server, solver, body);
      expect(envelope.status).toBe(200);
      const { png_base64: png, ...expected } = envelope.body.data;

      const answer = await postParts(solver, body);
      expect(answer.status).toBe(200);
      expect(answer.type).toBe(SIM_PARTS_MEDIA_TYPE);
      const parts = decodeSimParts(answer.bytes);
      expect(parts.head.arrays.every((a) => a.encoding === 'float64')).toBe(true);
      const fromFloats = assemble(
        parts.head.document,
        parts.arrays.map((a, i) => float64Json(a, parts.head.arrays[i]?.shape ?? [])),
      );
      expect(withoutTimings(fromFloats as never)).toEqual(withoutTimings(expected));
      expect(isPng(Buffer.from(parts.png).toString('base64'))).toBe(true);
      expect(Buffer.from(parts.png).toString('base64')).toBe(png);
    });
  }

  it('answers errors before the arrays in the envelope', async () => {
    const huge = await postParts('laplace2d', { ...solverExamples.laplace2d, nx: 1000, ny: 1000 });
    expect(huge.status).toBe(422);
    expect(JSON.parse(Buffer.from(huge.bytes).toString()).error.code).toBe('MEMORY_LIMIT_EXCEEDED');
    const bad = await postParts('laplace2d', { ...solverExamples.laplace2d, tolerance: -1 });
    expect(bad.status).toBe(400);
    expect(JSON.parse(Buffer.from(bad.bytes).toString()).error.code).toBe('INVALID_PARAMETERS');
  });
});

describe('a failure after the arrays went out', () => {
  const server = useSimServer({ SIM_WORKERS: '1', SIM_TIMEOUT_SEC: '2' }, MISBEHAVING_WORKER);
  const post = (vTop: number) =>
    fetch(`${server.address}/v1/sim/laplace2d`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: SIM_PARTS_MEDIA_TYPE, ...SIM_AUTH },
      body: JSON.stringify({ ...solverExamples.laplace2d, v_top: vTop }),
    });

  it('ends the parts with an error frame: the figure failed, or the time limit stopped it', async () => {
    for (const [vTop, code] of [
      [123.25, 'COMPUTATION_FAILED'],
      [456.5, 'TIMEOUT'],
    ] as const) {
      const res = await post(vTop);
      expect(res.status).toBe(200);
      const reader = new SimPartsReader();
      const frames = reader.push(new Uint8Array(await res.arrayBuffer()));
      expect(frames.map((f) => f.kind)).toEqual(['array', 'error']);
      expect(frames[1]).toMatchObject({ kind: 'error', error: { code } });
      expect(() => reader.finish()).toThrow(code);
    }
    // The thread stopped at the limit was replaced: a real run still answers whole.
    const healthy = await post(10);
    expect(decodeSimParts(new Uint8Array(await healthy.arrayBuffer())).head.arrays.length).toBeGreaterThan(0);
  });
});
