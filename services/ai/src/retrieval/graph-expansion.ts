import type { SearchIndex } from './search-index.js';

/**
 * Graph expansion: from the keyword (or fused) seeds, walk the index graph to passages that a
 * term match alone would miss — the paragraph that continues an explanation (`next`), the rest
 * of its section (`contains`), and passages about the same or related concepts (`mentions`,
 * `related`). One hop is one step from chunk to chunk through any of these. Scores fall by
 * `decay` per hop and by the strength of every edge on the way, so a neighbour never outranks
 * the seed that found it unless the re-ranker finds it covers the question better.
 */
export interface ExpansionOptions {
  /** 0 turns expansion off. */
  hops: number;
  /** Score kept per hop (0..1). */
  decay: number;
  /** How many of the best chunks of each hop are expanded further: bounds the work per query. */
  frontier: number;
  /** How many chunks per concept are followed (the most strongly mentioning ones). */
  fanout: number;
  /** How many reached chunks go on to re-ranking (the best by graph score). */
  limit: number;
}

export const DEFAULT_EXPANSION: ExpansionOptions = {
  hops: 1,
  decay: 0.5,
  frontier: 8,
  fanout: 24,
  limit: 40,
};

/** Relative strength of each way of reaching a neighbour. */
const LINK_WEIGHTS = { next: 0.6, section: 0.5, concept: 1, related: 0.5 } as const;
/** Related concepts followed per concept: the strongest few. */
const RELATED_PER_CONCEPT = 4;

export interface Expanded {
  /** 0..1, combined over every path that reached the chunk (noisy-or: more paths, more sure). */
  score: number;
  /** The hop at which the chunk was first reached. */
  hop: number;
}

/**
 * Chunks reached from `seeds` (chunk number -> score in 0..1) within `options.hops` hops,
 * without the seeds themselves. Only `visible` chunks are reached or passed through, so course
 * scoping holds for expansion too.
 */
export function expandOverGraph(
  index: SearchIndex,
  seeds: Map<number, number>,
  visible: (chunk: number) => boolean,
  options: ExpansionOptions = DEFAULT_EXPANSION,
): Map<number, Expanded> {
  const reached = new Map<number, Expanded>();
  // Per-hop scores in a flat array with a list of touched chunks: thousands of updates per
  // query, where Map bookkeeping and garbage were most of the cost.
  const gained = new Float64Array(index.size);
  let frontier = [...seeds.entries()];
  for (let hop = 1; hop <= options.hops && frontier.length > 0; hop++) {
    frontier.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const touched: number[] = [];
    const reach = (chunk: number, contribution: number) => {
      if (contribution <= 0 || seeds.has(chunk)) return;
      const previous = reached.get(chunk);
      if (previous !== undefined && previous.hop < hop) return;
      const current = gained[chunk]!;
      if (current === 0) {
        if (!visible(chunk)) return;
        touched.push(chunk);
      }
      gained[chunk] = 1 - (1 - current) * (1 - Math.min(1, contribution));
    };
    const expand = Math.min(options.frontier, frontier.length);
    for (let f = 0; f < expand; f++) {
      const [chunk, score] = frontier[f]!;
      const base = score * options.decay;
      const next = index.nextOf[chunk]!;
      const previous = index.previousOf[chunk]!;
      if (next >= 0) reach(next, base * LINK_WEIGHTS.next);
      if (previous >= 0) reach(previous, base * LINK_WEIGHTS.next);
      for (const sibling of index.sectionChunks[index.sectionOf[chunk]!]!) {
        if (sibling !== chunk) reach(sibling, base * LINK_WEIGHTS.section);
      }
      for (const { target: concept, weight: mention } of index.chunkConcepts[chunk]!) {
        const strength = base * LINK_WEIGHTS.concept * mention * index.conceptSpecificity[concept]!;
        const links = index.conceptChunks[concept]!;
        for (let k = 0, end = Math.min(options.fanout, links.length); k < end; k++) {
          const { target, weight } = links[k]!;
          if (target !== chunk) reach(target, strength * weight);
        }
        const relatedList = index.conceptRelated[concept]!;
        for (let r = 0, rEnd = Math.min(RELATED_PER_CONCEPT, relatedList.length); r < rEnd; r++) {
          const related = relatedList[r]!;
          const relatedStrength =
            base *
            LINK_WEIGHTS.related *
            mention *
            related.weight *
            index.conceptSpecificity[related.target]!;
          const relatedLinks = index.conceptChunks[related.target]!;
          for (let k = 0, end = Math.min(options.fanout >> 1, relatedLinks.length); k < end; k++) {
            const { target, weight } = relatedLinks[k]!;
            if (target !== chunk) reach(target, relatedStrength * weight);
          }
        }
      }
    }
    // Chunks are visited in number order so the results never depend on traversal history.
    touched.sort((a, b) => a - b);
    frontier = [];
    for (const chunk of touched) {
      const score = gained[chunk]!;
      gained[chunk] = 0;
      const previous = reached.get(chunk);
      reached.set(chunk, { score: Math.max(score, previous?.score ?? 0), hop: previous?.hop ?? hop });
      frontier.push([chunk, score]);
    }
  }
  if (reached.size <= options.limit) return reached;
  const best = [...reached.entries()].sort((a, b) => b[1].score - a[1].score || a[0] - b[0]);
  return new Map(best.slice(0, options.limit));
}
