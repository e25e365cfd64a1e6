import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@faraday/contracts';
import { createServer } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGatewayTrust } from '../trust.js';
import { documentRoutes } from './documents.routes.js';
import { buildIndex } from './graph-builder.js';
import { writeIndexFile } from './index-file.js';
import { retrievalQuery, retrieveForChat, withRetrievedContext } from './rag-chat.js';
import { RetrievalGate } from './retrieval-setup.js';

const TOKEN = 'retrieval-test-token-0123456789';

async function gateOnDisk(options: { missing?: boolean } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'faraday-docs-'));
  const indexPath = join(dir, 'graph-index.json');
  if (!options.missing) {
    await writeIndexFile(
      indexPath,
      buildIndex([{ source: 'gauss.md', text: '# Gauss\n\nFlux equals enclosed charge over epsilon zero.' }]),
    );
  }
  return RetrievalGate.open({
    enabled: true,
    indexPath,
    runtimePath: join(dir, 'runtime.json'),
    vectorStorePath: join(dir, 'vectors.json'),
    maxDocumentChars: 2000,
    embedding: { provider: 'hash' },
  });
}

async function appWith(gate: RetrievalGate): Promise<FastifyInstance> {
  const app = await createServer({
    service: 'ai',
    logLevel: 'silent',
    docs: { title: 't', description: 't', version: '0' },
  });
  installGatewayTrust(app, { token: TOKEN, production: false });
  await app.register(documentRoutes({ gate, maxDocumentChars: 2000 }));
  return app;
}

describe('/v1/index/documents', () => {
  let app: FastifyInstance;
  let gate: RetrievalGate;
  const send = (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object, token = TOKEN) =>
    app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: token ? { 'x-ai-gateway-token': token } : {},
    });

  beforeAll(async () => {
    gate = await gateOnDisk();
    app = await appWith(gate);
  });
  afterAll(async () => {
    await app.close();
  });

  it('adds a course document that only that course can retrieve, then removes it', async () => {
    const added = await send('POST', '/v1/index/documents', {
      source: 'resources/r1/waveguides.md',
      text: '# Waveguides\n\nBelow the cutoff frequency a waveguide carries no wave.',
      course_id: 'c-42',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toEqual({
      source: 'resources/r1/waveguides.md',
      course_id: 'c-42',
      chunks: 1,
      epoch: expect.any(String),
    });
    // The epoch the backend records for the document is the one the store reports.
    const epoch = await send('GET', '/v1/index/epoch');
    expect(epoch.statusCode).toBe(200);
    expect(epoch.json().data).toEqual({ epoch: added.json().data.epoch });

    const ask = (course_id?: string) =>
      retrieveForChat(
        gate,
        { messages: [{ role: 'user', content: 'waveguide cutoff frequency' }], course_id },
        { method: 'graph' },
      );
    expect((await ask('c-42')).citations[0]!.source).toBe('resources/r1/waveguides.md');
    expect((await ask()).relevant).toBe(false);
    expect((await ask('c-7')).relevant).toBe(false);

    const listed = await send('GET', '/v1/index/documents?course_id=c-42');
    expect(listed.json().data.documents.map((d: { source: string }) => d.source)).toEqual([
      'gauss.md',
      'resources/r1/waveguides.md',
    ]);
    const removed = await send(
      'DELETE',
      '/v1/index/documents?source=resources/r1/waveguides.md&course_id=c-42',
    );
    expect(removed.statusCode).toBe(200);
    expect((await ask('c-42')).relevant).toBe(false);
    expect(
      (await send('DELETE', '/v1/index/documents?source=resources/r1/waveguides.md&course_id=c-42'))
        .statusCode,
    ).toBe(404);
  });

  it('answers an oversized document and a bad name with 400 and the field', async () => {
    const big = await send('POST', '/v1/index/documents', { source: 'big.txt', text: 'field '.repeat(400) });
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: 'text: at most 2000 characters',
    });
    const badName = await send('POST', '/v1/index/documents', { source: 'a#b', text: 'x' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().error.details).toMatch(/^source:/);
  });

  it('refuses writes and listings without the gateway token, outside production too', async () => {
    const added = await send('POST', '/v1/index/documents', { source: 'x.txt', text: 'text' }, '');
    expect(added.statusCode).toBe(401);
    expect(added.json().error.code).toBe('UNAUTHORIZED');
    expect((await send('DELETE', '/v1/index/documents?source=x.txt', undefined, '')).statusCode).toBe(401);
    expect((await send('GET', '/v1/index/documents', undefined, '')).statusCode).toBe(401);
  });

  it('answers 503 when the index is missing, and the gate says why', async () => {
    const missing = await gateOnDisk({ missing: true });
    expect(missing.health()).toMatchObject({
      status: 'unavailable',
      reason: expect.stringMatching(/no index file/),
    });
    const other = await appWith(missing);
    const res = await other.inject({
      method: 'POST',
      url: '/v1/index/documents',
      payload: { source: 'x.txt', text: 'text' },
      headers: { 'x-ai-gateway-token': TOKEN },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toMatch(/^Retrieval is unavailable/);
    await other.close();
    await expect(
      retrieveForChat(missing, { messages: [{ role: 'user', content: 'flux' }] }, { method: 'graph' }),
    ).rejects.toBeInstanceOf(AppError);
  });
});

describe('chat helpers', () => {
  it('searches a bare follow-up together with the question before it', () => {
    const turn = {
      messages: [
        { role: 'user', content: 'What is the field of a charged sphere?' },
        { role: 'assistant', content: 'Outside it is kQ/r².' },
        { role: 'user', content: 'And inside?' },
      ],
    };
    expect(retrievalQuery(turn)).toBe('What is the field of a charged sphere?\nAnd inside?');
    expect(retrievalQuery({ messages: [{ role: 'user', content: 'Brewster angle of glass' }] })).toBe(
      'Brewster angle of glass',
    );
  });

  it('puts the passages after the system prompt and before the conversation', async () => {
    const gate = await gateOnDisk();
    const result = await retrieveForChat(
      gate,
      { messages: [{ role: 'user', content: 'enclosed charge flux' }] },
      { method: 'hybrid' },
    );
    const messages = withRetrievedContext(
      [
        { role: 'system', content: 'mode prompt' },
        { role: 'user', content: 'enclosed charge flux' },
      ],
      result,
    );
    expect(messages.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    // The model is told each passage's document title (its # heading) and section.
    expect(messages[1]!.content).toMatch(/\[1\] Gauss\n/);
  });

  it('turns a blank question into a 400', async () => {
    const gate = await gateOnDisk();
    await expect(
      retrieveForChat(gate, { messages: [{ role: 'user', content: '   ' }] }, { method: 'graph' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
  });
});
