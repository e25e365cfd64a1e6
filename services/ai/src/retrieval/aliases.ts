import type { AliasGroup } from './index-model.js';
import { type AnalyzedQuery, containsHan, isHanTerm, tokenize } from './tokenizer.js';

/**
 * Concept aliases at query time. A group's terms name one concept in any language; a query
 * naming it (in any of its names) is searched for all of them, and a passage naming it in any of
 * them covers the query words that named it. This is what lets 布儒斯特角 find "Brewster's
 * angle", and "polarising angle" find either.
 */

/** Weight in the keyword search of a term that came from an alias rather than from the query. */
export const ALIAS_TERM_WEIGHT = 0.5;

/** The coverage alternative standing for "this passage names the concept of group n". */
export const ALIAS_PREFIX = '@alias:';
export function aliasTerm(group: number): string {
  return `${ALIAS_PREFIX}${group}`;
}

/** What the alias table read in a question. */
export interface Expansion {
  concepts: number[];
  /** The question names a topic or everyday sense the course does not teach. */
  outside: boolean;
  /** Query words an outside group's phrase used ("card", "charge" of "charge card"). */
  claimed: string[];
  /**
   * A concept is named by a name that is not also an everyday word (groups of scope `everyday`):
   * "displacement current", 电场 or "capacitor plates" anchor the question in the course; "current",
   * "coil" or 磁场 alone could as well be a bank account, an IUD or two people's chemistry.
   */
  anchored: boolean;
}

interface Phrase {
  group: number;
  /** Han (or mixed) names match as a substring of the folded text. */
  han?: string;
  /** Other names match as a run of tokenizer terms: stemming makes "polarising angles" match. */
  words?: string;
  /** The query units a match covers: its words, or its Han characters. */
  units: string[];
  /** Its first character (Han) or word: a text without it cannot contain the phrase. */
  first: string;
  /** The name is also an everyday word (it is a term of a group of scope `everyday`). */
  everyday?: boolean;
}

/** A text prepared for phrase tests: hundreds of glossary names are tested against each chunk. */
interface Prepared {
  folded: string;
  words: string;
  /** Its words and its characters, for the cheap first test. */
  present: Set<string>;
}

function prepare(text: string): Prepared {
  const folded = fold(text);
  const words = wordLine(text);
  const present = new Set<string>(words.split(' '));
  for (const ch of folded) present.add(ch);
  return { folded, words, present };
}

function matches(p: Phrase, text: Prepared): boolean {
  if (!text.present.has(p.first)) return false;
  if (p.han !== undefined) return text.folded.includes(p.han);
  return p.units.length === 1 || text.words.includes(p.words!);
}

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function wordLine(text: string): string {
  return ` ${tokenize(text)
    .filter((t) => !isHanTerm(t))
    .join(' ')} `;
}

export class AliasMatcher {
  private readonly phrases: Phrase[] = [];
  /** The search terms of each group (all names, tokenized), for query expansion. */
  private readonly groupTerms: string[][];

  constructor(readonly groups: AliasGroup[]) {
    // Names with an everyday sense, as the phrases store them (folded Han, tokenized words).
    const everyday = new Set<string>();
    for (const group of groups) {
      if (group.scope !== 'everyday') continue;
      for (const name of group.terms) {
        const folded = fold(name);
        everyday.add(containsHan(folded) ? folded : ` ${tokenize(name).join(' ')} `);
      }
    }
    this.groupTerms = groups.map((group, g) => {
      if (group.scope === 'everyday') return [];
      const terms = new Set<string>();
      for (const name of group.terms) {
        const folded = fold(name);
        const tokens = tokenize(name);
        for (const t of tokens) if (!isHanTerm(t) || Array.from(t).length === 2) terms.add(t);
        if (containsHan(folded)) {
          const first = Array.from(folded)[0]!;
          this.phrases.push({ group: g, han: folded, units: tokens, first, everyday: everyday.has(folded) });
        } else if (tokens.length > 0) {
          const words = ` ${tokens.join(' ')} `;
          this.phrases.push({
            group: g,
            words,
            units: tokens,
            first: tokens[0]!,
            everyday: everyday.has(words),
          });
        }
      }
      return [...terms];
    });
  }

  get size(): number {
    return this.groups.length;
  }

  /** The groups a text names (a passage's text and headings). */
  groupsIn(text: string): Set<number> {
    const found = new Set<number>();
    if (this.phrases.length === 0) return found;
    const prepared = prepare(text);
    for (const p of this.phrases) {
      if (found.has(p.group) || this.groups[p.group]!.scope === 'outside') continue;
      if (this.groups[p.group]!.scope === 'everyday') continue;
      if (matches(p, prepared)) found.add(p.group);
    }
    return found;
  }

  /**
   * Adds the other names of every concept the query names: their terms join the keyword search
   * (at a lower weight, and never above a term the student typed) and the query words that named
   * the concept can be covered by a passage naming it in any language. Glossary words (scope
   * `word`) are translated the same way but are not listed in `concepts`: "distance" is not a
   * topic of the course the way "Brewster's angle" is.
   */
  expand(text: string, query: AnalyzedQuery): AnalyzedQuery & Expansion {
    if (this.phrases.length === 0)
      return { ...query, concepts: [], outside: false, claimed: [], anchored: false };
    const prepared = prepare(text);
    const covers = new Map<number, Set<string>>();
    // Concept names that are not everyday words, with the query words they used.
    const anchors: string[][] = [];
    let outside = false;
    // An everyday sense ("charge card", "mattress coils") claims its words: they say what the
    // question is about, so they cannot also name a course concept.
    const claimed = new Set<string>();
    for (const p of this.phrases) {
      if (!matches(p, prepared)) continue;
      const scope = this.groups[p.group]!.scope;
      if (scope === 'everyday') continue;
      if (scope === 'outside') {
        outside = true;
        for (const unit of p.units) claimed.add(unit);
        continue;
      }
      if (scope === undefined && !p.everyday) anchors.push(p.units);
      const set = covers.get(p.group) ?? new Set<string>();
      for (const unit of p.units) set.add(unit);
      covers.set(p.group, set);
    }
    for (const [group, set] of covers) {
      for (const unit of set) if (claimed.has(unit)) set.delete(unit);
      if (set.size === 0) covers.delete(group);
    }
    // An everyday sense claimed the words ("coils of a mattress"): they anchor nothing either.
    const anchored = anchors.some((units) => units.some((unit) => !claimed.has(unit)));
    if (covers.size === 0) return { ...query, concepts: [], outside, claimed: [...claimed], anchored };
    const concepts = [...covers.keys()].filter((g) => this.groups[g]!.scope !== 'word');
    const terms = new Map(query.terms);
    for (const group of covers.keys()) {
      for (const term of this.groupTerms[group]!) {
        if (!terms.has(term)) terms.set(term, ALIAS_TERM_WEIGHT);
      }
    }
    const units = query.units.map((unit) => {
      const extra: string[] = [];
      for (const [group, set] of covers) if (set.has(unit.term)) extra.push(aliasTerm(group));
      return extra.length === 0 ? unit : { ...unit, alternatives: [...unit.alternatives, ...extra] };
    });
    return {
      terms,
      units,
      concepts: concepts.sort((a, b) => a - b),
      outside,
      claimed: [...claimed],
      anchored,
    };
  }
}
