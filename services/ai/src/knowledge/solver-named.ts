import { type CourseResult, fold, type KnowledgeBase } from './knowledge-base.js';
import type { Reading } from './reading.js';
import { asksAt, mentions, namesOtherShape, pairsWithOne, ruledOut, writesUnread } from './solver-math.js';
import type { Attempt, Outcome } from './solver-outcomes.js';

/**
 * Word problems whose words name no result: the quantities given name the situation, by a unit only
 * one result takes or by the kinds together, when the question asks for that result's quantity.
 */
export interface NamedSolver {
  kb: KnowledgeBase;
  /** The question, folded. */
  question: string | undefined;
  attempt(result: CourseResult, readings: Reading[], text: string): Attempt;
  allUsed(parts: { at: number; outcome: Attempt }[], readings: Reading[]): Outcome[];
}

/**
 * "A ray in air meets glass (n = 1.52) at 35°: at what angle does it go on?": when the words name
 * no result, the quantities given name the situation if exactly one computable result takes
 * exactly their kinds (two indices and an angle), the question asks for that result's quantity by
 * a word of its unit (`asked` in units.json), every number it writes has a unit this reader knows
 * and every quantity is used. (Words that name another situation, two parallel wires, win.)
 */
export function namedByKinds(solver: NamedSolver, readings: Reading[], text: string): Outcome[] | undefined {
  if (!solver.question || writesUnread(text, readings)) return undefined;
  const signature = (kinds: string[]) => [...kinds].sort().join(',');
  const given = signature(readings.map((r) => r.kind));
  const question = solver.question;
  // Of the results taking just these kinds, the one whose quantity the question asks: two indices
  // and an angle make a refraction angle or a reflectance, "at what angle" says which.
  const asks = (r: CourseResult) => {
    const words = solver.kb.units.asked.units[r.compute!.unit];
    return words !== undefined && mentions(question, words);
  };
  const takers = solver.kb.results.filter(
    (r) =>
      r.compute &&
      holdsWhereAsked(solver, r) &&
      signature(Object.values(r.variables ?? {}).map((v) => v.kind)) === given &&
      asks(r),
  );
  if (takers.length !== 1) return undefined;
  const result = takers[0]!;
  const outcome = solver.attempt(result, readings, text);
  if (outcome.status !== 'solved') return undefined;
  const checked = solver.allUsed([{ at: 0, outcome }], readings);
  return checked[0]?.status === 'solved' ? checked : undefined;
}

/**
 * "a rod with 3 nC per metre: field 4 cm away?": a unit one or two computable results take (a charge
 * per metre is a line charge) names the situation the words did not, when the question asks for
 * that result's quantity by name, every number it writes has a unit this reader knows ("a 47 μF
 * capacitor charged to 12 V" is not an electron gaining 12 eV) and every quantity it gives is used.
 */
export function namedByUnit(
  solver: NamedSolver,
  question: string,
  readings: Reading[],
  text: string,
): Outcome[] | undefined {
  const words = fold(question);
  if (writesUnread(text, readings)) return undefined;
  const computable = solver.kb.results.filter((r) => r.compute && holdsWhereAsked(solver, r));
  for (const reading of readings) {
    const takers = computable.filter((r) =>
      Object.values(r.variables ?? {}).some((v) => v.kind === reading.kind),
    );
    // Of the results taking the unit, the one the question asks for by name and its numbers fit
    // (a line's field, not the charge on a length of it when no length is said to be one).
    const fits = takers.flatMap((result) => {
      const { en, zh } = result.compute!.name;
      const asked =
        en.split(/\s+/).some((w) => w.length >= 4 && new RegExp(`\\b${w}\\b`).test(words)) ||
        words.includes(zh.slice(0, 2));
      if (!asked) return [];
      const outcome = solver.attempt(result, readings, text);
      if (outcome.status !== 'solved') return [];
      // The unit names the situation only when that result uses every quantity given (plates'
      // area and gap beside a voltage are a capacitor, not an electron gaining qV).
      if (readings.some((r) => !outcome.used.has(r) && !pairsWithOne(r, outcome.used))) return [];
      return [outcome];
    });
    // A unit few results take names the situation (a charge per metre: a line); a charge, taken by
    // many results, names none.
    if (fits.length !== 1 || takers.length > 2) continue;
    const checked = solver.allUsed([{ at: 0, outcome: fits[0]! }], readings);
    if (checked[0]?.status === 'solved') return checked;
  }
  return undefined;
}

/**
 * A result that holds at a place no number gives (a shell's centre) is used only when asked there;
 * one for a loop of a shape (a circle) only when the question names no other shape (a square loop),
 * and none in a situation its `notWith` words name (a sheet's field beside a grounded plane).
 */
export function holdsWhereAsked(solver: NamedSolver, result: CourseResult): boolean {
  const { units } = solver.kb;
  const question = solver.question ?? '';
  return (
    asksAt(question, result, units.asked.units) &&
    !namesOtherShape(question, result, units.shapes) &&
    !ruledOut(question, result)
  );
}
