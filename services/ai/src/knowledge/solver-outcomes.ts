import type { CourseResult, Variable } from './knowledge-base.js';
import type { Reading } from './reading.js';
import type { Inverse } from './solver-inverse.js';

/** What the problem solver answers for each part of a question. */
export interface Solved {
  status: 'solved';
  result: CourseResult;
  /** The variables' SI values, constants not included. */
  values: Record<string, number>;
  /** Which readings gave them ("5 cm"), by variable. */
  written: Record<string, string>;
  value: number;
  /** The conditions that were checked and hold. */
  checked: { en: string; zh: string }[];
  /** Variables computed from others (n = N / L), in the order computed. */
  derived: string[];
  /** When the result was solved for one of its variables: `value` is that variable's. */
  inverse?: Inverse;
  /** A value the question did not ask for, on the way to one it did: stated as a step, not a result. */
  step?: boolean;
  /** Computed from a variable known only in size (a charge from its field), so only a size: |Q|. */
  size?: boolean;
  /** Negative, and asked for by its size ("the magnitude of σ"): stated as |σ|, said negative. */
  negativeSize?: boolean;
}

/** What a solved part states: the variable solved for, else the result's own quantity. */
export function quantityOf(part: Solved): { symbol: string; unit: string; name: { en: string; zh: string } } {
  return part.inverse ?? part.result.compute!;
}

export interface Unsolved {
  /** `unused`: it could compute a result, but the question gives a quantity no part of it uses. */
  status: 'missing' | 'outside' | 'unused';
  result: CourseResult;
  missing: Variable[];
  /** For `outside`: the condition the numbers break. */
  failed?: { en: string; zh: string };
  /** For `unused`: the quantities as written that the result would have ignored. */
  unused?: string[];
  /**
   * For `missing`: the variables the question fixes beyond doubt (the only number of the only
   * variable of its kind, "3D"), SI value and as written, so the formula can be stated with them.
   */
  given?: { values: Record<string, number>; written: Record<string, string> };
}

export type Outcome = Solved | Unsolved;

/** An outcome while the solver works: how many readings it left over and which it used. */
export type Attempt = (Solved | Unsolved) & { leftovers: number; used: Set<Reading> };

/** The outcome as answered, without the solver's working. */
export function strip(outcome: Attempt): Outcome {
  const { leftovers: _, used: __, ...rest } = outcome;
  return rest as Outcome;
}

/** Results one refines the other of, in one section of the notes: two outputs of one situation. */
export function outputOfSame(a: CourseResult, b: CourseResult): boolean {
  const refined = a.refines?.includes(b.id) || b.refines?.includes(a.id);
  return Boolean(refined) && a.topic === b.topic && a.section.en === b.section.en;
}

/**
 * Whether a part took a reading as the quantity of this symbol (a field B given as the B of a force),
 * or the variable it took it for is unknown; a different symbol (θ, the incidence, beside θ_B) is another quantity.
 */
export function takenAs(o: Solved, r: Reading, symbol: string): boolean {
  const names = Object.entries(o.written)
    .filter(([, written]) => written === r.written.trim())
    .map(([name]) => name);
  return names.length === 0 || names.includes(symbol);
}

/**
 * A part whose result takes no quantity of a kind the question gives and must be used (an angle of
 * incidence beside a reflectance at normal incidence), and is not of that kind itself (Brewster's
 * angle), ignores it: that part is declined, though other parts use it.
 */
export function ignoring(
  outcome: Outcome,
  readings: Reading[],
  must: ReadonlySet<string>,
  si: Record<string, string>,
): Outcome {
  if (outcome.status !== 'solved' || outcome.step || outcome.inverse) return outcome;
  const { result } = outcome;
  const takes = new Set([
    ...Object.values(result.variables ?? {}).map((v) => v.kind),
    ...(result.independentOf ?? []),
  ]);
  const ignored = readings.filter(
    (r) => must.has(r.kind) && !takes.has(r.kind) && si[r.kind] !== result.compute!.unit,
  );
  if (ignored.length === 0) return outcome;
  return { status: 'unused', result, missing: [], unused: ignored.map((r) => r.written.trim()) };
}

/**
 * The outcome solved and takes every reading given (of its output's unit) itself, or a part of
 * `others` took it as another quantity of that unit (the incidence beside Brewster's angle).
 */
export function takesAll(outcome: Attempt, given: Reading[], others: Attempt[]): boolean {
  if (outcome.status !== 'solved') return false;
  const symbol = outcome.result.compute!.symbol;
  const another = (r: Reading) =>
    others.some((o) => o.status === 'solved' && o.used.has(r) && !takenAs(o, r, symbol));
  return given.every((r) => outcome.used.has(r) || another(r));
}

/**
 * Another part took a reading of this one's unit that this one leaves aside, as this quantity (a
 * field B given as a force's B); not as another quantity of the unit (the incidence is not Brewster's angle).
 */
export function givenByAnother(
  outcome: Attempt & Solved,
  others: Attempt[],
  si: Record<string, string>,
): boolean {
  const { unit, symbol } = outcome.result.compute!;
  return others.some(
    (o) =>
      o.status === 'solved' &&
      [...o.used].some((r) => si[r.kind] === unit && !outcome.used.has(r) && takenAs(o, r, symbol)),
  );
}

/**
 * The result the answer starts with. A complete result the question names beats a better-named
 * one it gives no numbers for: a device the question names outright (a toroid) is the situation,
 * and a result it does not name (a loop's axis field) is not used for it, however well the numbers
 * fit (only one it can compute from the numbers: "电场强度" names no intensity to compute). Of
 * those, one whose quantity the question asks (the speed gained, not the energy qV).
 */
export function primaryOf<T extends { match: { named: boolean; result: CourseResult }; outcome: Attempt }>(
  tried: T[],
  asksUnit: (unit: string) => boolean,
): T {
  // A broader result that a solved one replaces (the normal-incidence reflectance beside R_p at the
  // angle given) does not start the answer: it would take the question's numbers for another situation.
  const replaced = (t: T) =>
    tried.some((o) => o.outcome.status === 'solved' && o.match.result.replaces?.includes(t.match.result.id));
  const named = tried.filter((t) => t.match.named && t.outcome.status === 'solved' && !replaced(t));
  const kept = tried.filter((t) => !replaced(t));
  const pool = named.length > 0 ? named : kept.length > 0 ? kept : tried;
  const asked = (t: T) => asksUnit(t.match.result.compute!.unit);
  // Of those solved, the one leaving the fewest given numbers aside (the toroid's field between its
  // inner and outer radius, not the one that takes a single radius and ignores both).
  const solved = pool
    .filter((t) => t.outcome.status === 'solved')
    .sort((a, b) => a.outcome.leftovers - b.outcome.leftovers);
  const complete = solved.filter((t) => t.outcome.leftovers === 0);
  return complete.find(asked) ?? complete[0] ?? solved.find(asked) ?? solved[0] ?? pool[0]!;
}

/** A part not computed after all: nothing of it is asserted. */
export const declined = (outcome: Attempt): Attempt => ({
  status: 'missing',
  result: outcome.result,
  missing: [],
  leftovers: outcome.leftovers,
  used: new Set(),
});
