import { math } from '../math.js';
import { type CourseResult, fold, type KnowledgeBase } from './knowledge-base.js';
import type { Reading } from './reading.js';
import { bindVariables } from './solver-binding.js';
import { conditionHolds, evaluateResult, mentions, wordPattern, writesUnread } from './solver-math.js';
import type { Attempt, Solved } from './solver-outcomes.js';

/**
 * A result solved for one of its variables: "what current gives 50 μT 4 cm from a wire" gives
 * the wire's field and asks for its current. Only for a result the question is about, missing
 * exactly one variable, when the question gives one quantity of the result's own kind no variable
 * took and asks for the missing variable's quantity by its words and for no other quantity.
 */
export interface Inverse {
  /** The variable solved for, `|λ|` when only its size is fixed (the result takes abs()). */
  symbol: string;
  /** The variable's own name in the result (`λ`), as in its formula. */
  variable: string;
  unit: string;
  name: { en: string; zh: string };
  /** The result's value the question gives, SI, and as written. */
  target: number;
  written: string;
}

export interface Inverted {
  inverse: Inverse;
  value: number;
  values: Record<string, number>;
  written: Record<string, string>;
  derived: string[];
  used: Set<Reading>;
}

/** The result solved back for the variable the question asks, as a solved part of the answer. */
export function invertedPart(...args: Parameters<typeof invertResult>): (Solved & Attempt) | undefined {
  const found = invertResult(...args);
  if (!found) return undefined;
  const { used, ...solved } = found;
  const checked = (args[1].conditions ?? []).map(({ en, zh }) => ({ en, zh }));
  return { status: 'solved', result: args[1], checked, leftovers: 0, used, ...solved };
}

export function invertResult(
  kb: KnowledgeBase,
  result: CourseResult,
  readings: Reading[],
  text: string,
  question: string,
  /** Units of further parts computed from the variable solved for (B₀ = E₀/c after E₀). */
  further: string[] = [],
): Inverted | undefined {
  const compute = result.compute;
  // Read less directly than a forward result, so every number the question writes must be used.
  if (writesUnread(text, readings)) return undefined;
  // "The current is doubled; the field was 50 μT": the value given is of another state than the one asked.
  if (!compute || kb.units.scale.some((s) => mentions(question, s.words))) return undefined;
  const binding = bindVariables(kb, result, readings, text, {}, {});
  if (binding.missing.length !== 1) return undefined;
  const entry = Object.entries(result.variables ?? {}).find(([, v]) => v === binding.missing[0]);
  if (!entry || halfGiven(result.derive?.[entry[0]], binding.written)) return undefined;
  const [name, variable] = entry;
  // N/C and V/m are one unit: a point charge's field in V/m is given as 4.5 × 10⁴ N/C.
  const units = [compute.unit, ...(kb.units.sameUnit[compute.unit] ?? [])];
  const targets = readings.filter((r) => !binding.used.has(r) && units.includes(kb.units.si[r.kind] ?? ''));
  if (targets.length !== 1) return undefined;
  const target = targets[0]!;
  const unit = kb.units.si[variable.kind];
  // The words of a quantity the question gives ("in a 0.5 T field") do not ask for it.
  const given = [...binding.used].map((r) => kb.units.si[r.kind]).filter((u) => u !== undefined);
  const asking = askingPart(question, kb.units.askSymbol);
  if (unit === undefined || !asksOnly(asking, [unit, compute.unit, ...further, ...given], kb.units.asked))
    return undefined;
  const at = (x: number) => evaluateResult(result, { ...binding.values, [name]: x }, kb.constants);
  const root = solveFor(at, target.value);
  if (!root) return undefined;
  const used = new Set([...binding.used, target]);
  const values = { ...binding.values, [name]: root.value };
  if (!(result.conditions ?? []).every((c) => conditionHolds(c.expr, values, kb.constants))) return undefined;
  return {
    inverse: {
      symbol: root.magnitude ? `|${name}|` : name,
      variable: name,
      unit,
      name: { en: variable.en, zh: variable.zh },
      target: target.value,
      written: target.written.trim(),
    },
    value: root.value,
    values,
    written: { ...binding.written, [compute.symbol]: target.written.trim() },
    derived: binding.derived,
    used,
  };
}

/**
 * A variable the result derives from others (n = N/L) with one of those given (the length) is half
 * given: whether the turns or the density are unknown is unclear. With none given ("how many turns
 * per metre"), the variable itself is what is unknown.
 */
function halfGiven(rule: string | undefined, written: Record<string, string>): boolean {
  if (!rule) return false;
  const inputs = math
    .parse(rule)
    .filter((node) => (node as { isSymbolNode?: boolean }).isSymbolNode === true)
    .map((node) => (node as unknown as { name: string }).name);
  return inputs.some((name) => name in written);
}

/**
 * The question asks for the missing variable's quantity by its words, and for nothing else but the
 * quantity it gives ("what current … so that the field is 50 μT"); "the magnetic field amplitude"
 * asked beside a wave's intensity is another quantity, so no electric field is solved for. Only
 * what it asks counts: "a shell of radius 10 cm" gives the radius, it does not ask it.
 */
function asksOnly(
  asking: string[],
  [unit, ...answered]: string[],
  { units: asked, otherThan }: { units: Record<string, string[]>; otherThan: string[] },
): boolean {
  const own = asked[unit!];
  if (!own) return false;
  // The variable may be a step to a further part asked (a line's λ to the charge on 2 m of it).
  const further = answered.slice(1).flatMap((u) => asked[u] ?? []);
  if (
    !asking.some(
      (part) => asksFor(part, own, otherThan) || (further.length > 0 && asksFor(part, further, otherThan)),
    )
  )
    return false;
  const known = new Set([...own, ...answered.flatMap((u) => asked[u] ?? [])]);
  // A known quantity's word holding another's ("energy density" holds "energy") names the known one;
  // only such words are set aside ("field" alone would also cut "magnetic field" asked beside it).
  const others = Object.values(asked)
    .flat()
    .filter((w) => !known.has(w));
  const holders = [...known].filter((k) => others.some((w) => fold(k).includes(fold(w))));
  const rest = asking.map((part) => holders.reduce((t, w) => t.replace(wordPattern(w, 'g'), ' '), part));
  return Object.entries(asked).every(
    ([other, words]) =>
      other === unit ||
      answered.includes(other) ||
      !rest.some((part) =>
        mentions(
          part,
          words.filter((w) => !known.has(w)),
        ),
      ),
  );
}

/**
 * Where the folded question asks: its sentences with a question mark, a word that asks (求, find)
 * or a part's letter, else its last sentence. "A wire carries a current … what is the force per metre?" names
 * the current, but does not ask it.
 */
function askingPart(question: string, askWords: string[]): string[] {
  // A full stop ends a sentence only before a space (2.5 cm); Chinese marks end one anywhere.
  const sentences = question
    .split(/(?<=[?!;。])|(?<=\.)\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  // A lettered or numbered part, "(b) the potential there", asks as its question does.
  const asking = sentences.filter(
    (s) => s.includes('?') || mentions(s, askWords) || /^\(?[a-z0-9]\)/.test(s),
  );
  // The letters of parts, (a) (b), are no symbols asked (B).
  return (asking.length > 0 ? asking : sentences.slice(-1)).map((s) => s.replace(/\([a-z0-9]\)/g, ' '));
}

// How far around an asked word a word making it another quantity is looked for ("direction of the current").
const BEFORE = 20;
const AFTER = 12;
const CLAUSE = /[,，;；、]/;

/** A word of the list stands in the text with no word beside it that makes it another quantity. */
function asksFor(text: string, words: string[], otherThan: string[]): boolean {
  return words.some((w) => {
    const word = fold(w);
    return [...text.matchAll(wordPattern(w, 'g'))].some((m) => {
      // Only in its own clause: "能量密度达到…，磁感应强度需要多大" asks the field, not a density.
      const before = text
        .slice(Math.max(0, m.index - BEFORE), m.index)
        .split(CLAUSE)
        .at(-1);
      const after = text.slice(m.index + word.length, m.index + word.length + AFTER).split(CLAUSE)[0];
      const around = `${before} ${after}`;
      return !mentions(around, otherThan);
    });
  });
}

const CLOSE = 1e-9;
const close = (a: number, b: number) => Math.abs(a - b) <= CLOSE * Math.abs(b);

/**
 * The x with f(x) = target, when f is a power law in x on the side of zero where it has the
 * target's sign: its exponent from two points, checked over twelve decades (so the root is the
 * only one there), inverted, and verified by substituting back. Found on both sides (f takes
 * abs()), only the size of x is fixed; anything else is refused.
 */
export function solveFor(
  f: (x: number) => number,
  target: number,
): { value: number; magnitude: boolean } | undefined {
  if (!Number.isFinite(target) || target === 0) return undefined;
  const roots = [1, -1].flatMap((side) => {
    const t = onSide((x) => f(side * x), target);
    return t === undefined ? [] : [side * t];
  });
  if (roots.length === 1) return { value: roots[0]!, magnitude: false };
  if (roots.length === 2 && close(Math.abs(roots[1]!), Math.abs(roots[0]!)))
    return { value: Math.abs(roots[0]!), magnitude: true };
  return undefined;
}

function onSide(g: (x: number) => number, target: number): number | undefined {
  const g1 = g(1);
  const g2 = g(2);
  if (!Number.isFinite(g1) || !Number.isFinite(g2) || g1 === 0 || Math.sign(g1) !== Math.sign(target))
    return undefined;
  let p = Math.log(g2 / g1) / Math.log(2);
  if (!Number.isFinite(p) || Math.abs(p) < 1e-6) return undefined;
  // Course exponents are simple fractions: 2 rather than 1.9999999999999998.
  const simple = Math.round(p * 6) / 6;
  if (Math.abs(p - simple) < 1e-9) p = simple;
  for (const t of [1e-6, 1e-3, 0.1, 10, 1e3, 1e6]) if (!close(g(t), g1 * t ** p)) return undefined;
  const x = (target / g1) ** (1 / p);
  return Number.isFinite(x) && close(g(x), target) ? x : undefined;
}
