import { math } from '../math.js';
import { escapeRegExp } from '../regexp.js';
import type { Lang } from './answers.js';
import { type CourseResult, fold, type KnowledgeBase } from './knowledge-base.js';

/**
 * "If I triple the distance, what happens to the force?": the factor a result's computed quantity
 * changes by when one of its variables is scaled, from the result's own expression (not from a
 * sentence of the notes, which says only what doubling does). The scaling words and their factors
 * are data (units.json `scale`); the variable is the one whose words stand nearest the scaling word.
 */

/**
 * How far apart a scaling word and a variable's word may be: a cue the data gives for the variable
 * further ("the distance between the charges is quadrupled") than a word of its name.
 */
const NEAR = { cue: 40, name: 24 };

export interface Scaling {
  variable: string;
  /** The variables scaled with it: "triple both charges" scales q1 and the q2 the data ties to it. */
  together: string[];
  factor: number;
  /** Other variables scaled at once, each by a scaling word of its own ("double the current and the distance"). */
  also: { variable: string; factor: number }[];
  ratio: number;
  /** Where the scaling word stands in the folded question: what is named after it is what is asked. */
  at: number;
}

/** Where a word occurs: at word starts in English, anywhere in Chinese. */
function positions(text: string, word: string): number[] {
  const w = fold(word);
  const out: number[] = [];
  for (let i = text.indexOf(w); i >= 0; i = text.indexOf(w, i + 1)) {
    if (/\p{Script=Han}/u.test(w) || i === 0 || !/[a-z0-9]/.test(text.charAt(i - 1))) out.push(i);
  }
  return out;
}

/**
 * The words a variable is called by: its cues first (the words the data gives for it), else its
 * name's longer English words and its Chinese name's pairs of characters ("the distance between
 * the charges is tripled" scales the distance, not a charge).
 */
function wordsOf(v: { en: string; zh: string; cues?: string[] }, cuesOnly: boolean): string[] {
  if (cuesOnly) return v.cues ?? [];
  const en = v.en.split(/[^A-Za-z]+/).filter((w) => w.length >= 5);
  const zh = [...v.zh].slice(0, -1).map((ch, i) => ch + v.zh.charAt(i + 1));
  return [...en, ...zh].filter((w) => w.trim().length >= 2);
}

const HAN = /\p{Script=Han}/u;
const CLAUSE_END = /[，,。；;、]/;

/**
 * Every scaling word of the question with its factor and where it stands: the listed words (units.json
 * `scale`), and a number written in digits before a word of `scaleTimes` ("3 times", "5倍", "2.5-fold"),
 * scaled by that number; never a power of ten ("3 times 10^8").
 */
function scaleWords(kb: KnowledgeBase, text: string): { word: string; factor: number; at: number }[] {
  const out = kb.units.scale.flatMap(({ words, factor }) =>
    words.flatMap((word) => positions(text, word).map((at) => ({ word, factor, at }))),
  );
  const times = kb.units.scaleTimes.words.map((w) => escapeRegExp(fold(w))).join('|');
  for (const m of text.matchAll(
    new RegExp(`(?<![\\d.])(\\d+(?:\\.\\d+)?)\\s*(?:${times})(?![a-z])(?!\\s*10)`, 'g'),
  )) {
    const factor = Number(m[1]);
    if (factor > 0 && factor !== 1 && !out.some((o) => o.at === m.index))
      out.push({ word: m[0], factor, at: m.index });
  }
  return out;
}

/**
 * Whether the question holds the variable this word of it names ("on the same length", "keep the
 * length fixed", 长度不变): a held variable is not the one scaled, however near a scaling word.
 * An English held word stands just before the word or after it with only fillers between (is,
 * stays, the); a Chinese one within two characters.
 */
function held(kb: KnowledgeBase, text: string, at: number, word: string): boolean {
  const { words, fillers } = kb.units.held;
  const before = text.slice(0, at);
  const after = text.slice(at + fold(word).length);
  const filler = `(?:\\s+(?:${fillers.map((f) => escapeRegExp(fold(f))).join('|')}))*`;
  return words.some((h) => {
    const w = fold(h);
    // Within the clause: 长度保持不变，匝数加倍 holds the length, not the turns after the comma.
    if (HAN.test(w))
      return (
        after
          .split(CLAUSE_END)[0]!
          .slice(0, 2 + w.length)
          .includes(w) ||
        before.endsWith(w) ||
        before.endsWith(`${w}的`)
      );
    const e = escapeRegExp(w);
    return (
      new RegExp(`^${filler}\\s+${e}\\b`).test(after) || new RegExp(`\\b${e}${filler}\\s+$`).test(before)
    );
  });
}

/** The variable whose words stand nearest a scaling word, and the factor. */
function scaled(
  kb: KnowledgeBase,
  result: CourseResult,
  text: string,
  cuesOnly: boolean,
  only?: (name: string) => boolean,
): { variable: string; factor: number; distance: number; at: number } | undefined {
  let best: { variable: string; factor: number; distance: number; at: number; across: boolean } | undefined;
  for (const { factor, at } of scaleWords(kb, text)) {
    for (const [name, v] of Object.entries(result.variables ?? {})) {
      if (only && !only(name)) continue;
      for (const w of wordsOf(v, cuesOnly)) {
        for (const p of positions(text, w)) {
          if (held(kb, text, p, w)) continue;
          const distance = Math.abs(p - at);
          // A word in the scaling word's own clause before one across a comma (电流变为原来的3倍，长直导线的磁场).
          const across = CLAUSE_END.test(text.slice(Math.min(p, at), Math.max(p, at)));
          const nearer = !best || (across === best.across ? distance < best.distance : !across);
          if (distance <= (cuesOnly ? NEAR.cue : NEAR.name) && nearer)
            best = { variable: name, factor, distance, at, across };
        }
      }
    }
  }
  return best && { variable: best.variable, factor: best.factor, distance: best.distance, at: best.at };
}

/**
 * The variables of the same standing as the scaled one (tied by `same_as`: the two charges of a
 * pair) when a word for each of them ("both", 都) stands by the scaling word: scaling one charge
 * of a pair is not scaling both, which changes the force by the factor squared.
 */
function alike(
  kb: KnowledgeBase,
  result: CourseResult,
  text: string,
  variable: string,
  at: number,
): string[] {
  const near = kb.units.each.some((w) => positions(text, w).some((p) => Math.abs(p - at) <= NEAR.name));
  if (!near) return [];
  const vars = result.variables ?? {};
  const root = (name: string) => vars[name]?.same_as ?? name;
  return Object.keys(vars).filter((name) => name !== variable && root(name) === root(variable));
}

/**
 * The variables other scaling words of the question scale ("double the current AND double the
 * distance"): at each scaling word away from the first one's, the variable whose words stand
 * nearest it, when that is not already scaled.
 */
function othersScaled(
  kb: KnowledgeBase,
  result: CourseResult,
  text: string,
  used: string[],
  first: number,
): { variable: string; factor: number }[] {
  const out: { variable: string; factor: number }[] = [];
  const taken = new Set(used);
  for (const { factor, at } of scaleWords(kb, text)) {
    if (at === first) continue;
    let best: { variable: string; distance: number } | undefined;
    for (const cuesOnly of [true, false]) {
      for (const [name, v] of Object.entries(result.variables ?? {})) {
        if (taken.has(name)) continue;
        for (const w of wordsOf(v, cuesOnly)) {
          for (const p of positions(text, w)) {
            const distance = Math.abs(p - at);
            if (held(kb, text, p, w) || distance > (cuesOnly ? NEAR.cue : NEAR.name)) continue;
            if (!best || distance < best.distance) best = { variable: name, distance };
          }
        }
      }
      if (best) break;
    }
    if (!best) continue;
    // "Triple both charges": the pair the scaling word stands by, each by the factor.
    for (const name of [best.variable, ...alike(kb, result, text, best.variable, at)]) {
      if (taken.has(name)) continue;
      taken.add(name);
      out.push({ variable: name, factor });
    }
  }
  return out;
}

/**
 * A scaling word followed by a word of distance ("3x closer", "twice as far"): the result's distance
 * (its one length variable, else the length whose words stand nearest) scaled by the factor, or by
 * its inverse when closer; `null` when the result has no such distance, so no other variable is
 * taken for it (three times closer is not three times the charge).
 */
function distanceScaled(kb: KnowledgeBase, result: CourseResult, text: string) {
  const { closer, farther, within } = kb.units.scaleDistance;
  const after = (at: number, word: string, list: string[]) => {
    const tail = text.slice(at + fold(word).length, at + fold(word).length + within);
    return list.some((w) => positions(tail, w).length > 0);
  };
  for (const { word, factor, at } of scaleWords(kb, text)) {
    const near = after(at, word, closer);
    if (!near && !after(at, word, farther)) continue;
    const lengths = Object.keys(result.variables ?? {}).filter(
      (name) => result.variables![name]!.kind === 'length',
    );
    const isLength = (name: string) => lengths.includes(name);
    const variable =
      lengths.length === 1
        ? lengths[0]
        : (scaled(kb, result, text, true, isLength) ?? scaled(kb, result, text, false, isLength))?.variable;
    if (!variable) return null;
    return { variable, factor: near ? 1 / factor : factor, distance: 0, at };
  }
  return undefined;
}

export function scalingOf(kb: KnowledgeBase, result: CourseResult, question: string): Scaling | undefined {
  if (!result.compute || !result.variables) return undefined;
  const text = fold(question);
  const byDistance = distanceScaled(kb, result, text);
  if (byDistance === null) return undefined;
  const best = byDistance ?? scaled(kb, result, text, true) ?? scaled(kb, result, text, false);
  if (!best) return undefined;
  const together = alike(kb, result, text, best.variable, best.at);
  const also = othersScaled(kb, result, text, [best.variable, ...together], best.at);
  // Every variable at 1 (SI), then the chosen one scaled: the ratio of the two values.
  const base: Record<string, number> = { ...kb.constants };
  for (const name of Object.keys(result.variables)) base[name] = 1;
  const at = (values: Record<string, number>, expr = result.compute!.expr) => {
    try {
      const v = math.evaluate(expr, values) as unknown;
      return typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN;
    } catch {
      return Number.NaN;
    }
  };
  // A variable the result derives from the scaled one follows it (twice the turns on the same
  // length is twice n = N/L): left at 1, the field of a solenoid would not change with N.
  const derived = (values: Record<string, number>) => {
    const out = { ...values };
    for (const [name, rule] of Object.entries(result.derive ?? {})) {
      if (name === best.variable || also.some((o) => o.variable === name)) continue;
      const v = at(out, rule);
      if (Number.isFinite(v)) out[name] = v;
    }
    return out;
  };
  const scaledValues = Object.fromEntries([
    ...[best.variable, ...together].map((n) => [n, best.factor]),
    ...also.map((o) => [o.variable, o.factor]),
  ]);
  const ratio = at(derived({ ...base, ...scaledValues })) / at(derived(base));
  if (!Number.isFinite(ratio) || ratio <= 0) return undefined;
  return { variable: best.variable, together, factor: best.factor, also, ratio, at: best.at };
}

/** 4 → "4", 0.111… → "1/9", 0.5 → "1/2", else three significant digits. */
export function factorText(x: number): string {
  const near = (a: number) => Math.abs(a - Math.round(a)) < 1e-9 * Math.max(1, Math.abs(a));
  if (near(x)) return String(Math.round(x));
  if (x < 1 && near(1 / x)) return `1/${Math.round(1 / x)}`;
  return String(Number(x.toPrecision(3)));
}

/** The sentence that answers the scaling question, in the question's language. */
export function scalingSentence(kb: KnowledgeBase, result: CourseResult, s: Scaling, lang: Lang): string {
  const names = [s.variable, ...s.together];
  // Several variables scaled at once, or a quantity the change leaves as it was: each change said,
  // then what the quantity does ("stays the same" rather than "becomes 1 times").
  const same = Math.abs(s.ratio - 1) < 1e-9;
  if (s.also.length > 0 || same) {
    const change = (variables: string[], factor: number) =>
      kb.say(lang, 'scaledChange', {
        variable: variables.map((n) => result.variables![n]![lang]).join(kb.say(lang, 'and')),
        symbol: variables.join(kb.say(lang, 'listSeparator')),
        factor: kb.say(lang, factor >= 1 ? 'factorUp' : 'factorDown', { x: factorText(factor) }),
      });
    const changes = [change(names, s.factor), ...s.also.map((o) => change([o.variable], o.factor))];
    return kb.say(lang, 'scaledMany', {
      changes: changes.join(kb.say(lang, 'and')),
      name: result.compute!.name[lang],
      result: result.compute!.symbol,
      outcome: same
        ? kb.say(lang, 'scaledSame')
        : kb.say(lang, s.ratio >= 1 ? 'scaledOutcomeUp' : 'scaledOutcomeDown', {
            ratio: factorText(s.ratio),
          }),
    });
  }
  const and = kb.say(lang, 'and');
  return kb.say(lang, s.ratio >= 1 ? 'scaledUp' : 'scaledDown', {
    variable: names.map((n) => result.variables![n]![lang]).join(and),
    symbol: names.join(kb.say(lang, 'listSeparator')),
    factor: kb.say(lang, s.factor >= 1 ? 'factorUp' : 'factorDown', { x: factorText(s.factor) }),
    name: result.compute!.name[lang],
    result: result.compute!.symbol,
    ratio: factorText(s.ratio),
  });
}
