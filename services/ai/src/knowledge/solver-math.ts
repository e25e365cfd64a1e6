import { math } from '../math.js';
import { escapeRegExp } from '../regexp.js';
import { type CourseResult, fold, type KnowledgeBase, type ResultMatch } from './knowledge-base.js';
import type { Reading } from './reading.js';
import type { UnitsFile } from './units-schema.js';

/** The solver's arithmetic and word tests: results evaluated with mathjs, cue words near numbers. */
const WINDOW_BEFORE = 32;
// "3 cm from the centre": the cue after a number may be a few words long.
const WINDOW_AFTER = 20;

/** A result's expression at the given SI values (NaN when it is not a finite number). */
export function evaluateResult(
  result: CourseResult,
  values: Record<string, number>,
  constants: Record<string, number>,
): number {
  const value = math.evaluate(result.compute!.expr, { ...constants, ...values }) as unknown;
  return typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN;
}

/** Whether a mathjs condition (r < R, q1 * q2 < 0) holds at the given SI values. */
export function conditionHolds(
  expr: string,
  values: Record<string, number>,
  constants: Record<string, number>,
): boolean {
  return math.evaluate(expr, { ...constants, ...values }) === true;
}

/** A number just after a cue word, "by" or "of" between them allowed. */
const NUMBER_NEXT = /^\s*(?:by|of|[:=为是])?\s*[-+]?\d/u;

/** How far the nearest cue word is from a reading (before it, or just after), if any is near. */
export function cueDistance(text: string, r: Reading, cues: string[]): number | undefined {
  const before = text.slice(Math.max(0, r.index - WINDOW_BEFORE), r.index);
  const after = text.slice(r.end, r.end + WINDOW_AFTER);
  let best: number | undefined;
  for (const cue of cues) {
    const c = fold(cue);
    const b = before.lastIndexOf(c);
    if (b >= 0) best = Math.min(best ?? Number.POSITIVE_INFINITY, before.length - b);
    const a = after.indexOf(c);
    // "10 cm on a side, separated by 1.5 mm": a cue a number follows at once is that number's.
    const next = r.end + a + c.length;
    const taken = a >= 0 && NUMBER_NEXT.test(text.slice(next, next + 8));
    if (a >= 0 && !taken) best = Math.min(best ?? Number.POSITIVE_INFINITY, a + 1);
  }
  return best;
}

/** A word in folded text: English as a whole word, Chinese anywhere. */
export function wordPattern(word: string, flags = ''): RegExp {
  return /\p{Script=Han}/u.test(word)
    ? new RegExp(escapeRegExp(word), flags)
    : new RegExp(`(?<![a-z])${escapeRegExp(fold(word))}(?![a-z])`, flags);
}

/**
 * The question names a situation the result is not for (`notWith`: a sheet's field beside a grounded
 * plane), and none it is for after all (`notWithUnless`: "air-cored" beside an iron core).
 */
export function ruledOut(text: string, result: CourseResult): boolean {
  return mentions(text, result.notWith ?? []) && !mentions(text, result.notWithUnless ?? []);
}

/** Whether a word of the list is in the folded text (English whole words, Chinese anywhere). */
export function mentions(text: string, words: string[]): boolean {
  return words.some((w) => wordPattern(w).test(text));
}

/**
 * The other charge of a ±q pair: a reading of the same kind and size as one that was used (of a
 * kind in `pairs`, when given: the kinds a result's variable stands for a pair of); or a number
 * given to a symbol that was used as read another way.
 */
export function pairsWithOne(r: Reading, used: Set<Reading>, pairs?: ReadonlySet<string>): boolean {
  // A number given to a symbol may be read twice: "water with n = 1.33" as water's index too.
  const given = r.kind.startsWith('=');
  return [...used].some(
    (u) =>
      ((u.kind === r.kind && (!pairs || pairs.has(r.kind))) || given) &&
      Math.abs(Math.abs(u.value) - Math.abs(r.value)) <= 1e-12 * Math.abs(r.value),
  );
}

/**
 * The question joins several parts: a joining word ("the field and the potential"), or one
 * question after another ("B amplitude? average intensity?", 像电荷多大 放在哪), an asking mark with words after it.
 */
export function joinsParts(text: string, units: { also: string[]; askMarks: string[] }): boolean {
  // Labelled parts ("求：(1) …；(2) …") are several questions, whatever joins them.
  return labelledParts(text) >= 2 || joinsByWords(text, units);
}

/** The question joins parts by its words or asking marks, not only by labelling them. */
export function joinsByWords(text: string, units: { also: string[]; askMarks: string[] }): boolean {
  return (
    units.also.some((w) => new RegExp(`(?<![a-z])${escapeRegExp(fold(w))}(?![a-z])`).test(text)) ||
    // Words after the mark, not only the mark that ends the question ("多少？"): a Chinese asking
    // word (多大) ends a part as a question mark does.
    units.askMarks.some(
      (m) => text.includes(m) && /[\p{L}\p{N}]/u.test(text.slice(text.indexOf(m) + m.length)),
    )
  );
}

type AskedWords = Pick<UnitsFile['asked'], 'units' | 'describing'>;

/**
 * The question never asks for this unit's quantity while it asks for another one ("the potential 5 cm
 * from the centre" is not answered with the field there; "radius?" not with the energy qV).
 */
export function asksAnother(question: string, unit: string, asked: AskedWords): boolean {
  const own = asked.units[unit];
  if (!own) return false;
  // Another quantity's longer word that holds one of this one's ("magnetic field" holds "field")
  // names that quantity, not this one.
  const holders = Object.entries(asked.units)
    .filter(([other, words]) => other !== unit && words !== own)
    .flatMap(([, words]) =>
      words.filter((w) => !own.includes(w) && own.some((o) => fold(w).includes(fold(o)))),
    );
  const rest = holders.reduce((text, w) => text.replace(wordPattern(w, 'g'), ' '), question);
  const describing = (w: string) => asked.describing.includes(w);
  const othersAsked = (byDescribingWords: boolean) =>
    Object.entries(asked.units).some(
      ([other, words]) =>
        other !== unit &&
        words !== own &&
        mentions(
          question,
          words.filter((w) => !own.includes(w) && (byDescribingWords || !describing(w))),
        ),
    );
  if (
    mentions(
      rest,
      own.filter((w) => !describing(w)),
    )
  )
    return false;
  // "The work to pull it away": a describing word of this quantity yields to another's own word.
  if (mentions(rest, own.filter(describing))) return othersAsked(false);
  return othersAsked(true);
}

// How far from the word asking a quantity the words saying where are looked for ("电势" after "球心处").
const AT_WINDOW = 24;

/**
 * The question asks the result's quantity where the result holds (`compute.at`): a word asking it
 * ("potential") with one of the place's words beside it and no number between ("the potential at the
 * centre", 球心处的电势), not "the potential 40 cm from the centre". A result without places always does.
 */
export function asksAt(question: string, result: CourseResult, asked: Record<string, string[]>): boolean {
  const places = result.compute?.at;
  if (!places) return true;
  return (asked[result.compute!.unit] ?? []).some((w) =>
    [...question.matchAll(wordPattern(w, 'g'))].some((m) => {
      const end = m.index + m[0].length;
      const before = question.slice(Math.max(0, m.index - AT_WINDOW), m.index);
      const after = question.slice(end, end + AT_WINDOW);
      return places.some((p) => {
        const place = fold(p);
        const b = before.lastIndexOf(place);
        const a = after.indexOf(place);
        return (b >= 0 && !/\d/.test(before.slice(b))) || (a >= 0 && !/\d/.test(after.slice(0, a)));
      });
    }),
  );
}

/**
 * The question asks this quantity's size: a word asking a size ("magnitude", 大小) beside a word
 * asking it ("the magnitude of the force … and the potential energy" asks the force's size, not the
 * energy's). A size word beside no quantity's word asks for whatever the question asks.
 */
export function asksSizeOf(
  question: string,
  sizeWords: string[],
  unit: string,
  asked: Record<string, string[]>,
): boolean {
  const near = (words: string[]) =>
    sizeWords.some((s) =>
      [...question.matchAll(wordPattern(s, 'g'))].some((m) => {
        const end = m.index + m[0].length;
        const beside = question.slice(Math.max(0, m.index - AT_WINDOW), end + AT_WINDOW);
        return mentions(beside, words);
      }),
    );
  if (!mentions(question, sizeWords)) return false;
  const own = asked[unit];
  if (!own || near(own)) return true;
  return !near(Object.values(asked).flat());
}

/**
 * The question names a shape other than the one the result is for (a square beside a circle's
 * result), or one the result is not for (a ring of charge beside a point charge's potential).
 */
export function namesOtherShape(
  question: string,
  result: CourseResult,
  shapes: { kinds: Record<string, string[]>; except: string[] },
): boolean {
  if (!result.shape && !result.notFor) return false;
  const rest = shapes.except.reduce((text, w) => text.replace(wordPattern(w, 'g'), ' '), question);
  return Object.entries(shapes.kinds).some(
    ([kind, words]) =>
      (result.shape ? kind !== result.shape : result.notFor!.includes(kind)) && mentions(rest, words),
  );
}

/** The sign the question's words give a quantity ("a positive charge", 负点电荷): +1, −1, or unknown. */
export function signOf(
  question: string,
  signs: { positive: string[]; negative: string[] },
): 1 | -1 | undefined {
  const positive = mentions(question, signs.positive);
  const negative = mentions(question, signs.negative);
  return positive === negative ? undefined : positive ? 1 : -1;
}

/** The text writes a number no reading covers ("0.3 N" where no kind is a force). */
export function writesUnread(text: string, readings: Reading[]): boolean {
  return [...text.matchAll(/(?<![\w.])\d+(?:\.\d+)?/g)].some(
    (m) => !readings.some((r) => r.index <= m.index && m.index < r.end),
  );
}

/** A symbol asked for by name ("find E", "how strong is B", "求 F"), from the words that ask. */
export function askedSymbol(words: string[]): RegExp {
  const ask = words
    .map((w) =>
      /\p{Script=Han}/u.test(w) ? `${escapeRegExp(w)}\\s*` : `\\b${escapeRegExp(w)}\\s+(?:the\\s+)?`,
    )
    .join('|');
  return new RegExp(`(?:${ask})([A-Za-zα-ωΑ-Ω])(?![\\w(])`, 'gi');
}

/**
 * The computable results not already matched whose symbol the question asks for ("find E").
 * An amplitude (B₀, E₀) is asked by its bare letter ("whats B" of a wave) when the question uses
 * its result's distinctive words: "B" alone asks a field, a wave's words say which.
 */
export function askedResults(
  kb: KnowledgeBase,
  question: string,
  asking: RegExp,
  matched: ResultMatch[],
): ResultMatch[] {
  const out: ResultMatch[] = [];
  for (const asked of question.matchAll(asking)) {
    for (const result of kb.results) {
      if (!result.compute || [...matched, ...out].some((m) => m.result === result)) continue;
      if (result.byWords && !kb.usesFirstWords(question, result)) continue;
      // Nor one whose situation the question rules out by its words (a loop's axis beside a straight wire).
      if (ruledOut(fold(question), result)) continue;
      const { symbol } = result.compute;
      const peak = symbol.replace(/₀$/, '') === asked[1] && kb.usesFirstWords(question, result);
      if (symbol !== asked[1] && !peak) continue;
      out.push({ result, score: 6, at: asked.index, named: false });
    }
  }
  return out;
}

/** A part's label: "(b)", "（2）", "e)". */
const PART_LABEL = /[(（]\s*(?:[a-h]|i{1,3}|iv|\d)\s*[)）]|(?<![\w(（])[a-h]\)/gi;

/**
 * The question without its part labels: "(b)" and "e)" label parts, they do not ask for B or E.
 */
export function withoutPartLabels(question: string): string {
  return question.replace(PART_LABEL, ' ');
}

/** Where each labelled part starts ("(a)", "（2）"), in order: a label named again ("as in (a)") starts none. */
export function partStarts(question: string): number[] {
  const seen = new Set<string>();
  return [...question.matchAll(PART_LABEL)]
    .filter((m) => {
      const label = m[0].replace(/[\s(（)）]/g, '').toLowerCase();
      return !seen.has(label) && seen.add(label);
    })
    .map((m) => m.index);
}

/** Each labelled part's text, folded, from its label to the next one. */
export function partTexts(question: string): { start: number; text: string }[] {
  const starts = partStarts(question);
  return starts.map((start, i) => ({ start, text: fold(question.slice(start, starts[i + 1])) }));
}

/** How many parts the question labels ("(a) … (b) …", "求：(1) …；(2) …"): 0 when it labels none. */
export function labelledParts(question: string): number {
  return partStarts(question).length;
}

/**
 * A result of one source asked for several together ("where between them is the net field zero",
 * "the field on the dipole's axis", "B midway between the wires"): the question gives two sources
 * of a kind the result takes one of (a charge, a current), or says more stand around than any
 * result takes (the corners of a triangle), and asks with a word of superposition.
 */
export function oneSourceOfSeveral(
  result: CourseResult,
  readings: Reading[],
  question: string,
  superposed: { kinds: string[]; words: string[]; many: string[] },
  each: string[],
): boolean {
  const many = mentions(question, superposed.many);
  // "三个顶点上各放一个 +2.0 nC": many sources, each given once, are several without a word of superposition.
  if (!mentions(question, superposed.words) && !(many && mentions(question, each))) return false;
  return superposed.kinds.some((kind) => {
    const sources = Object.values(result.variables ?? {}).filter((v) => v.kind === kind);
    // Charges at the corners of a triangle: more than the two a pair's force takes.
    if (many && sources.length > 0) return true;
    if (sources.length !== 1 || sources[0]!.pair) return false;
    return readings.filter((r) => r.kind === kind).length >= 2;
  });
}

/**
 * The question says how something lies towards the field in words ("lies along a 0.3 T field",
 * 沿磁场方向) rather than by an angle: a word of `words` with a word of `of` after it in its clause.
 */
export function liesTowardsField(text: string, aligned: { words: string[]; of: string[] }): boolean {
  return aligned.words.some((w) =>
    [...text.matchAll(wordPattern(w, 'g'))].some((m) => {
      const clause = text.slice(m.index + m[0].length).split(/[。，,;；？?！!]|\.\s/)[0] ?? '';
      return mentions(clause, aligned.of);
    }),
  );
}

/** A medium of index 1 (vacuum, air): what the formulas already assume, so never left unused. */
export function vacuumLike(r: Reading): boolean {
  return r.kind === 'index' && r.value === 1;
}

/** "at what rate dE/dt is the field changing": the question asks for the quantity's rate, not its value. */
export function asksRateOf(question: string, symbol: string): boolean {
  const letter = fold(symbol).replace(/[₀0]$/, '');
  return new RegExp(`(?<![a-z])d${escapeRegExp(letter)}\\s*/\\s*dt(?![a-z])`).test(question);
}
