import { z } from 'zod';
import { DEFAULT_CORPUS_DIR } from '../guided/corpus-outline.js';
import { escapeRegExp } from '../regexp.js';
import { aliasesFileSchema } from '../retrieval/corpus-reader.js';
import { type Catalogue, catalogue, KNOWLEDGE_DIR, readDataFile } from './data-file.js';
import { type UnitsFile, unitsFileSchema } from './units-schema.js';

export type { UnitsFile };

/**
 * The results the course teaches, as data (corpus/knowledge/results.json): names and the words
 * that describe each result in EN and ZH (students' spellings included), its statement, TeX
 * formula, computable expression, variables, conditions and notes section. The offline tutor
 * leads its answers with these and solves word problems with them.
 */

const bilingual = z.object({ en: z.string().min(1), zh: z.string().min(1) });

const variableSchema = z.object({
  en: z.string(),
  zh: z.string(),
  /** What the variable measures; a unit in units.json of this kind supplies it. */
  kind: z.string(),
  /** Words near a number that say it is this variable ("radius", "半径"). */
  cues: z.array(z.string()).optional(),
  /** Left out of the question, it equals this variable ("two charges of 3 μC each"). */
  same_as: z.string().optional(),
  /** Left out, a constant named by a word of the question ("electron" → me). */
  default: z.record(z.string(), z.string()).optional(),
  /**
   * Taken only by a number beside its cue words: a beam's diameter is never just the next length
   * (a lamp 2 m away is no beam 2 m wide).
   */
  cued: z.literal(1).optional(),
  /**
   * May be left out, and then has this value: 1 turn for a single loop, the index 1 of air as the
   * other medium, 90° between a charge's velocity and B when no angle is given.
   */
  optional: z.number().positive().optional(),
  /**
   * Stands for both charges of a ±q pair (a dipole's q): the other charge, equal in size, is this
   * one again. Elsewhere a second charge is a second source the result would have ignored.
   */
  pair: z.literal(1).optional(),
});
export type Variable = z.infer<typeof variableSchema>;

/** A result's answer to one kind of question, for questions using one of `about` when it has them. */
const reply = bilingual.extend({ about: z.array(z.string()).optional() });

const resultSchema = z.object({
  id: z.string(),
  /** The notes file (en/<topic>.md, zh/<topic>.md) and the section the result comes from. */
  topic: z.string(),
  section: bilingual,
  /** Names that alone identify the result ("coulomb's law", "库伦定律"). */
  names: z.array(z.string()),
  /** Word groups that describe it: every group must have a word in the question. */
  match: z.array(z.array(z.string())),
  /**
   * Another description, by other words ("grounded" and "plane" for the image charge's force):
   * every group of it must have a word in the question. Never the result's distinctive first
   * words (a grounded box beside Laplace's equation is not the image of a charge).
   */
  alsoMatch: z.array(z.array(z.string())).optional(),
  statement: bilingual,
  tex: z.string(),
  compute: z
    .object({
      symbol: z.string(),
      unit: z.string(),
      expr: z.string(),
      name: bilingual,
      /** A fraction people read as a percentage (a reflectance): stated both ways. */
      percent: z.boolean().optional(),
      /**
       * Where the result holds though no number says so ("the potential at the centre" of a shell):
       * it answers only a question asking its quantity beside one of these words, no number between.
       */
      at: z.array(z.string()).optional(),
    })
    .optional(),
  variables: z.record(z.string(), variableSchema).optional(),
  /** A variable computed from others when the question does not give it (n = N / L). */
  derive: z.record(z.string(), z.string()).optional(),
  /** mathjs conditions on the variables (SI) under which the result holds. */
  conditions: z.array(z.object({ expr: z.string(), en: z.string(), zh: z.string() })).optional(),
  /** What to add to the result when a condition on the values holds (attractive, its direction). */
  remarks: z.array(z.object({ when: z.string(), en: z.string(), zh: z.string() })).optional(),
  /** How a student can check the number (a limit, a scaling, the unit). */
  check: bilingual.optional(),
  /**
   * The shape of loop the result is for (a kind of `shapes` in units.json: a circle): a question
   * naming another shape (a square loop) is not answered with it.
   */
  shape: z.string().optional(),
  /** Shapes of body (kinds of `shapes`) a question may not name for it: a ring's charge is no point charge. */
  notFor: z.array(z.string()).optional(),
  /** Words of a situation the result is not for: a sheet of charge is no grounded conductor's surface. */
  notWith: z.array(z.string()).optional(),
  /** Words that name this result's situation after all, beside `notWith` ones (an air-cored coil beside its iron core). */
  notWithUnless: z.array(z.string()).optional(),
  /**
   * Taken only for a question using a word of its first word group, never for one that only asks
   * its symbol ("find E"): its numbers fit other situations too (a charge, a radius and a distance
   * from the centre are a sphere's as well as a ring's).
   */
  byWords: z.literal(1).optional(),
  /**
   * Kinds of `mustUse.eachPart` the result truly does not depend on (a coil's moment NIA, whatever
   * angle its plane makes with B): a part of it beside a given angle does not ignore that angle.
   */
  independentOf: z.array(z.string()).optional(),
  /** Results for the same situation in other regions (inside / outside a sphere). */
  family: z.string().optional(),
  /**
   * Words that ask for this result at its own point ("at its centre", 圆心处): a question of several
   * parts that asks a member of its family elsewhere (on the axis) asks this one there too.
   */
  point: z.array(z.string()).optional(),
  /**
   * Broader results this one is a part of (finite differences of Laplace's equation): named
   * together, or the broader one named and this one described by its first (distinctive) word group,
   * this one answers ("solve Laplace's equation on a grid", "拉普拉斯方程解的唯一性").
   */
  refines: z.array(z.string()).optional(),
  /**
   * Broader results of another situation (the image in a plane, for the image in a sphere): beside
   * this one solved, they are not computed from the question's numbers, only from this one's value.
   */
  replaces: z.array(z.string()).optional(),
  misconceptions: z.object({ en: z.array(z.string()), zh: z.array(z.string()) }).optional(),
  /**
   * The answer to the common question of a kind (`questionKinds` of units.json: "why", "when",
   * "which" of two, "yesno") about this result, led with before its statement: a why question asks the reason, a
   * yes/no question the yes or no, not the general statement. With `about`, the reply answers only
   * a question that uses one of those words: "No" to "is the displacement current a flow of charge"
   * is not the answer to "does a changing E field make a B field". Several replies to one kind are
   * told apart by their `about` words, the first that applies answering ("why is the core laminated"
   * is not "why does a core raise B"); one without `about` last answers the rest.
   */
  replies: z.record(z.string(), z.union([reply, z.array(reply)])).optional(),
});
export type CourseResult = z.infer<typeof resultSchema>;

const resultsFileSchema = z.object({
  constants: z.record(z.string(), z.number()),
  results: z.array(resultSchema),
});

export type Phrases = Catalogue;
export { KNOWLEDGE_DIR };

const readJson = <T>(schema: z.ZodType<T>, file: string): T => readDataFile(schema, KNOWLEDGE_DIR, file);

/** Lower case, compatibility forms (full-width, ₀), one kind of apostrophe and space. */
export function fold(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[–—]/g, '-')
    .replace(/\s+/g, ' ');
}

const HAN = /\p{Script=Han}/u;

/**
 * A word or phrase found where it starts a word (English) or anywhere (Chinese) but inside a longer
 * term of `terms` that holds it: a name "强度" (intensity) is not said by 磁感应强度 (the B field).
 * One written with a space after it ("e ", a symbol standing alone) ends a word, also where the
 * question ends ("what happens to E"); one written with a space before it (" t ", a unit's symbol)
 * stands alone after a space, also just after a number ("0.2 T field"), never inside "don't".
 */
function finder(word: string, terms: string[] = []): (text: string) => number {
  const folded = fold(word);
  if (HAN.test(folded)) {
    const longer = terms.filter((t) => t.length > folded.length && t.includes(folded));
    return (text) => {
      for (let at = text.indexOf(folded); at >= 0; at = text.indexOf(folded, at + 1)) {
        const inside = longer.some((t) => {
          const from = at - t.indexOf(folded);
          return from >= 0 && text.startsWith(t, from);
        });
        if (!inside) return at;
      }
      return -1;
    };
  }
  const ends = folded.endsWith(' ') ? `${escapeRegExp(folded.trimEnd())}(?:\\s|$)` : escapeRegExp(folded);
  const pattern = folded.startsWith(' ')
    ? new RegExp(`(?<=^|\\s)${ends.trimStart()}`)
    : new RegExp(`(?<![a-z0-9])${ends}`);
  return (text) => pattern.exec(text)?.index ?? -1;
}

export interface ResultMatch {
  result: CourseResult;
  score: number;
  /** Where in the question the result is first named: multi-part answers follow this order. */
  at: number;
  /** Named outright, not only described by its words. */
  named: boolean;
  /**
   * Every name of it the question uses is also an everyday word (a term of an alias group of
   * scope `everyday`): "intensity" of a workout, "conductor" of an orchestra, 波长 of two people.
   */
  everyday?: boolean;
  /** Described, not named: how many characters of the question its describing words cover. */
  said?: number;
}

interface CompiledResult {
  result: CourseResult;
  names: { find: (text: string) => number; length: number; everyday: boolean }[];
  groups: ((text: string) => number)[][];
  also: ((text: string) => number)[][];
  /** The folded length of each describing word, by group (how much of the question a hit says). */
  lengths: { groups: number[][]; also: number[][] };
}

export class KnowledgeBase {
  private readonly compiled: CompiledResult[];

  constructor(
    readonly results: CourseResult[],
    readonly constants: Record<string, number>,
    readonly units: UnitsFile,
    readonly phrases: Phrases,
    everydayWords: ReadonlySet<string> = new Set(),
  ) {
    // The words that ask for a quantity are its terms: a shorter name inside one is not said.
    const terms = Object.values(units.asked.units).flatMap((words) => words.map(fold));
    this.compiled = results.map((result) => ({
      result,
      // A possessive is as often typed without its apostrophe ("coulombs constant").
      names: result.names.flatMap((name) => {
        const length = fold(name).length;
        const bare = fold(name).replace(/'/g, '');
        const everyday = everydayWords.has(fold(name));
        return [name, ...(bare !== fold(name) ? [bare] : [])].map((v) => ({
          find: finder(v, terms),
          length,
          everyday,
        }));
      }),
      groups: result.match.map((group) => group.map((w) => finder(w))),
      also: (result.alsoMatch ?? []).map((group) => group.map((w) => finder(w))),
      lengths: {
        groups: result.match.map((group) => group.map((w) => fold(w).length)),
        also: (result.alsoMatch ?? []).map((group) => group.map((w) => fold(w).length)),
      },
    }));
  }

  static load(): KnowledgeBase {
    const { results, constants } = readJson(resultsFileSchema, 'results.json');
    return new KnowledgeBase(
      results,
      constants,
      readJson(unitsFileSchema, 'units.json'),
      catalogue('answers'),
      everydayWords(),
    );
  }

  byId(id: string): CourseResult | undefined {
    return this.results.find((r) => r.id === id);
  }

  /**
   * The results a question is about, best first: named outright (score about 10: longer names
   * and names early in the question more), or described by every word group of a result with two or more groups (a single
   * describing word, "coil" or "flux", is not enough: mattress coils, soldering flux).
   */
  match(question: string): ResultMatch[] {
    const text = fold(question);
    const out: ResultMatch[] = [];
    for (const { result, names, groups, also, lengths } of this.compiled) {
      let best: ResultMatch | undefined;
      let specific = false;
      names.forEach(({ find, length, everyday }) => {
        const at = find(text);
        if (at < 0) return;
        if (!everyday) specific = true;
        // A longer name says more; the subject of a question usually comes first.
        const score = 10 + length / 20 - at / 40;
        if (!best || score > best.score) best = { result, score, at, named: true };
      });
      if (best) best.everyday = !specific;
      for (const [description, sizes] of [
        [groups, lengths.groups],
        [also, lengths.also],
      ] as const) {
        if (best || description.length < 2) continue;
        const hits = description.map((group) =>
          Math.min(...group.map((f) => f(text)).map((a) => (a < 0 ? 1e9 : a))),
        );
        // The longest word of each group found: "球壳" (shell) says more than the "球" inside it.
        const said = description
          .map((group, g) => Math.max(0, ...group.map((f, w) => (f(text) >= 0 ? sizes[g]![w]! : 0))))
          .reduce((a, b) => a + b, 0);
        if (hits.every((a) => a < 1e9))
          best = { result, score: 5 + description.length, at: hits[0]!, named: false, said };
      }
      if (best) out.push(best);
    }
    this.preferRefinements(text, out);
    // Equally described at the same place, the result whose words say more of the question first.
    return out.sort((a, b) => b.score - a.score || a.at - b.at || (b.said ?? 0) - (a.said ?? 0));
  }

  /** Whether the question uses a word of the result's first (distinctive) word group. */
  usesFirstWords(question: string, result: CourseResult): boolean {
    const text = fold(question);
    const first = this.compiled.find((c) => c.result === result)?.groups[0] ?? [];
    return first.some((find) => find(text) >= 0);
  }

  /** A result that refines a named broader one, named or described by its first word group, ranks above it. */
  private preferRefinements(text: string, out: ResultMatch[]): void {
    for (const { result, groups } of this.compiled) {
      const broader = out.filter((m) => m.named && result.refines?.includes(m.result.id));
      if (broader.length === 0) continue;
      const own = out.find((m) => m.result === result);
      const hits = (groups[0] ?? []).map((f) => f(text)).filter((a) => a >= 0);
      if (!own?.named && hits.length === 0) continue;
      const score = Math.max(...broader.map((m) => m.score)) + 0.5;
      // The broader result's name and this one's words together name it outright.
      if (own) Object.assign(own, { score: Math.max(own.score, score), named: true });
      else out.push({ result, score, at: Math.min(...hits), named: true });
    }
    // Described as fully as a broader result it refines, the narrower one says more ("past what
    // angle does light no longer get out of the water" describes refraction and its critical angle).
    for (const own of out) {
      if (own.named || !own.result.refines) continue;
      const tie = out.some(
        (m) => !m.named && m.score === own.score && own.result.refines!.includes(m.result.id),
      );
      if (tie) own.score += 0.5;
    }
  }

  /** A phrase of the catalogue with its {placeholders} filled. */
  say(lang: 'en' | 'zh', key: string, values: Record<string, string | number> = {}): string {
    const template = this.phrases[lang][key] ?? key;
    return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  }
}

/** The concept names that are also everyday words (alias groups of scope `everyday`), folded. */
function everydayWords(): Set<string> {
  const { groups } = readDataFile(aliasesFileSchema, DEFAULT_CORPUS_DIR, 'concept-aliases.json');
  return new Set(groups.filter((g) => g.scope === 'everyday').flatMap((g) => g.terms.map(fold)));
}

let shared: KnowledgeBase | undefined;

/** The course's knowledge base, read once. */
export function courseKnowledge(): KnowledgeBase {
  shared ??= KnowledgeBase.load();
  return shared;
}
