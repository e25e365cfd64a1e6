/**
 * Okapi BM25 over term lists, with postings in typed arrays so a query over 10,000 chunks
 * touches only the chunks that share a term with it. Documents are numbered by position; the
 * caller numbers them in chunk-id order, so "ties by lower number" is "ties by chunk id".
 */
export interface Bm25Params {
  /** Term-frequency saturation: the 5th "charge" adds much less than the 1st. */
  k1: number;
  /** Length normalisation: a long chunk does not win just by containing more words. */
  b: number;
}

export const DEFAULT_BM25: Bm25Params = { k1: 1.2, b: 0.75 };

interface Posting {
  docs: Int32Array;
  tfs: Float32Array;
}

export interface ScoredDoc {
  doc: number;
  score: number;
}

export class Bm25 {
  readonly size: number;
  private readonly postings = new Map<string, Posting>();
  private readonly norms: Float64Array;
  private readonly params: Bm25Params;

  constructor(documents: string[][], params: Bm25Params = DEFAULT_BM25) {
    this.params = params;
    this.size = documents.length;
    const lists = new Map<string, { docs: number[]; tfs: number[] }>();
    let totalLength = 0;
    documents.forEach((terms, doc) => {
      totalLength += terms.length;
      const counts = new Map<string, number>();
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, tf] of counts) {
        let list = lists.get(term);
        if (!list) {
          list = { docs: [], tfs: [] };
          lists.set(term, list);
        }
        // Documents are visited in order, so every posting list comes out sorted.
        list.docs.push(doc);
        list.tfs.push(tf);
      }
    });
    for (const [term, list] of lists) {
      this.postings.set(term, { docs: Int32Array.from(list.docs), tfs: Float32Array.from(list.tfs) });
    }
    const average = this.size > 0 ? totalLength / this.size : 1;
    // k1·(1 − b + b·len/avg) per document, computed once.
    this.norms = Float64Array.from(
      documents,
      (terms) => params.k1 * (1 - params.b + (params.b * terms.length) / (average || 1)),
    );
  }

  df(term: string): number {
    return this.postings.get(term)?.docs.length ?? 0;
  }

  /** The BM25+ style idf, never negative: a term in most documents still counts a little. */
  idf(term: string): number {
    return this.idfOfCount(this.df(term));
  }

  /** The idf of something found in `df` documents (a concept named in several words). */
  idfOfCount(df: number): number {
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }

  /** The largest idf any term can have here (a term seen nowhere). */
  maxIdf(): number {
    return Math.log(1 + (this.size + 0.5) / 0.5);
  }

  contains(doc: number, term: string): boolean {
    const posting = this.postings.get(term);
    if (!posting) return false;
    let lo = 0;
    let hi = posting.docs.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const value = posting.docs[mid]!;
      if (value === doc) return true;
      if (value < doc) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  /**
   * The best `limit` documents for weighted query terms, highest score first, ties by document
   * number. `visible` filters (course scoping) before ranking, so hidden chunks never take a slot.
   */
  search(query: Map<string, number>, limit: number, visible?: (doc: number) => boolean): ScoredDoc[] {
    const scores = new Float64Array(this.size);
    const touched: number[] = [];
    const k1 = this.params.k1;
    // Terms in a fixed order so floating-point sums are the same on every run.
    for (const term of [...query.keys()].sort()) {
      const posting = this.postings.get(term);
      if (!posting) continue;
      const weight = query.get(term)! * this.idf(term);
      const { docs, tfs } = posting;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i]!;
        const tf = tfs[i]!;
        if (scores[doc] === 0) touched.push(doc);
        scores[doc]! += (weight * tf * (k1 + 1)) / (tf + this.norms[doc]!);
      }
    }
    return topK(touched, scores, limit, visible);
  }
}

/**
 * The `limit` best of `candidates` (or of every document) by score, best first, ties by lower
 * number. A short sorted list with insertion: a common word can touch thousands of chunks, and
 * sorting them all for the best thirty was the slowest step of a query.
 */
export function topK(
  candidates: readonly number[] | 'all',
  scores: ArrayLike<number>,
  limit: number,
  visible?: (doc: number) => boolean,
): ScoredDoc[] {
  const top: ScoredDoc[] = [];
  const count = candidates === 'all' ? scores.length : candidates.length;
  for (let k = 0; k < count; k++) {
    const doc = candidates === 'all' ? k : candidates[k]!;
    const score = scores[doc]!;
    if (!(score > 0)) continue;
    if (top.length === limit) {
      const last = top[limit - 1]!;
      if (score < last.score || (score === last.score && doc > last.doc)) continue;
    }
    if (visible !== undefined && !visible(doc)) continue;
    let at = top.length;
    while (
      at > 0 &&
      (top[at - 1]!.score < score || (top[at - 1]!.score === score && top[at - 1]!.doc > doc))
    ) {
      at--;
    }
    top.splice(at, 0, { doc, score });
    if (top.length > limit) top.pop();
  }
  return top;
}
