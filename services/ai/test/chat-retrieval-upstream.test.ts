import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ask,
  buildTestAi,
  type AnsweredCitation as Citation,
  retrievalEnv,
  type TestAi,
  upstreamEnv,
} from './support/ai-app.js';
import { FakeOpenAI } from './support/fake-openai.js';
import { parseSse } from './support/sse.js';
import { removeDir, tempDir } from './support/tutoring-app.js';

// With a model configured the retrieved passages go into the prompt and the reply's [n] are
// checked afterwards; the simulated (no model) answers are in chat-retrieval.test.ts.
describe('retrieval chat with an upstream', () => {
  let upstream: FakeOpenAI;
  let t: TestAi;
  let dir: string;
  beforeAll(async () => {
    upstream = await FakeOpenAI.start();
    dir = await tempDir('faraday-rag-up-');
    t = await buildTestAi({ ...retrievalEnv(dir), ...upstreamEnv({ local: upstream.url }) });
  });
  afterAll(async () => {
    await t.app.close();
    await upstream.close();
    await removeDir(dir);
  });
  beforeEach(() => upstream.reset());

  const chat = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/chat', payload });

  it('sends the retrieved passages to the model after the mode prompt, and returns the citations', async () => {
    upstream.behave({ kind: 'reply', content: 'Gauss’s law relates flux to enclosed charge [1].' });
    const res = await chat({
      mode: 'tutor_rag',
      messages: ask('What does Gauss’s law say about electric flux?'),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      reply: 'Gauss’s law relates flux to enclosed charge [1].',
      mode: 'tutor_rag',
    });
    expect(data.citations[0].source).toMatch(/gauss-law\.md$/);
    const sent = upstream.requests[0]!.body.messages!;
    expect(sent.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(sent[1]!.content).toContain(data.citations[0].text);
    expect(sent[2]!.content).toBe('What does Gauss’s law say about electric flux?');
  });

  it('removes markers that point at no passage and keeps only the passages the reply cites', async () => {
    upstream.behave({ kind: 'reply', content: 'Flux counts enclosed charge [2], see also [9].' });
    const res = await chat({
      mode: 'tutor_rag',
      messages: ask('What does Gauss’s law say about electric flux?'),
    });
    const data = res.json().data;
    const sent = upstream.requests[0]!.body.messages![1]!.content;
    expect(sent).toContain('[2] ');
    expect(data.reply).toBe('Flux counts enclosed charge [1], see also.');
    expect(data.citations).toHaveLength(1);
    expect(data.citations[0].n).toBe(1);
    expect(sent).toContain(data.citations[0].text.trim());
  });

  it('a stream never shows a dangling marker, split across deltas or not, and done lists what was cited', async () => {
    upstream.behave({
      kind: 'stream',
      chunks: ['Flux is charge over ε₀ [', '1]; nonsense [', '7] and [1', '2].'],
    });
    const res = await chat({
      mode: 'tutor_rag',
      messages: ask('What does Gauss’s law say about flux?'),
      stream: true,
    });
    const events = parseSse(res.body);
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.content)
      .join('');
    expect(text).toBe('Flux is charge over ε₀ [1]; nonsense  and .');
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect((done.data.citations as Citation[]).map((c) => c.n)).toEqual([1]);
  });

  it('tells the model when nothing relevant was found', async () => {
    const res = await chat({ mode: 'tutor_rag', messages: ask('What is the capital city of France?') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.citations).toEqual([]);
    expect(upstream.requests[0]!.body.messages![1]!.content).toMatch(/found nothing relevant/);
  });

  it('a plain mode sends no retrieved context', async () => {
    await chat({ mode: 'tutor', messages: ask('What does Gauss’s law say about electric flux?') });
    expect(upstream.requests[0]!.body.messages!.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('streams the citations event between start and the model’s deltas', async () => {
    upstream.behave({ kind: 'reply', content: 'Flux equals enclosed charge over epsilon zero [1].' });
    const res = await chat({
      mode: 'tutor_rag',
      messages: ask('What does Gauss’s law say about flux?'),
      stream: true,
    });
    const events = parseSse(res.body);
    expect(events.map((e) => e.event).slice(0, 3)).toEqual(['start', 'citations', 'delta']);
    expect((events[1]!.data.citations as Citation[])[0]!.source).toMatch(/gauss-law\.md$/);
    expect(upstream.requests[0]!.body.messages![1]!.content).toContain('[1]');
  });
  it('gives the model the matching course results and shows a number that disagrees with them', async () => {
    const question = 'mag field at the center of a ring of wire, radius 5 cm, 2 amps?';
    upstream.behave({ kind: 'reply', content: 'At the centre B = 5.0 × 10⁻⁵ T.' });
    const wrong = (await chat({ mode: 'tutor_rag', messages: ask(question) })).json().data;
    const system = upstream.requests[0]!.body.messages![0]!.content;
    expect(system).toContain('B = \\frac{\\mu_0 I}{2R}');
    expect(wrong.reply).toMatch(
      /^At the centre B = 5\.0 × 10⁻⁵ T\.\n\n\*\*Check against the course notes:\*\*/,
    );
    expect(wrong.reply).toContain('B = 2.51 × 10⁻⁵ T (25.1 μT)');

    upstream.behave({ kind: 'reply', content: 'At the centre B = μ₀I/(2R) ≈ 25.1 μT.' });
    const right = (await chat({ mode: 'tutor_rag', messages: ask(question) })).json().data;
    expect(right.reply).toBe('At the centre B = μ₀I/(2R) ≈ 25.1 μT.');

    // Streamed, the check comes as the last delta before done.
    upstream.behave({ kind: 'reply', content: 'At the centre B = 5.0 × 10⁻⁵ T.' });
    const res = await chat({ mode: 'tutor_rag', stream: true, messages: ask(question) });
    const events = parseSse(res.body);
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.content)
      .join('');
    expect(text).toContain('**Check against the course notes:**');
    expect(events.at(-1)!.event).toBe('done');
  });
});
