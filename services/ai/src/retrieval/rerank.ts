import type { Expanded } from './graph-expansion.js';
import type { SearchIndex } from './search-index.js';
import type { QueryUnit } from './tokenizer.js';

/**
 * Re-ranking of the candidate passages (seeds plus graph neighbours) and the relevance test.
 *
 * BM25 and RRF scores are relative: the best passage for "what is the capital of France" still
 * gets a score. Coverage is absolute: the share of what the query asks about (weighted by how
 * rare each word is here, unknown words counting fully) that a passage actually contains. It
 * answers "is anything here relevant" and breaks the tie between a passage that repeats one
 * query word often and one that contains all of them.
 */
export interface RerankWeights {
  /** The retrieval score (seed or graph), normalised to 0..1 over the candidates. */
  retrieval: number;
  coverage: number;
  /** Coverage by the heading path alone: this is the section about it. */
  heading: number;
  /** Graph neighbours count a little less than direct hits with the same score. */
  graphDiscount: number;
}

export const DEFAULT_RERANK: RerankWeights = {
  retrieval: 0.5,
  coverage: 0.35,
  heading: 0.15,
  graphDiscount: 0.8,
};

export interface Candidate {
  chunk: number;
  /** Normalised first-stage score (BM25 or RRF), 0 for chunks reached only through the graph. */
  seed: number;
  /** Graph score (0 for seeds). */
  graph: number;
  /** Hop at which the graph reached it; 0 for seeds. */
  hop: number;
  coverage: number;
  headingCoverage: number;
  /** The final ranking score. */
  score: number;
}

/** How much each query unit weighs: rarer words say more about what is asked. */
export function unitWeights(index: SearchIndex, units: QueryUnit[]): number[] {
  return units.map((unit) => {
    const rarity = index.unitRarity(unit);
    // Unknown words weigh fully: they may be what is asked. Floor 0.2: even a common word the
    // user typed is part of the question.
    return rarity === undefined ? 1 : Math.max(0.2, rarity);
  });
}

function coverageOf(
  units: QueryUnit[],
  weights: number[],
  total: number,
  has: (term: string) => boolean,
): number {
  if (total === 0) return 0;
  let covered = 0;
  units.forEach((unit, i) => {
    if (unit.alternatives.some(has)) covered += weights[i]!;
  });
  return covered / total;
}

export function coverage(index: SearchIndex, chunk: number, units: QueryUnit[], weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  return coverageOf(units, weights, total, (term) => index.chunkHas(chunk, term));
}

/**
 * Scores and sorts candidates: best first, ties by chunk number (which is chunk-id order), so
 * the same query over the same index always gives the same list.
 */
export function rerank(
  index: SearchIndex,
  units: QueryUnit[],
  seeds: Map<number, number>,
  expanded: Map<number, Expanded>,
  weights: RerankWeights = DEFAULT_RERANK,
): Candidate[] {
  const uw = unitWeights(index, units);
  const total = uw.reduce((a, b) => a + b, 0);
  const candidates: Candidate[] = [];
  const add = (chunk: number, seed: number, graph: number, hop: number) => {
    const cov = coverageOf(units, uw, total, (term) => index.chunkHas(chunk, term));
    const headingCoverage = coverageOf(units, uw, total, (term) => index.headingHas(chunk, term));
    const retrieval = Math.max(seed, graph * weights.graphDiscount);
    const score = weights.retrieval * retrieval + weights.coverage * cov + weights.heading * headingCoverage;
    candidates.push({ chunk, seed, graph, hop, coverage: cov, headingCoverage, score });
  };
  for (const [chunk, seed] of seeds) add(chunk, seed, 0, 0);
  for (const [chunk, { score, hop }] of expanded) add(chunk, 0, score, hop);
  candidates.sort((a, b) => b.score - a.score || a.chunk - b.chunk);
  return candidates;
}

/** Scales scores so the best is 1: seeds from BM25 and from RRF become comparable. */
export function normalise(scores: { doc: number; score: number }[]): Map<number, number> {
  const best = scores[0]?.score ?? 0;
  const out = new Map<number, number>();
  for (const { doc, score } of scores) out.set(doc, best > 0 ? score / best : 0);
  return out;
}

/**
 * Reciprocal rank fusion (Cormack et al. 2009): each list adds 1/(k + rank) for an item, rank
 * from 1. It needs no score calibration between BM25 and cosine similarity, which have nothing in
 * common but their order. k = 60 as in the paper: damps the difference between ranks 1 and 2.
 */
export function reciprocalRankFusion(lists: number[][], k = 60): { doc: number; score: number }[] {
  const scores = new Map<number, number>();
  for (const list of lists) {
    list.forEach((doc, i) => {
      scores.set(doc, (scores.get(doc) ?? 0) + 1 / (k + i + 1));
    });
  }
  return [...scores.entries()]
    .map(([doc, score]) => ({ doc, score }))
    .sort((a, b) => b.score - a.score || a.doc - b.doc);
}
