import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocumentNotFoundError, IndexUnavailableError, RetrievalInputError } from './errors.js';
import { buildIndex, type SourceDocument } from './graph-builder.js';
import { loadIndexFile, writeIndexFile } from './index-file.js';
import { serializeIndex } from './index-model.js';
import { RetrievalEngine } from './retrieval-engine.js';

const corpus: SourceDocument[] = [
  {
    source: 'gauss.md',
    text: "# Gauss's law\n\n## Statement\n\nThe electric flux through a closed surface equals the enclosed charge over epsilon zero.\n\n## Conductors\n\nInside a conductor in equilibrium the field is zero; excess charge sits on the surface.",
  },
  {
    source: 'fresnel.md',
    text: "# Fresnel\n\n## Brewster's angle\n\nAt Brewster's angle tan θ = n2/n1 the reflected light is fully s-polarized.\n\n## Total internal reflection\n\nAbove the critical angle sin θc = n2/n1 all light is reflected; an evanescent wave decays.",
  },
  {
    source: 'zh/solenoid.md',
    text: '# 螺线管\n\n## 内部磁场\n\n长直螺线管内部的磁场均匀，大小为 μ₀nI，外部磁场近似为零。',
  },
];

async function tempPath(name: string): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'faraday-engine-')), name);
}

async function engineOnDisk(docs = corpus, extra: { overlay?: boolean } = {}) {
  const indexPath = await tempPath('graph-index.json');
  await writeIndexFile(indexPath, buildIndex(docs));
  const overlayPath = extra.overlay ? `${indexPath}.runtime.json` : undefined;
  const engine = await RetrievalEngine.open({ indexPath, ...(overlayPath ? { overlayPath } : {}) });
  return { engine, indexPath, overlayPath };
}

describe('RetrievalEngine.retrieve', () => {
  const engine = RetrievalEngine.fromIndex(buildIndex(corpus));

  it('finds the passage and cites it with source, section, text and score', async () => {
    const result = await engine.retrieve('What is the Brewster angle?');
    expect(result.relevant).toBe(true);
    expect(result.citations[0]).toMatchObject({
      n: 1,
      source: 'fresnel.md',
      // Cited by the document's title (its # heading) and the section within it.
      title: 'Fresnel',
      section: "Brewster's angle",
    });
    expect(result.citations[0]!.text).toContain('s-polarized');
    expect(result.citations[0]!.score).toBeGreaterThan(0);
    expect(result.context).toContain("[1] Fresnel — Brewster's angle");
    expect(result.quotedAnswer).toMatch(/\[1\]/);
  });

  it('answers Chinese questions from Chinese notes', async () => {
    const result = await engine.retrieve('螺线管内部的磁场是多少？');
    expect(result.relevant).toBe(true);
    expect(result.citations[0]!.source).toBe('zh/solenoid.md');
    // The answer opens with the Chinese notes' own sentence, cited; the sources are the citations.
    expect(result.quotedAnswer).toMatch(/^[^A-Za-z]*螺线管[\s\S]*\[1\]$/);
    expect(result.answerCitations[0]).toMatchObject({ title: '螺线管', section: '内部磁场' });
    expect(result.answerCitations[0]!.source).toBe('zh/solenoid.md');
  });

  it('says nothing relevant was found instead of citing noise', async () => {
    const result = await engine.retrieve('What is the capital of France?');
    expect(result.relevant).toBe(false);
    expect(result.citations).toEqual([]);
    expect(result.context).toMatch(/nothing relevant/);
    expect(result.quotedAnswer).toMatch(/could not find/);
    expect((await engine.retrieve('今天天气怎么样？')).quotedAnswer).toMatch(/没有找到/);
  });

  it('is deterministic: the same query gives the same ranked list', async () => {
    for (const method of ['keyword', 'graph', 'hybrid'] as const) {
      const first = await engine.rank('critical angle and reflected light', { method });
      const second = await engine.rank('critical angle and reflected light', { method });
      expect(second).toEqual(first);
    }
  });

  it('rejects an empty query with a typed validation error', async () => {
    await expect(engine.retrieve('   ')).rejects.toBeInstanceOf(RetrievalInputError);
    await expect(engine.retrieve('')).rejects.toMatchObject({ code: 'EMPTY_QUERY' });
  });

  it('keeps the context within the budget', async () => {
    const result = await engine.retrieve('charge field surface conductor flux', {
      budget: { maxChars: 200, maxPassages: 5 },
    });
    const total = result.passages.reduce((sum, p) => sum + p.text.length, 0);
    expect(total).toBeLessThanOrEqual(200);
    expect(result.passages.length).toBeGreaterThan(0);
  });
});

describe('asking for a law by name', () => {
  // The Gauss notes say "states" and name Coulomb's law; the Coulomb notes state the law as a
  // display formula after a sentence of prose.
  const engine = RetrievalEngine.fromIndex(
    buildIndex(
      [
        {
          source: 'gauss.md',
          text: "# Gauss's law\n\n## Statement of Gauss's law\n\nGauss's law states that the flux through a closed surface equals the enclosed charge over ε₀. It follows from Coulomb's law and superposition.",
        },
        {
          source: 'coulomb.md',
          text: "# Coulomb's law\n\n## Coulomb's law\n\nThe force between two point charges has magnitude\n\nF = k |q₁ q₂| / r².\n\nIn vector form the force is F = q₁q₂ r̂ / (4πε₀ r²), along the line joining them.\n\nCoulomb's law is an inverse-square law like gravity.",
        },
        {
          source: 'zh/fresnel.md',
          text: '# 菲涅耳公式\n\n## 布儒斯特角\n\n对 p 偏振光，反射系数 r_p 在布儒斯特角 θ_B 处为零，θ_B 满足\n\ntan θ_B = n₂ / n₁。\n\n偏振太阳镜能挡住水面反射的偏振眩光；激光器使用倾斜成布儒斯特角的布儒斯特窗，使 p 偏振光无反射损耗地通过。',
        },
        {
          source: 'zh/coulomb.md',
          text: '# 库仑定律\n\n## 库仑定律\n\n两个点电荷之间的作用力大小为\n\nF = k |q₁ q₂| / r²。\n\n库仑定律是平方反比定律。',
        },
        {
          source: 'zh/gauss.md',
          text: '# 高斯定理\n\n## 高斯定理的表述\n\n高斯定理指出：闭合曲面的电通量等于包围的电荷除以 ε₀。它可以由库仑定律推出。',
        },
      ],
      // As in the shipped aliases: the glare sentence names the concept twice over.
      { aliases: [{ id: 'brewster', terms: ["Brewster's angle", '布儒斯特角', '偏振太阳镜', '眩光'] }] },
    ),
  );

  it('ranks the law named first, whatever verb asks for it (state, 表述, 陈述)', async () => {
    for (const [question, source] of [
      ["State Coulomb's law.", 'coulomb.md'],
      ["What does Coulomb's law state?", 'coulomb.md'],
      ['表述库仑定律。', 'zh/coulomb.md'],
      ['陈述库仑定律。', 'zh/coulomb.md'],
    ] as const) {
      expect((await engine.rank(question))[0]!.source, question).toBe(source);
    }
  });

  it('opens "what is <law>" with the display formula and the sentence leading into it', async () => {
    const answer = (await engine.retrieve("What is Coulomb's law?")).quotedAnswer;
    expect(answer).toMatch(/^The force between two point charges has magnitude\s+F = k \|q₁ q₂\| \/ r²/);
    expect(answer).toContain("Coulomb's law is an inverse-square law");
    expect(answer).not.toContain('In vector form');
    const zh = (await engine.retrieve('库仑定律是什么？')).quotedAnswer;
    expect(zh).toMatch(/^两个点电荷之间的作用力大小为\s+F = k \|q₁ q₂\| \/ r²。/);
  });

  it('answers 是什么 like "what is": 布儒斯特角是什么 with tan θ_B = n₂ / n₁', async () => {
    const answer = (await engine.retrieve('布儒斯特角是什么？')).quotedAnswer;
    const [direct] = answer.split('\n\n出处');
    expect(direct).toContain('tan θ_B = n₂ / n₁');
  });
});

describe('course scoping', () => {
  const engine = RetrievalEngine.fromIndex(
    buildIndex([
      ...corpus,
      {
        source: 'syllabus.md',
        text: '# Syllabus\n\nThe waveguide project is due in week nine.',
        courseId: 'c-101',
      },
      {
        source: 'syllabus.md',
        text: '# Syllabus\n\nThe waveguide exam is in week twelve.',
        courseId: 'c-202',
      },
    ]),
  );

  it('shows tagged chunks only to their course, untagged ones to everybody', async () => {
    const sources = async (courseId?: string) =>
      (await engine.retrieve('waveguide week', courseId ? { courseId } : {})).passages.map(
        (p) => `${p.courseId}:${p.source}`,
      );
    expect(await sources()).toEqual([]);
    expect(await sources('c-101')).toEqual(['c-101:syllabus.md']);
    expect(await sources('c-202')).toEqual(['c-202:syllabus.md']);
    for (const method of ['keyword', 'graph', 'hybrid'] as const) {
      const ranked = await engine.rank('waveguide week Brewster', { method, courseId: 'c-101', hops: 2 });
      expect(ranked.some((r) => r.text.includes('twelve'))).toBe(false);
    }
    expect((await engine.retrieve('Brewster angle', { courseId: 'c-101' })).citations[0]!.source).toBe(
      'fresnel.md',
    );
  });
});

describe('adding and removing documents at run time', () => {
  const upload: SourceDocument = {
    source: 'waveguides.md',
    text: '# Waveguides\n\n## Cutoff\n\nA rectangular waveguide does not carry waves below its cutoff frequency.',
  };

  it('makes an added document searchable at once and persists it atomically', async () => {
    const { engine, indexPath } = await engineOnDisk();
    expect((await engine.retrieve('waveguide cutoff frequency')).relevant).toBe(false);
    expect(await engine.addDocument(upload)).toEqual({
      source: 'waveguides.md',
      course_id: null,
      chunks: 1,
      epoch: expect.any(String),
    });
    expect((await engine.retrieve('waveguide cutoff frequency')).citations[0]!.source).toBe('waveguides.md');
    // The file on disk is exactly what a fresh build of all documents gives.
    expect(await readFile(indexPath, 'utf8')).toBe(serializeIndex(buildIndex([...corpus, upload])).text);
    const reopened = await RetrievalEngine.open({ indexPath });
    expect(reopened.status().documents).toBe(4);
  });

  it('replaces a document of the same name and removes one, back to the original bytes', async () => {
    const { engine, indexPath } = await engineOnDisk();
    const original = await readFile(indexPath, 'utf8');
    await engine.addDocument(upload);
    await engine.addDocument({ ...upload, text: '# Waveguides\n\nTE10 is the dominant mode.' });
    expect(engine.status().documents).toBe(4);
    expect((await engine.retrieve('dominant mode TE10')).citations[0]!.source).toBe('waveguides.md');
    await engine.removeDocument('waveguides.md');
    expect(await readFile(indexPath, 'utf8')).toBe(original);
    await expect(engine.removeDocument('waveguides.md')).rejects.toBeInstanceOf(DocumentNotFoundError);
  });

  it('keeps run-time documents in the overlay and the prebuilt index untouched', async () => {
    const { engine, indexPath, overlayPath } = await engineOnDisk(corpus, { overlay: true });
    const original = await readFile(indexPath, 'utf8');
    await engine.addDocument({ ...upload, courseId: 'c-1' });
    expect(await readFile(indexPath, 'utf8')).toBe(original);
    expect((await loadIndexFile(overlayPath!)).documents.map((d) => d.source)).toEqual(['waveguides.md']);
    const reopened = await RetrievalEngine.open({ indexPath, overlayPath: overlayPath! });
    expect((await reopened.retrieve('waveguide cutoff', { courseId: 'c-1' })).citations[0]!.source).toBe(
      'waveguides.md',
    );
    await expect(reopened.removeDocument('gauss.md')).rejects.toMatchObject({ code: 'INVALID_DOCUMENT' });
    await reopened.removeDocument('waveguides.md', 'c-1');
    expect((await loadIndexFile(overlayPath!)).documents).toEqual([]);
  });

  it('keeps the overlay’s epoch across restarts and starts a new one when its folder was emptied', async () => {
    const { engine, indexPath, overlayPath } = await engineOnDisk(corpus, { overlay: true });
    const { epoch } = await engine.addDocument({ ...upload, courseId: 'c-1' });
    const reopen = () => RetrievalEngine.open({ indexPath, overlayPath: overlayPath! });
    expect(await (await reopen()).epoch()).toBe(epoch);
    await rm(overlayPath!);
    await rm(`${overlayPath!}.epoch`);
    const emptied = await reopen();
    expect(emptied.listDocuments('c-1').some((d) => d.source === 'waveguides.md')).toBe(false);
    expect(await emptied.epoch()).not.toBe(epoch);
  });

  it('rejects an oversized document without touching the index', async () => {
    const indexPath = await tempPath('graph-index.json');
    await writeIndexFile(indexPath, buildIndex(corpus));
    const engine = await RetrievalEngine.open({ indexPath, maxDocumentChars: 1000 });
    const before = await readFile(indexPath, 'utf8');
    await expect(engine.addDocument({ source: 'big.txt', text: 'field '.repeat(500) })).rejects.toMatchObject(
      {
        code: 'DOCUMENT_TOO_LARGE',
      },
    );
    expect(await readFile(indexPath, 'utf8')).toBe(before);
  });

  it('applies concurrent additions one after the other, losing none', async () => {
    const { engine, indexPath } = await engineOnDisk();
    await Promise.all(
      ['one', 'two', 'three'].map((n) =>
        engine.addDocument({ source: `${n}.txt`, text: `Note ${n} on coils.` }),
      ),
    );
    expect((await loadIndexFile(indexPath)).documents).toHaveLength(6);
  });
});

describe('RetrievalEngine.open', () => {
  it('fails with IndexUnavailableError for a missing or corrupt index', async () => {
    await expect(RetrievalEngine.open({ indexPath: await tempPath('missing.json') })).rejects.toMatchObject({
      code: 'INDEX_MISSING',
    });
    const corrupt = await tempPath('corrupt.json');
    await writeFile(corrupt, '{"format":"faraday.graph-index","version":1,');
    await expect(RetrievalEngine.open({ indexPath: corrupt })).rejects.toBeInstanceOf(IndexUnavailableError);
  });
});
