import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnsweredCitation,
  ask,
  buildTestAi,
  gatewayHeaders,
  retrievalEnv,
  type TestAi,
} from './support/ai-app.js';
import { parseSse } from './support/sse.js';
import { removeDir, tempDir } from './support/tutoring-app.js';

type Citation = AnsweredCitation;

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Every quotation of a simulated answer is one contiguous slice of the passage it cites: the
 * direct-answer paragraphs (`<span> [n]`) and the evidence lines (`- label: "span" [n]`). Every
 * [n] points at a citation, and every citation is cited.
 */
function expectQuotesFromCitations(reply: string, citations: Citation[]): void {
  const [opening] = reply.split(/\n\n(?:More from the course material:|相关内容：|Sources:|出处：)/);
  const direct = opening!
    .split(/\n\n/)
    .filter((p) => /\[\d+\]$/.test(p))
    .map((p) => /^([\s\S]*) \[(\d+)\]$/.exec(p)!);
  const evidence = [...reply.matchAll(/^- .*?[:：] ?["“](.*)["”] \[(\d+)\]$/gm)];
  const quotes = [...direct, ...evidence];
  expect(quotes.length).toBeGreaterThan(0);
  for (const [, quote, n] of quotes) {
    const citation = citations.find((c) => c.n === Number(n));
    expect(citation, `citation [${n}]`).toBeDefined();
    expect(flat(citation!.text)).toContain(flat(quote!));
  }
  const markers = new Set([...reply.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
  expect([...markers].sort()).toEqual(citations.map((c) => c.n));
  expectSourcesOnce(reply, citations);
}

/**
 * Sources are the citations, each named by its document's title and section, once: the reply
 * carries only the [n] marks (clients list the sources), and no storage path is ever shown.
 */
function expectSourcesOnce(reply: string, citations: Citation[]): void {
  expect(reply).not.toMatch(/^(Sources:|出处：)/m);
  expect(reply).not.toMatch(/(en|zh)\/[\w-]+\.md|resources\//);
  const labels = citations.map((c) => `${c.title} — ${c.section}`);
  expect(new Set(labels).size).toBe(labels.length);
  for (const c of citations) expect(c.title).not.toMatch(/\.md$|\//);
}

describe('retrieval chat in simulated mode', () => {
  let t: TestAi;
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('faraday-rag-');
    t = await buildTestAi(retrievalEnv(dir));
  });
  afterAll(async () => {
    await t.app.close();
    await removeDir(dir);
  });

  const post = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: url.startsWith('/v1/index') ? gatewayHeaders : {},
    });
  const chat = (payload: object) => post('/v1/chat', payload);

  it('/healthz reports retrieval ready with the shipped index, keeping the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, status: 'ok', data: { status: 'ok' } });
    expect(body.data.retrieval).toMatchObject({ status: 'ready', embedding: expect.stringMatching(/^hash/) });
    expect(body.data.retrieval.chunks).toBeGreaterThan(20);
    expect(body.data.retrieval.documents).toBe(16);
  });

  it('tutor_rag quotes the Gauss’s law notes with [1] and returns the citations', async () => {
    const res = await chat({
      mode: 'tutor_rag',
      messages: ask('What does Gauss’s law say about the flux through a closed surface?'),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ model: 'simulated', mode: 'tutor_rag', route: { upstream: 'simulated' } });
    // The answer first (the course's statement of the law and its TeX formula), then the notes'
    // sentence it rests on with [1]; where that comes from is the citation: the notes' title and section.
    expect(data.reply).toMatch(/^Gauss's law: the electric flux[^\n]*\n\$\$\\oint \\mathbf\{E\}/);
    expect(data.reply).toMatch(/\n\nGauss's law states[^\n]*flux[\s\S]*?\[1\]/);
    expect(data.citations.length).toBeGreaterThan(0);
    const first: Citation = data.citations[0];
    expect(first).toEqual({
      n: 1,
      source: expect.stringMatching(/en\/gauss-law\.md$/),
      title: "Gauss's law",
      section: "Statement of Gauss's law",
      text: expect.stringMatching(/flux/i),
      score: expect.any(Number),
    });
    expect(first.score).toBeGreaterThan(0);
    expect(data.citations.map((c: Citation) => c.n)).toEqual(
      data.citations.map((_: Citation, i: number) => i + 1),
    );
    expectQuotesFromCitations(data.reply, data.citations);
  });

  it('answers a Chinese question from the Chinese notes, in Chinese', async () => {
    const res = await chat({ mode: 'tutor_rag', messages: ask('高斯定理是什么？电通量和电荷有什么关系？') });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.reply).toMatch(/^高斯定理[\s\S]*?\[1\]/);
    expect(data.reply).not.toMatch(/Sources|course material/);
    expect(data.citations[0]).toMatchObject({
      n: 1,
      source: expect.stringMatching(/zh\/gauss-law\.md$/),
      title: '高斯定理',
      section: '高斯定理的表述',
    });
    expect(data.citations[0].text).toMatch(/高斯/);
    expect(typeof data.citations[0].score).toBe('number');
    expectQuotesFromCitations(data.reply, data.citations);
  });

  it('answers the field inside a solid sphere with the inside formula, not the shell sentence', async () => {
    for (const [question, formula] of [
      ['What is the electric field inside a uniformly charged solid sphere?', 'E = Q r / (4πε₀ R³)'],
      ['均匀带电实心球内部的场强是多少？', 'E = Q r /(4πε₀ R³)'],
    ] as const) {
      const data = (await chat({ mode: 'tutor_rag', messages: ask(question) })).json().data;
      const [answer] = data.reply.split(/\n\n(?:More from|相关内容|Sources|出处)/);
      expect(answer).toContain(formula);
      expect(answer).not.toMatch(/shell|球壳/);
      expectQuotesFromCitations(data.reply, data.citations);
    }
  });

  it('opens with the formula line of the law asked for, the sentence leading into it kept whole', async () => {
    const data = (
      await chat({ mode: 'tutor_rag', messages: ask('What is the force between two point charges?') })
    ).json().data;
    // The law first, with its TeX; the notes' sentence and its formula line follow, kept whole.
    expect(data.reply).toMatch(/^Two point charges attract or repel[^\n]*\n\$\$F = \\frac\{k/);
    expect(data.reply).toMatch(
      /\n\nThe force between two point charges[^\n]*magnitude\n\nF = k \|q₁ q₂\| \/ r²/,
    );
    expectQuotesFromCitations(data.reply, data.citations);
  });

  it('answers "State Coulomb\'s law" from the Coulomb notes, not the Gauss passage that says "states"', async () => {
    for (const [question, source, formula] of [
      ["State Coulomb's law.", /en\/electrostatics\.md$/, 'F = k |q₁ q₂| / r²'],
      ["State Brewster's law.", /en\/fresnel-equations\.md$/, 'tan θ_B = n₂ / n₁'],
      ['陈述库仑定律。', /zh\/electrostatics\.md$/, 'F = k |q₁ q₂| / r²'],
      ['表述库仑定律。', /zh\/electrostatics\.md$/, 'F = k |q₁ q₂| / r²'],
    ] as const) {
      const data = (await chat({ mode: 'tutor_rag', messages: ask(question) })).json().data;
      expect(data.citations[0].source, question).toMatch(source);
      const [answer] = data.reply.split(/\n\n(?:More from|相关内容|Sources|出处)/);
      expect(answer, question).toContain(formula);
      expect(answer, question).not.toMatch(/Gauss|高斯/);
      expectQuotesFromCitations(data.reply, data.citations);
    }
  });

  it('answers "what is <law>" with the law\'s formula line first, in both languages', async () => {
    const en = (await chat({ mode: 'tutor_rag', messages: ask("What is Coulomb's law?") })).json().data;
    expect(en.reply).toMatch(/^Two point charges attract or repel[^\n]*\n\$\$F = \\frac\{k/);
    expect(en.reply).toMatch(
      /\n\nThe force between two point charges[^\n]*magnitude\n\nF = k \|q₁ q₂\| \/ r²/,
    );
    expectQuotesFromCitations(en.reply, en.citations);
    for (const question of ["What is Brewster's angle?", '布儒斯特角是什么？']) {
      const data = (await chat({ mode: 'tutor_rag', messages: ask(question) })).json().data;
      const [answer] = data.reply.split(/\n\n(?:More from|相关内容|Sources|出处)/);
      expect(answer, question).toContain('tan θ_B = n₂ / n₁');
      expect(data.citations[0].source, question).toMatch(/fresnel-equations\.md$/);
      expectQuotesFromCitations(data.reply, data.citations);
    }
  });

  it('answers a misspelt question as its correct form, in English and Chinese', async () => {
    for (const [question, source, lead] of [
      ['whats the magnetic feild inside a solenid', /en\/solenoids\.md$/, /\\mu_0 n I/],
      ['columbs law formula', /en\/electrostatics\.md$/, /q_1 q_2/],
      ['method of imagies for a charge above a grounded plane', /en\/laplace-equation\.md$/, /-q|−q|image/],
      ['库伦定律公式', /zh\/electrostatics\.md$/, /q_1 q_2/],
      ['穿过封闭的面的电通量等于什么', /zh\/gauss-law\.md$/, /varepsilon_0/],
    ] as const) {
      const data = (await chat({ mode: 'tutor_rag', messages: ask(question) })).json().data;
      expect(data.citations[0]?.source, question).toMatch(source);
      const [first] = data.reply.split('\n\n');
      expect(first, question).toMatch(lead);
      expectQuotesFromCitations(data.reply, data.citations);
    }
  });

  it('says nothing relevant was found for an off-topic question instead of inventing', async () => {
    const res = await chat({ mode: 'tutor_rag', messages: ask('What is the capital city of France?') });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.reply).toMatch(/could not find anything about this in the course material/);
    expect(data.reply).not.toMatch(/\[\d+\]/);
    expect(data.citations).toEqual([]);
  });

  it('streams start, then citations, then the quoted answer as deltas', async () => {
    const messages = ask('Explain Gauss’s law and the electric flux');
    const whole = (await chat({ mode: 'tutor_rag', messages })).json().data;
    const res = await chat({ mode: 'tutor_rag', messages, stream: true });
    expect(res.statusCode).toBe(200);
    const events = parseSse(res.body);
    expect(events[0]?.event).toBe('start');
    expect(events[1]).toEqual({
      event: 'citations',
      data: { type: 'citations', citations: whole.citations },
    });
    expect(whole.citations.length).toBeGreaterThan(0);
    const deltas = events.slice(2, -1);
    expect(deltas.every((e) => e.event === 'delta')).toBe(true);
    expect(deltas.map((e) => e.data.content).join('')).toBe(whole.reply);
    expect(events.at(-1)?.event).toBe('done');
  });

  it('a plain mode neither retrieves nor cites, and streams no citations event', async () => {
    const res = await chat({ mode: 'tutor', messages: ask('Explain Gauss’s law'), stream: true });
    expect(parseSse(res.body).map((e) => e.event)).not.toContain('citations');
    const whole = (await chat({ mode: 'tutor', messages: ask('Explain Gauss’s law') })).json().data;
    expect(whole.citations).toBeUndefined();
  });

  it('POST /v1/chat/hybrid retrieves for any mode and cites', async () => {
    const res = await post('/v1/chat/hybrid', {
      mode: 'tutor',
      messages: ask('How do I find the magnetic field inside a long solenoid?'),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ model: 'simulated', mode: 'tutor' });
    expect(data.reply).toContain('[1]');
    expect(data.citations[0].source).toMatch(/solenoids\.md$/);
    expect(typeof data.citations[0].score).toBe('number');
    const streamed = parseSse(
      (
        await post('/v1/chat/hybrid', {
          mode: 'tutor_rag',
          messages: ask('How do I find the magnetic field inside a long solenoid?'),
          stream: true,
        })
      ).body,
    );
    expect(streamed.map((e) => e.event).slice(0, 2)).toEqual(['start', 'citations']);
  });

  it('refuses a question with nothing to search for: 400', async () => {
    for (const url of ['/v1/chat', '/v1/chat/hybrid']) {
      const res = await post(url, { mode: 'tutor_rag', messages: ask('   ') });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('an added course document is retrieved for that course only, and gone after DELETE', async () => {
    const source = 'resources/r1/plasma-notes.md';
    const question = ask('What is the zorbitron cutoff frequency of the plasma slab?');
    const added = await post('/v1/index/documents', {
      source,
      title: 'Week 3: plasma notes',
      course_id: 'course-a',
      text:
        '# Plasma slabs\n\n## Zorbitron cutoff\n\nThe zorbitron cutoff frequency of a plasma slab is the ' +
        'frequency below which the slab reflects every incident wave; above it the zorbitron mode propagates.\n',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ source, course_id: 'course-a' });

    const cited = async (course: string | undefined) => {
      const res = await chat({
        mode: 'tutor_rag',
        messages: question,
        ...(course ? { course_id: course } : {}),
      });
      expect(res.statusCode).toBe(200);
      return (res.json().data.citations as Citation[]).some((c) => c.source === source);
    };
    const inCourse = await chat({ mode: 'tutor_rag', messages: question, course_id: 'course-a' });
    expect(inCourse.json().data.citations[0]).toMatchObject({
      n: 1,
      source,
      section: expect.stringMatching(/Zorbitron/),
    });
    expect(inCourse.json().data.reply).toMatch(/zorbitron cutoff frequency[^\n]*\[1\]/);
    // An upload is named by the title the backend gave it (the resource's) and its section, never
    // by resources/<id>/….
    expect(inCourse.json().data.citations[0]).toMatchObject({
      title: 'Week 3: plasma notes',
      section: 'Plasma slabs > Zorbitron cutoff',
    });
    expect(inCourse.json().data.reply).not.toMatch(/resources\/r1|plasma-notes\.md/);
    expect(await cited('course-b')).toBe(false);
    expect(await cited(undefined)).toBe(false);
    const hybrid = await post('/v1/chat/hybrid', {
      mode: 'tutor',
      messages: question,
      course_id: 'course-a',
    });
    expect(hybrid.json().data.citations[0].source).toBe(source);

    const removed = await t.app.inject({
      method: 'DELETE',
      headers: gatewayHeaders,
      url: `/v1/index/documents?source=${encodeURIComponent(source)}&course_id=course-a`,
    });
    expect(removed.statusCode).toBe(200);
    expect(await cited('course-a')).toBe(false);
  });
});
