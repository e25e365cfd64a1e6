import { describe, expect, it } from 'vitest';
import { Bm25, topK } from './bm25.js';
import { buildIndex } from './graph-builder.js';
import { expandOverGraph } from './graph-expansion.js';
import { reciprocalRankFusion } from './rerank.js';
import { SearchIndex } from './search-index.js';
import { tokenize } from './tokenizer.js';

const query = (text: string) => new Map(tokenize(text).map((t) => [t, 1]));

describe('BM25', () => {
  const docs = [
    'solenoid field inside a long solenoid',
    'solenoid',
    'capacitor plates and the electric field between the plates of a capacitor',
    'field field field field field field field field field field field field lines',
    'brewster angle polarization of reflected light',
  ].map(tokenize);
  const bm25 = new Bm25(docs);

  it('ranks the document about the query first', () => {
    expect(bm25.search(query('brewster angle'), 3)[0]!.doc).toBe(4);
    expect(bm25.search(query('capacitor plates'), 3)[0]!.doc).toBe(2);
  });

  it('lets a rare term outweigh a common one', () => {
    // "field" is in three documents, "capacitor" in one.
    expect(bm25.idf('capacitor')).toBeGreaterThan(bm25.idf('field'));
    expect(bm25.search(query('capacitor field'), 1)[0]!.doc).toBe(2);
  });

  it('saturates term frequency and normalises length', () => {
    const scores = new Map(bm25.search(query('field'), 5).map((s) => [s.doc, s.score]));
    // Twelve "field"s do not make document 3 twelve times as relevant as document 0.
    expect(scores.get(3)! / scores.get(0)!).toBeLessThan(3);
    // A short document that is only "solenoid" beats a longer one that repeats it twice.
    const solenoid = bm25.search(query('solenoid'), 2);
    expect(solenoid.map((s) => s.doc)).toEqual([1, 0]);
  });

  it('breaks ties by document number and filters before taking the best', () => {
    const twins = new Bm25([['coil'], ['coil'], ['coil']]);
    expect(twins.search(query('coil'), 3).map((s) => s.doc)).toEqual([0, 1, 2]);
    expect(twins.search(query('coil'), 1, (doc) => doc !== 0).map((s) => s.doc)).toEqual([1]);
    expect(bm25.search(query('unrelated words'), 5)).toEqual([]);
  });

  it('topK agrees with a full sort', () => {
    const scores = [0.5, 0.9, 0, 0.9, 0.1, 0.7];
    expect(topK('all', scores, 3).map((s) => s.doc)).toEqual([1, 3, 5]);
    expect(topK([5, 4, 3], scores, 2).map((s) => s.doc)).toEqual([3, 5]);
  });
});

describe('reciprocal rank fusion', () => {
  it('adds 1/(k + rank) over the lists and orders by the sum', () => {
    const fused = reciprocalRankFusion(
      [
        [7, 3, 9],
        [3, 8],
      ],
      60,
    );
    expect(fused[0]).toEqual({ doc: 3, score: 1 / 62 + 1 / 61 });
    expect(fused.map((f) => f.doc)).toEqual([3, 7, 8, 9]);
    expect(fused[1]!.score).toBeCloseTo(1 / 61);
  });

  it('breaks equal sums by document number', () => {
    expect(reciprocalRankFusion([[5], [2]]).map((f) => f.doc)).toEqual([2, 5]);
  });
});

describe('graph expansion', () => {
  // Three documents, so no `next` or section edges connect them: only shared concepts do.
  // A mentions zeta and alpha; B alpha and beta; C beta and gamma. Each pair of words is in two
  // chunks (the D and E documents double the counts so the terms qualify as concepts).
  const file = buildIndex([
    { source: 'a.txt', text: 'zeta alpha' },
    { source: 'b.txt', text: 'alpha beta' },
    { source: 'c.txt', text: 'beta gamma' },
    { source: 'd.txt', text: 'gamma delta' },
    { source: 'e.txt', text: 'zeta omega' },
    { source: 'f.txt', text: 'omega delta epsilon' },
    { source: 'g.txt', text: 'epsilon kappa' },
    { source: 'h.txt', text: 'kappa lambda' },
    { source: 'i.txt', text: 'lambda sigma' },
    { source: 'j.txt', text: 'sigma theta' },
  ]);
  const index = new SearchIndex(file);
  const number = (source: string) => index.chunks.findIndex((c) => c.source === source);
  const seeds = new Map([[number('a.txt'), 1]]);
  const all = () => true;
  const reached = (hops: number, visible: (chunk: number) => boolean = all) =>
    new Map(
      [
        ...expandOverGraph(index, seeds, visible, { hops, decay: 0.5, frontier: 8, fanout: 24, limit: 40 }),
      ].map(([chunk, e]) => [index.chunks[chunk]!.source, e]),
    );

  it('reaches nothing with 0 hops', () => {
    expect(reached(0).size).toBe(0);
  });

  it('reaches chunks sharing a concept in 1 hop, and one more step in 2 hops', () => {
    const one = reached(1);
    expect(one.get('b.txt')?.hop).toBe(1);
    expect(one.has('c.txt')).toBe(false);
    const two = reached(2);
    expect(two.get('b.txt')?.hop).toBe(1);
    expect(two.get('c.txt')?.hop).toBe(2);
    // Scores fall with every hop.
    expect(two.get('c.txt')!.score).toBeLessThan(two.get('b.txt')!.score);
    expect(two.get('b.txt')!.score).toBeLessThan(1);
  });

  it('never reaches or passes through a chunk that is not visible', () => {
    const hidden = number('b.txt');
    const two = reached(2, (chunk) => chunk !== hidden);
    expect(two.has('b.txt')).toBe(false);
    expect(two.has('c.txt')).toBe(false);
  });

  it('gives the same result every time', () => {
    expect([...reached(2)]).toEqual([...reached(2)]);
  });
});
