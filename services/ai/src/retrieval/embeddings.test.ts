import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiEmbeddingProvider, type EmbeddingProvider, HashEmbeddingProvider } from './embeddings.js';
import { EmbeddingError } from './errors.js';
import { buildIndex } from './graph-builder.js';
import { RetrievalEngine } from './retrieval-engine.js';
import { SearchIndex } from './search-index.js';
import { VectorStore } from './vector-store.js';

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

describe('hash embeddings', () => {
  const provider = new HashEmbeddingProvider(256);

  it('gives the same unit vector for the same text, in any instance', async () => {
    const [a] = await provider.embed(['Gauss law and electric flux']);
    const [b] = await new HashEmbeddingProvider(256).embed(['Gauss law and electric flux']);
    expect(Array.from(a!)).toEqual(Array.from(b!));
    expect(cosine(a!, a!)).toBeCloseTo(1, 5);
    expect(provider.model).toBe('hash-v1-256');
  });

  it('puts related texts closer than unrelated ones', async () => {
    const [query, near, far] = await provider.embed([
      'polarized reflection at the Brewster angle',
      'Brewster angle: reflected light is polarized',
      'solenoid inductance and magnetic energy',
    ]);
    expect(cosine(query!, near!)).toBeGreaterThan(cosine(query!, far!) + 0.2);
  });

  it('embeds Chinese text', async () => {
    const [a, b, c] = await provider.embed(['布儒斯特角', '布儒斯特角的计算', '螺线管的自感']);
    expect(cosine(a!, b!)).toBeGreaterThan(cosine(a!, c!));
  });
});

/** Counts what gets embedded, to see what a rebuild reuses. */
class CountingProvider implements EmbeddingProvider {
  readonly name = 'hash' as const;
  readonly model = 'hash-v1-64';
  embedded = 0;
  private readonly inner = new HashEmbeddingProvider(64);
  async embed(texts: string[]) {
    this.embedded += texts.length;
    return this.inner.embed(texts);
  }
}

describe('vector store', () => {
  const docs = [
    { source: 'a.md', text: '# A\n\nCoulomb force between charges.' },
    { source: 'b.md', text: '# B\n\nAmpere law for steady currents.' },
  ];

  it('persists, reloads without embedding again, and re-embeds only changed chunks', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'faraday-vectors-')), 'vectors.json');
    const index = new SearchIndex(buildIndex(docs));
    const provider = new CountingProvider();
    await VectorStore.open({ provider, index, path });
    expect(provider.embedded).toBe(2);
    const saved = JSON.parse(await readFile(path, 'utf8'));
    expect(saved.index_checksum).toBe(index.checksum);

    const again = new CountingProvider();
    const reloaded = await VectorStore.open({ provider: again, index, path });
    expect(again.embedded).toBe(0);
    expect(reloaded.checksum).toBe(index.checksum);

    const changed = new SearchIndex(
      buildIndex([...docs, { source: 'c.md', text: '# C\n\nFaraday induction.' }]),
    );
    await reloaded.sync(changed);
    expect(again.embedded).toBe(1);
    expect(JSON.parse(await readFile(path, 'utf8')).index_checksum).toBe(changed.checksum);
  });

  it('rebuilds a damaged store instead of failing', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'faraday-vectors-')), 'vectors.json');
    await writeFile(path, '{"format":"faraday.vector-store","version":1,"vectors":"!!"');
    const provider = new CountingProvider();
    const store = await VectorStore.open({ provider, index: new SearchIndex(buildIndex(docs)), path });
    expect(provider.embedded).toBe(2);
    const [query] = await provider.embed(['Coulomb force']);
    expect(store.search(query!, 1)[0]!.doc).toBe(0);
  });
});

describe('api embeddings (OpenAI-compatible /v1/embeddings)', () => {
  let server: Server;
  let baseUrl: string;
  const requests: {
    url: string | undefined;
    auth: string | undefined;
    body: { model: string; input: string[] };
  }[] = [];
  let mode: 'ok' | 'broken' = 'ok';

  const body = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return JSON.parse(text);
  };

  beforeAll(async () => {
    const hash = new HashEmbeddingProvider(32);
    server = createServer(async (req, res) => {
      const parsed = await body(req);
      requests.push({ url: req.url, auth: req.headers.authorization, body: parsed });
      res.setHeader('content-type', 'application/json');
      if (mode === 'broken') {
        res.end(JSON.stringify({ data: [] }));
        return;
      }
      const vectors = await hash.embed(parsed.input);
      // Answer in reverse order: the client must use `index`, not the position.
      const data = vectors
        .map((v, index) => ({ object: 'embedding', index, embedding: Array.from(v) }))
        .reverse();
      res.end(
        JSON.stringify({
          object: 'list',
          data,
          model: parsed.model,
          usage: { prompt_tokens: 1, total_tokens: 1 },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts to {base}/v1/embeddings in batches and returns vectors in input order', async () => {
    mode = 'ok';
    const provider = new ApiEmbeddingProvider({
      baseUrl,
      apiKey: 'local-key',
      model: 'embed-small',
      timeoutMs: 5000,
      batchSize: 2,
    });
    const texts = ['coulomb', 'gauss', 'ampere'];
    const vectors = await provider.embed(texts);
    expect(requests.at(-1)).toMatchObject({ url: '/v1/embeddings', auth: 'Bearer local-key' });
    expect(requests.slice(-2).map((r) => r.body.input)).toEqual([['coulomb', 'gauss'], ['ampere']]);
    const [expected] = await new HashEmbeddingProvider(32).embed(['gauss']);
    expect(cosine(vectors[1]!, expected!)).toBeCloseTo(1, 5);
  });

  it('drives hybrid retrieval', async () => {
    mode = 'ok';
    const engine = RetrievalEngine.fromIndex(
      buildIndex([
        { source: 'a.md', text: '# A\n\nCoulomb force between charges.' },
        { source: 'b.md', text: '# B\n\nAmpere law for steady currents.' },
      ]),
      { embedding: { provider: 'api', baseUrl, apiKey: 'k', model: 'embed-small', timeoutMs: 5000 } },
    );
    const result = await engine.retrieve('Ampere law currents', { method: 'hybrid' });
    expect(result.citations[0]!.source).toBe('b.md');
    expect(engine.status().vectors).toBe('ready');
  });

  it('turns a bad answer into EmbeddingError', async () => {
    mode = 'broken';
    const provider = new ApiEmbeddingProvider({ baseUrl, apiKey: 'k', model: 'm', timeoutMs: 5000 });
    await expect(provider.embed(['x'])).rejects.toBeInstanceOf(EmbeddingError);
    const down = new ApiEmbeddingProvider({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      model: 'm',
      timeoutMs: 2000,
    });
    await expect(down.embed(['x'])).rejects.toBeInstanceOf(EmbeddingError);
  });
});
