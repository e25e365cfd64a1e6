import { type CourseResult, fold, type KnowledgeBase, type ResultMatch } from './knowledge-base.js';
import { QuantityReader, type Reading } from './reading.js';
import { attemptResult } from './solver-attempt.js';
import { invertedParts } from './solver-chain.js';
import { invertedPart } from './solver-inverse.js';
import { firstMisreadPart } from './solver-labels.js';
import {
  askedResults,
  askedSymbol,
  asksAnother,
  asksRateOf,
  asksSizeOf,
  conditionHolds,
  evaluateResult,
  joinsByWords,
  joinsParts,
  labelledParts,
  mentions,
  oneSourceOfSeveral,
  withoutPartLabels,
} from './solver-math.js';
import { holdsWhereAsked, type NamedSolver, namedByKinds, namedByUnit } from './solver-named.js';
import { inQuestionOrder } from './solver-order.js';
import {
  type Attempt,
  declined,
  givenByAnother,
  ignoring,
  type Outcome,
  outputOfSame,
  primaryOf,
  type Solved,
  strip,
  takesAll,
} from './solver-outcomes.js';
import { atOtherPoints, atOwnPoint, type PointSolver, rebindsPlace } from './solver-points.js';
import { unusedGiven } from './solver-unused.js';

export type { Outcome, Solved, Unsolved } from './solver-outcomes.js';

/** A part of the answer: where the question asks it, and whether a later part was computed from it. */
type Part = { at: number; outcome: Attempt; feeds?: boolean };

export { quantityOf } from './solver-outcomes.js';
export { conditionHolds, evaluateResult };

/**
 * Word problems solved with the course's results: the question's quantities bound to a
 * result's variables (by the words next to them, then in order), the result's conditions
 * checked (inside or outside, n₁ > n₂), its expression evaluated with mathjs. A result with a
 * variable the question does not give is not evaluated: the answer says what is missing.
 */

export class ProblemSolver {
  private readonly reader: QuantityReader;
  private readonly askedSymbol: RegExp;
  /** The question being solved, folded (what it asks for is read from it). */
  private question: string | undefined;
  /** The question being solved, normalised, with the readings' offsets. */
  private text = '';

  constructor(private readonly kb: KnowledgeBase) {
    this.reader = new QuantityReader(kb.units);
    this.askedSymbol = askedSymbol(kb.units.askSymbol);
  }

  readings(question: string): Reading[] {
    return this.reader.read(question);
  }

  /**
   * Every part the question asks for, in the order it asks: the best computable result it
   * names, then others it also names that compute a different quantity (the energy density
   * after the field), each from the question's numbers and the parts before it.
   */
  solve(question: string): Outcome[] {
    this.question = this.kb.units.asked.notAsking.reduce(
      (q, phrase) => q.replaceAll(fold(phrase), ' '),
      fold(withoutPartLabels(question)),
    );
    const readings = this.readings(question);
    if (readings.length === 0) return [];
    // Same offsets as the readings: lower case only (folding spaces would shift them).
    const text = this.reader.normalise(question).toLowerCase();
    this.text = text;
    // Units as symbols, so "three microcoulombs" is described by "μC" like "3 μC" is.
    const matches = this.kb
      .match(this.reader.symbolic(question))
      .filter((m) => m.result.compute && holdsWhereAsked(this.namedSolver(), m.result));
    // "Find E for …": results computing the symbol asked for, the numbers deciding which.
    matches.push(
      ...askedResults(this.kb, question, this.askedSymbol, matches).filter((m) =>
        holdsWhereAsked(this.namedSolver(), m.result),
      ),
    );
    const tried = matches.map((m) => ({ match: m, outcome: this.attempt(m.result, readings, text, {}) }));
    const outcomes = tried.length > 0 ? this.allUsed(this.parts(tried, readings, text), readings) : [];
    if (outcomes.some((o) => o.status === 'solved')) return outcomes;
    return (
      namedByUnit(this.namedSolver(), question, readings, text) ??
      (matches.length === 0 ? namedByKinds(this.namedSolver(), readings, text) : undefined) ??
      invertedParts(
        {
          kb: this.kb,
          question: this.question,
          attempt: (r, rs, t, k) => this.attempt(r, rs, t, k),
          allUsed: (p, rs) => this.allUsed(p, rs),
        },
        outcomes,
        tried,
        readings,
        text,
      ) ??
      outcomes
    );
  }

  /**
   * A solved part gives no number when it is of a quantity the question gives or never asks for
   * while it asks another, or of one source charge where the question asks for several together;
   * one a later part was computed from is shown as a step (the speed on the way to the radius).
   */
  private askedElse(
    part: Part,
    readings: Reading[],
    others: Attempt[] = [],
  ): Outcome & { unasked?: boolean } {
    const { outcome } = part;
    if (outcome.status !== 'solved' || !this.question) return strip(outcome);
    // A variable solved for was asked for by its own words (solver-inverse.ts), unless only on the way.
    if (outcome.inverse) return part.feeds ? { ...(strip(outcome) as Solved), step: true } : strip(outcome);
    const { units } = this.kb;
    const { unit } = outcome.result.compute!;
    // A quantity the question gives, that another part takes and this one leaves aside ("in a 0.15 T
    // field"), is not one it asks to compute from other numbers (B of the wire from its length).
    const given = givenByAnother(outcome, others, units.si);
    const another =
      given ||
      asksAnother(this.question, unit, units.asked) ||
      asksRateOf(this.question, outcome.result.compute!.symbol);
    if (
      !another &&
      !oneSourceOfSeveral(outcome.result, readings, this.question, units.superposed, units.each)
    ) {
      // Asked for its size (and not its sign), a negative value is stated as one (said negative in words).
      const { words, signed } = units.magnitude;
      const sized =
        outcome.value < 0 &&
        asksSizeOf(this.question, words, unit, units.asked.units) &&
        !mentions(this.question, signed);
      return sized ? { ...(strip(outcome) as Solved), negativeSize: true } : strip(outcome);
    }
    if (part.feeds) return { ...(strip(outcome) as Solved), step: true };
    return { status: 'missing', result: outcome.result, missing: [], unasked: true };
  }

  /** The parts the question asks for, in its order, with the readings each used. */
  private parts(
    tried: { match: ResultMatch; outcome: Attempt }[],
    readings: Reading[],
    text: string,
  ): Part[] {
    const primary = primaryOf(tried, (unit) => !asksAnother(this.question ?? '', unit, this.kb.units.asked));
    const parts: Part[] = [{ at: primary.match.at, outcome: primary.outcome }];
    // Further parts only when the question joins several ("the field and the potential", "B? I?").
    const joined = joinsParts(text, this.kb.units);
    if (primary.outcome.status !== 'solved' || !joined) return parts;
    parts.push(
      ...atOtherPoints(
        this.pointSolver(),
        primary.match.result,
        primary.outcome as Solved & Attempt,
        parts[0]!,
        readings,
        text,
      ),
    );
    const first = primary.match.result.compute!;
    const known: Record<string, number> = {
      [first.symbol]: primary.outcome.value,
      [`@${first.unit}`]: primary.outcome.value,
    };
    const symbols = new Set([primary.match.result.compute!.symbol]);
    // Which part computed each known value: a part computed from it comes after it, and makes it a step.
    const source: Record<string, Part> = { [first.symbol]: parts[0]!, [`@${first.unit}`]: parts[0]! };
    const add = (at: number, outcome: Attempt & Solved, feeders: Part[]) => {
      const compute = outcome.result.compute!;
      symbols.add(compute.symbol);
      known[compute.symbol] = outcome.value;
      known[`@${compute.unit}`] ??= outcome.value;
      for (const f of feeders) f.feeds = true;
      const part = { at: Math.max(at, ...feeders.map((f) => f.at + 0.5)), outcome };
      source[compute.symbol] = part;
      source[`@${compute.unit}`] ??= part;
      parts.push(part);
      return part;
    };
    // The earlier parts whose values an outcome took for variables no reading gave.
    const feeders = (outcome: Attempt & Solved) =>
      Object.entries(outcome.result.variables ?? {})
        .filter(([n]) => !(n in outcome.written))
        .map(([n, v]) => source[n] ?? source[`@${this.kb.units.si[v.kind]}`])
        .filter((p) => p !== undefined);
    // Parts of the first part's topic first: a part of another topic may be computed from them.
    const topic = (t: { match: ResultMatch }) =>
      t.match.result.topic === primary.match.result.topic ? 0 : 1;
    // A part computed from a later part's value (B₀ from the E₀ an intensity gave) is tried again
    // once that value is known: passes until one adds no part.
    const order = [...tried].sort((a, b) => topic(a) - topic(b));
    const { si, sameUnit, asked } = this.kb.units;
    const givenUnits = new Set(readings.flatMap((r) => [si[r.kind], ...(sameUnit[si[r.kind] ?? ''] ?? [])]));
    for (let pass = 0, before = -1; pass < 3 && parts.length > before; pass++) {
      before = parts.length;
      const done = new Set(parts.map((p) => p.outcome.result));
      for (const { match } of order) {
        const compute = match.result.compute!;
        if (match === primary.match || (pass > 0 && done.has(match.result))) continue;
        if (match.result.family && match.result.family === primary.match.result.family) {
          const point = atOwnPoint(this.pointSolver(), match.result, readings, text, parts);
          if (point) parts.push(point);
          continue;
        }
        if (symbols.has(compute.symbol)) continue;
        // Another notes topic is another situation (a point charge's potential is not a shell's):
        // not computed, unless from an earlier part's value (the speed gained through 100 V, then the
        // orbit in B); a part the question asks for by its quantity's words is declined, said so.
        if (match.result.topic !== primary.match.result.topic) {
          const chained = this.attempt(match.result, readings, text, known);
          const fed = chained.status === 'solved' ? feeders(chained) : [];
          if (chained.status === 'solved' && fed.length > 0 && !rebindsPlace(this.kb, chained, fed)) {
            add(match.at, chained, fed);
            continue;
          }
          // (a quantity the question gives, "radius 20 cm", is not one it asks for).
          const words = this.kb.units.asked.units[compute.unit];
          const given = readings.some((r) => this.kb.units.si[r.kind] === compute.unit);
          if (!words || given || !mentions(this.question ?? '', words)) continue;
          // Its words that a solved part's quantity answers ask for that part ("the field" of a ring
          // of charge is its electric field, not a loop's magnetic one).
          const answered = parts.flatMap((p) =>
            p.outcome.status === 'solved' ? (asked.units[p.outcome.result.compute!.unit] ?? []) : [],
          );
          if (words.every((w) => answered.includes(w) || !mentions(this.question ?? '', [w]))) continue;
          parts.push({
            at: match.at,
            outcome: { status: 'missing', result: match.result, missing: [], leftovers: 0, used: new Set() },
          });
          symbols.add(compute.symbol);
          continue;
        }
        // A quantity the question gives is not a part it asks for ("I = 300 W/m²" back from E₀), but
        // may be solved back for the variable it asks ("circles with radius 10 cm: its speed, and the period").
        // A pure number given (an index) is no reflectance: quantities without a unit are not one kind.
        // The other output of the same situation is (an image's charge beside its place: a charge is given).
        // (Not one this result takes itself, nor, for a result the question names, one a part took as
        // another quantity of the unit: the angle of incidence of a reflectance is not Brewster's angle.)
        const outcome = this.attempt(match.result, readings, text, known);
        const ofUnit = readings.filter((r) => this.kb.units.si[r.kind] === compute.unit);
        const takesThem = takesAll(outcome, ofUnit, match.named ? parts.map((p) => p.outcome) : []);
        if (
          compute.unit !== '' &&
          !outputOfSame(match.result, primary.match.result) &&
          ofUnit.length > 0 &&
          !takesThem
        ) {
          const back = invertedPart(this.kb, match.result, readings, text, this.question ?? '', [first.unit]);
          if (back) parts.push({ at: match.at, outcome: back });
          if (back) symbols.add(compute.symbol);
          continue;
        }
        if (outcome.status !== 'solved') continue;
        // A quantity the question gives, computed back from an earlier part alone (E₀ from the
        // intensity that E₀ gave), is no part.
        if (outcome.used.size === 0 && givenUnits.has(compute.unit)) continue;
        // An earlier part's angle taken as this result's own kind of value (Brewster's angle as the
        // incidence of a refraction) does not stand in for a result of that unit the question names
        // and that could not be solved (the critical angle): that part is the one asked.
        const from = feeders(outcome);
        // A broader result of another situation than a solved part's (the image in a plane, beside the
        // image in a sphere) is taken only for a value computed from an earlier part.
        // (Solved beside it in any order: R_p asked after the normal-incidence reflectance's words.)
        const replacing = [...parts.map((p) => p.outcome), ...tried.map((t) => t.outcome)].filter(
          (o) => o.status === 'solved',
        );
        if (from.length === 0 && replacing.some((o) => o.result.replaces?.includes(match.result.id)))
          continue;
        const sameUnit = (t: { match: ResultMatch }) => t.match.result.compute!.unit === compute.unit;
        const namedUnsolved = tried.some(
          (t) => t.match.named && t.outcome.status !== 'solved' && sameUnit(t),
        );
        if (
          !match.named &&
          namedUnsolved &&
          from.some((f) => f.outcome.result.compute!.unit === compute.unit)
        )
          continue;
        const part = add(match.at, outcome, from);
        // A later part asked at several points ("the field at 10 cm and at 40 cm, and the shell's
        // potential" answered first by the potential) is answered at each, as the first part is.
        if (from.length === 0)
          parts.push(...atOtherPoints(this.pointSolver(), match.result, outcome, part, readings, text));
      }
    }
    // Joined only by labels, the parts are at most as many as the labels: more means a labelled part
    // was answered by several results (U_AB by φ_A and φ_B), and only the first part is kept.
    // (A part of a quantity the question gives, or never asks for, is left out later: the intensity
    // beside B₀, and the peak E back from it.)
    const answered = parts.filter((p) => {
      const { unit } = p.outcome.result.compute!;
      return !p.feeds && !givenUnits.has(unit) && !asksAnother(this.question ?? '', unit, asked);
    }).length;
    if (!joinsByWords(text, this.kb.units) && answered > labelledParts(text)) return parts.slice(0, 1);
    return inQuestionOrder(parts, text, this.question ?? '', asked.units);
  }

  /**
   * Every quantity the question gives of a kind its results use must be used by one of its parts
   * ("a shell of radius 12 cm … 6 cm from its centre" computed as a point charge ignores the 12 cm):
   * otherwise the situation was not understood and nothing is asserted. The other charge of a ±q
   * pair is used by being equal in size to one that is.
   */
  private allUsed(parts: Part[], readings: Reading[]): Outcome[] {
    const outcomes = parts.map((p) => p.outcome);
    const solved = outcomes.filter((o) => o.status === 'solved');
    if (solved.length === 0) return outcomes.map(strip);
    const unused = unusedGiven(this.kb, this.text, readings, solved);
    if (unused.length === 0) {
      // A part the question never asked, beside one it did, is left out rather than listed as unsolved.
      const { units } = this.kb;
      const asking = parts.map((p) => ({
        part: p,
        answer: this.askedElse(
          p,
          readings,
          parts.filter((o) => o !== p).map((o) => o.outcome),
        ),
      }));
      const misread = firstMisreadPart(
        asking.filter((a) => !a.answer.unasked).map((a) => a.part),
        this.text,
        units.asked.units,
      );
      const from = misread ? parts.indexOf(misread) : parts.length;
      const answered: (Outcome & { unasked?: boolean })[] = asking.map((a, i) =>
        i < from ? a.answer : { ...strip(declined(a.part.outcome)), unasked: a.answer.unasked },
      );
      const each = new Set(units.mustUse.eachPart);
      const asked = answered
        .filter((o) => !o.unasked)
        .map(({ unasked: _, ...o }) => ignoring(o, readings, each, units.si));
      return asked.some((o) => o.status === 'solved' && !o.step) ? asked : answered;
    }
    return [
      {
        status: 'unused',
        result: solved[0]!.result,
        missing: [],
        unused,
      },
    ];
  }

  private namedSolver(): NamedSolver {
    return {
      kb: this.kb,
      question: this.question,
      attempt: (result, readings, text) => this.attempt(result, readings, text, {}),
      allUsed: (parts, readings) => this.allUsed(parts, readings),
    };
  }

  private pointSolver(): PointSolver {
    return {
      kb: this.kb,
      attempt: (result, readings, text, forced) => this.attempt(result, readings, text, {}, forced),
    };
  }

  /** One result against the readings; a broken condition tries the result's family. */
  private attempt(
    result: CourseResult,
    readings: Reading[],
    text: string,
    known: Record<string, number>,
    forced: Record<string, Reading> = {},
  ): Attempt {
    return attemptResult(this.kb, result, readings, text, known, forced);
  }
}

export type { ResultMatch };
