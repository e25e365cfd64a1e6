import { ALIAS_PREFIX, AliasMatcher } from './aliases.js';
import { Bm25 } from './bm25.js';
import { displayName } from './context.js';
import { termsOfChunk } from './graph-builder.js';
import type { GraphIndexFile, IndexedChunk } from './index-model.js';
import { type QueryUnit, tokenize } from './tokenizer.js';

export interface WeightedLink {
  target: number;
  weight: number;
}

/**
 * A loaded index compiled for querying: chunks numbered in id order, BM25 postings (derived
 * from chunk text at load, so the file stays small and cannot disagree with itself) and the
 * graph as adjacency lists of numbers. Immutable: a run-time add/remove compiles a new one and
 * swaps it in, so a query in flight never sees half an update.
 */
export class SearchIndex {
  readonly file: GraphIndexFile;
  readonly chunks: IndexedChunk[];
  readonly bm25: Bm25;
  /** Terms of each chunk's heading path, for the "is this the section about it" signal. */
  readonly headingTerms: Set<string>[];
  readonly aliases: AliasMatcher;
  /** Alias groups each chunk names (text and headings), and those its headings name. */
  readonly chunkAliases: Set<number>[];
  readonly headingAliases: Set<number>[];
  /** 0..1 per alias group: how few chunks name the concept. */
  readonly aliasSpecificity: Float64Array;
  /** 0..1 per alias group: its rarity on the scale of a word's (BM25 idf over the largest). */
  readonly aliasRarity: Float64Array;
  /** Chunks naming each alias group. */
  private readonly aliasDf: Int32Array;
  readonly nextOf: Int32Array;
  readonly previousOf: Int32Array;
  readonly sectionOf: Int32Array;
  readonly sectionChunks: number[][];
  readonly chunkConcepts: WeightedLink[][];
  /** Chunks mentioning each concept, strongest first (expansion looks at the head only). */
  readonly conceptChunks: WeightedLink[][];
  readonly conceptRelated: WeightedLink[][];
  /** 0..1: how specific a concept is (its idf over the largest idf); hubs spread little score. */
  readonly conceptSpecificity: Float64Array;
  private readonly chunkNumber = new Map<string, number>();
  /** Document id → the title citations show (documents without one are shown by name). */
  private readonly titles = new Map<string, string>();
  /** Concept node number of a term, for "does this passage mention what the question names". */
  readonly conceptByTerm = new Map<string, number>();

  /** What citations call a chunk's document: its title, else its name (an upload's file name). */
  titleOf(chunk: IndexedChunk): string {
    return this.titles.get(chunk.document) ?? displayName(chunk.source);
  }

  constructor(file: GraphIndexFile) {
    this.file = file;
    this.chunks = file.chunks;
    for (const doc of file.documents) if (doc.title) this.titles.set(doc.id, doc.title);
    this.chunks.forEach((chunk, i) => {
      this.chunkNumber.set(chunk.id, i);
    });
    this.bm25 = new Bm25(this.chunks.map(termsOfChunk));
    this.headingTerms = this.chunks.map((chunk) => new Set(tokenize(chunk.heading_path.join('\n'))));
    this.aliases = new AliasMatcher(file.aliases);
    this.headingAliases = this.chunks.map((chunk) => this.aliases.groupsIn(chunk.heading_path.join('\n')));
    this.chunkAliases = this.chunks.map((chunk, i) => {
      const groups = this.aliases.groupsIn(chunk.text);
      for (const g of this.headingAliases[i]!) groups.add(g);
      return groups;
    });
    const chunksNaming = new Array<number>(this.aliases.size).fill(0);
    for (const groups of this.chunkAliases) for (const g of groups) chunksNaming[g]! += 1;
    const logN = Math.log(Math.max(this.chunks.length, 2));
    // Like a word's idf: "current" named by half the notes says less than "Brewster".
    this.aliasSpecificity = Float64Array.from(chunksNaming, (df) =>
      df === 0 ? 0 : Math.min(1, Math.log(Math.max(this.chunks.length, 2) / df) / logN),
    );
    this.aliasDf = Int32Array.from(chunksNaming);
    this.aliasRarity = Float64Array.from(chunksNaming, (df) =>
      df === 0 ? 0 : this.bm25.idfOfCount(df) / this.bm25.maxIdf(),
    );

    const n = this.chunks.length;
    this.nextOf = new Int32Array(n).fill(-1);
    this.previousOf = new Int32Array(n).fill(-1);
    this.sectionOf = new Int32Array(n);
    const sectionNumber = new Map<string, number>();
    this.sectionChunks = [];
    this.chunks.forEach((chunk, i) => {
      let section = sectionNumber.get(chunk.section);
      if (section === undefined) {
        section = this.sectionChunks.length;
        sectionNumber.set(chunk.section, section);
        this.sectionChunks.push([]);
      }
      this.sectionOf[i] = section;
      this.sectionChunks[section]!.push(i);
    });

    const conceptNumber = new Map<string, number>();
    file.concepts.forEach((concept, i) => {
      conceptNumber.set(concept.id, i);
      this.conceptByTerm.set(concept.term, i);
    });
    this.chunkConcepts = this.chunks.map(() => []);
    this.conceptChunks = file.concepts.map(() => []);
    this.conceptRelated = file.concepts.map(() => []);
    for (const edge of file.edges) {
      if (edge.type === 'next') {
        const from = this.chunkNumber.get(edge.from)!;
        const to = this.chunkNumber.get(edge.to)!;
        this.nextOf[from] = to;
        this.previousOf[to] = from;
      } else if (edge.type === 'mentions') {
        const chunk = this.chunkNumber.get(edge.from)!;
        const concept = conceptNumber.get(edge.to)!;
        this.chunkConcepts[chunk]!.push({ target: concept, weight: edge.weight });
        this.conceptChunks[concept]!.push({ target: chunk, weight: edge.weight });
      } else if (edge.type === 'related') {
        const a = conceptNumber.get(edge.from)!;
        const b = conceptNumber.get(edge.to)!;
        this.conceptRelated[a]!.push({ target: b, weight: edge.weight });
        this.conceptRelated[b]!.push({ target: a, weight: edge.weight });
      }
    }
    const strongestFirst = (x: WeightedLink, y: WeightedLink) => y.weight - x.weight || x.target - y.target;
    for (const list of this.conceptChunks) list.sort(strongestFirst);
    for (const list of this.conceptRelated) list.sort(strongestFirst);
    const maxIdf = Math.log(Math.max(n, 2));
    this.conceptSpecificity = Float64Array.from(file.concepts, (concept) =>
      Math.min(1, Math.max(0, Math.log(Math.max(n, 2) / concept.df) / maxIdf)),
    );
  }

  get size(): number {
    return this.chunks.length;
  }

  get checksum(): string {
    return this.file.checksum;
  }

  /** Whether a chunk contains a term, or (for an alias term) names that concept. */
  chunkHas(chunk: number, term: string): boolean {
    if (term.startsWith(ALIAS_PREFIX))
      return this.chunkAliases[chunk]!.has(Number(term.slice(ALIAS_PREFIX.length)));
    return this.bm25.contains(chunk, term);
  }

  /**
   * How rare what a query unit asks about is here, 0..1: the rarest of its alternatives, a word
   * by its idf, a concept or glossary word by how few chunks name it in any language. Undefined
   * when the material has none of them: a word the notes never use, in either language (a word
   * of the other language counts through its translation, so the same question weighs the same
   * against English or Chinese notes).
   */
  unitRarity(unit: QueryUnit): number | undefined {
    let rarity: number | undefined;
    for (const term of unit.alternatives) {
      let r: number | undefined;
      if (term.startsWith(ALIAS_PREFIX)) {
        const group = Number(term.slice(ALIAS_PREFIX.length));
        if (this.aliasDf[group]! > 0) r = this.aliasRarity[group]!;
      } else if (this.bm25.df(term) > 0) {
        r = Math.min(1, this.bm25.idf(term) / this.bm25.maxIdf());
      }
      if (r !== undefined) rarity = Math.max(rarity ?? 0, r);
    }
    return rarity;
  }

  /** The same for the chunk's heading path alone. */
  headingHas(chunk: number, term: string): boolean {
    if (term.startsWith(ALIAS_PREFIX)) {
      return this.headingAliases[chunk]!.has(Number(term.slice(ALIAS_PREFIX.length)));
    }
    return this.headingTerms[chunk]!.has(term);
  }

  numberOf(chunkId: string): number | undefined {
    return this.chunkNumber.get(chunkId);
  }

  /** Course scoping: untagged chunks are public; tagged ones only for their own course. */
  visibility(courseId: string | undefined): (chunk: number) => boolean {
    const chunks = this.chunks;
    return (chunk) => {
      const owner = chunks[chunk]!.course_id;
      return owner === null || owner === courseId;
    };
  }
}
