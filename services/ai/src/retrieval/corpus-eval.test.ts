import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readAliases, readCorpus } from './corpus-reader.js';
import { buildIndex } from './graph-builder.js';
import { loadIndexFile } from './index-file.js';
import { RetrievalEngine } from './retrieval-engine.js';

const serviceDir = fileURLToPath(new URL('../../', import.meta.url));
const indexPath = `${serviceDir}corpus/index/graph-index.json`;

interface Question {
  id: string;
  question: string;
  answer: { source: string; section: string };
}

describe('the shipped corpus and its index', () => {
  it('is up to date: rebuilding the notes gives the committed index', async () => {
    const committed = await loadIndexFile(indexPath);
    const fresh = buildIndex(await readCorpus(`${serviceDir}corpus`), {
      chunking: { maxChars: committed.chunking.max_chars, overlapChars: committed.chunking.overlap_chars },
      aliases: await readAliases(`${serviceDir}corpus`),
    });
    // If this fails: npm run rag:build -- --input services/ai/corpus --output services/ai/corpus/index/graph-index.json
    expect(fresh.checksum).toBe(committed.checksum);
    expect(committed.documents.map((d) => d.source)).toContain('zh/gauss-law.md');
    expect(committed.aliases.find((g) => g.id === 'brewster')?.terms).toEqual(
      expect.arrayContaining(["brewster's angle", 'polarising angle', '布儒斯特角']),
    );
  });

  it('answers a sample of the evaluation questions in the top 5, English and Chinese', async () => {
    const engine = RetrievalEngine.fromIndex(await loadIndexFile(indexPath));
    const { questions } = JSON.parse(await readFile(`${serviceDir}eval/questions.json`, 'utf8')) as {
      questions: Question[];
    };
    expect(questions.length).toBeGreaterThanOrEqual(30);
    const sample = questions.filter((q) =>
      ['en-06', 'en-18', 'en-25', 'p-en-03', 'zh-03', 'zh-10', 'p-zh-01'].includes(q.id),
    );
    expect(sample).toHaveLength(7);
    for (const q of sample) {
      const ranked = await engine.rank(q.question, { method: 'graph' });
      const rank = ranked.findIndex(
        (c) => c.source === q.answer.source && c.headingPath.at(-1) === q.answer.section,
      );
      expect({ id: q.id, inTop5: rank >= 0 && rank < 5 }).toEqual({ id: q.id, inTop5: true });
    }
  });

  it('keeps the original set as it was before the relevance decision was fitted: every question answered, 14 of 15 off-topic refused', async () => {
    const engine = RetrievalEngine.fromIndex(await loadIndexFile(indexPath));
    const { questions, unanswerable } = JSON.parse(
      await readFile(`${serviceDir}eval/questions.json`, 'utf8'),
    ) as { questions: Question[]; unanswerable: string[] };
    const refused: string[] = [];
    for (const q of questions) if (!(await engine.retrieve(q.question)).relevant) refused.push(q.id);
    expect(refused).toEqual([]);
    let offTopicRefused = 0;
    for (const question of unanswerable) if (!(await engine.retrieve(question)).relevant) offTopicRefused++;
    expect(unanswerable).toHaveLength(15);
    expect(offTopicRefused).toBeGreaterThanOrEqual(14);
  });

  it('finds nothing relevant for questions the notes do not cover', async () => {
    const engine = RetrievalEngine.fromIndex(await loadIndexFile(indexPath));
    for (const question of [
      'What is the capital of France?',
      '推荐一部好看的电影',
      // Shares "speed" and "air" with the optics notes: the old coverage gate answered it.
      'What is the speed of sound in air?',
      '空气中的声速是多少',
    ]) {
      expect((await engine.retrieve(question)).relevant).toBe(false);
    }
  });
});
