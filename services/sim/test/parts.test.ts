/**
 * The answer in parts (issue 18), as the backend asks for it: the same numbers as the JSON
 * envelope for every solver, the arrays as JSON text or as float64 values, and errors still in
 * the envelope.
 */
import {
  arrayJsonPieces,
  decodeSimParts,
  isArrayRef,
  SIM_PARTS_MEDIA_TYPE,
  simulationTypes,
} from '@faraday/contracts';
import { describe, expect, it } from 'vitest';
import { isPng, postSim, typicalRequests, useSimServer } from './support.js';

const server = useSimServer();

async function postParts(solver: string, body: unknown, query = '') {
  const res = await fetch(`${server.address}/v1/sim/${solver}${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: SIM_PARTS_MEDIA_TYPE },
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
    it(`${solver}: the same answer as the envelope, with JSON or float64 arrays`, async () => {
      const body = { ...typicalRequests[solver] };
      const envelope = await postSim(server, solver, body);
      expect(envelope.status).toBe(200);
      const { png_base64: png, ...expected } = envelope.body.data;

      const json = await postParts(solver, body);
      expect(json.status).toBe(200);
      expect(json.type).toBe(SIM_PARTS_MEDIA_TYPE);
      const textual = decodeSimParts(json.bytes);
      expect(textual.head.arrays.every((a) => a.encoding === 'json')).toBe(true);
      const fromJson = assemble(
        textual.head.document,
        textual.arrays.map((a) => JSON.parse(Buffer.from(a).toString())),
      );
      expect(withoutTimings(fromJson as never)).toEqual(withoutTimings(expected));
      expect(isPng(Buffer.from(textual.png).toString('base64'))).toBe(true);
      expect(Buffer.from(textual.png).toString('base64')).toBe(png);

      const binary = decodeSimParts((await postParts(solver, body, '?arrays=float64')).bytes);
      expect(binary.head.arrays.every((a) => a.encoding === 'float64')).toBe(true);
      const fromFloats = assemble(
        binary.head.document,
        binary.arrays.map((a, i) => float64Json(a, binary.head.arrays[i]?.shape ?? [])),
      );
      expect(withoutTimings(fromFloats as never)).toEqual(withoutTimings(expected));
    });
  }

  it('answers errors in the envelope, and a bad arrays value with INVALID_PARAMETERS', async () => {
    const huge = await postParts('laplace2d', { ...typicalRequests.laplace2d, nx: 1000, ny: 1000 });
    expect(huge.status).toBe(422);
    expect(JSON.parse(Buffer.from(huge.bytes).toString()).error.code).toBe('MEMORY_LIMIT_EXCEEDED');
    const bad = await postParts('laplace2d', typicalRequests.laplace2d, '?arrays=float32');
    expect(bad.status).toBe(400);
    const error = JSON.parse(Buffer.from(bad.bytes).toString()).error;
    expect(error.code).toBe('INVALID_PARAMETERS');
    expect(error.details).toContain('arrays');
  });
});
