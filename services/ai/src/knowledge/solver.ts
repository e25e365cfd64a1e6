import { type CourseResult, fold, type KnowledgeBase, type ResultMatch } from './knowledge-base.js';
import { QuantityReader, type Reading } from './reading.js';
import { bindVariables, fixedVariables } from './solver-binding.js';
import { invertResult } from './solver-inverse.js';
import {
  askedResults,
  askedSymbol,
  asksAnother,
  conditionHolds,
  cueDistance,
  evaluateResult,
  joinsParts,
  mentions,
  oneSourceOfSeveral,
  pairsWithOne,
  vacuumLike,
  withoutPartLabels,
  writesUnread,
} from './solver-math.js';
import { type Attempt, type Outcome, type Solved, strip } from './solver-outcomes.js';

export type { Outcome, Solved, Unsolved } from './solver-outcomes.js';
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
    this.question = fold(withoutPartLabels(question));
    const readings = this.readings(question);
    if (readings.length === 0) return [];
    // Same offsets as the readings: lower case only (folding spaces would shift them).
    const text = this.reader.normalise(question).toLowerCase();
    this.text = text;
    // Units as symbols, so "three microcoulombs" is described by "μC" like "3 μC" is.
    const matches = this.kb.match(this.reader.symbolic(question)).filter((m) => m.result.compute);
    // "Find E for …": results computing the symbol asked for, the numbers deciding which.
    matches.push(...askedResults(this.kb, question, this.askedSymbol, matches));
    const tried = matches.map((m) => ({ match: m, outcome: this.attempt(m.result, readings, text, {}) }));
    const outcomes = tried.length > 0 ? this.allUsed(this.parts(tried, readings, text), readings) : [];
    if (outcomes.some((o) => o.status === 'solved')) return outcomes;
    return (
      this.namedByUnit(question, readings, text) ??
      (matches.length === 0 ? this.namedByKinds(readings, text) : undefined) ??
      this.inverted(outcomes, tried, readings, text) ??
      outcomes
    );
  }

  /**
   * "A ray in air meets glass (n = 1.52) at 35°: at what angle does it go on?": when the words name
   * no result, the quantities given name the situation if exactly one computable result takes
   * exactly their kinds (two indices and an angle), the question asks for that result's quantity by
   * a word of its unit (`asked` in units.json), every number it writes has a unit this reader knows
   * and every quantity is used. (Words that name another situation, two parallel wires, win.)
   */
  private namedByKinds(readings: Reading[], text: string): Outcome[] | undefined {
    if (!this.question || writesUnread(text, readings)) return undefined;
    const signature = (kinds: string[]) => [...kinds].sort().join(',');
    const given = signature(readings.map((r) => r.kind));
    const takers = this.kb.results.filter(
      (r) => r.compute && signature(Object.values(r.variables ?? {}).map((v) => v.kind)) === given,
    );
    if (takers.length !== 1) return undefined;
    const result = takers[0]!;
    const words = this.kb.units.asked.units[result.compute!.unit];
    if (!words || !mentions(this.question, words)) return undefined;
    const outcome = this.attempt(result, readings, text, {});
    if (outcome.status !== 'solved') return undefined;
    const checked = this.allUsed([{ at: 0, outcome }], readings);
    return checked[0]?.status === 'solved' ? checked : undefined;
  }

  /**
   * The one result the question is about, missing one variable, solved for it from the value of
   * the result the question gives, when it asks for that variable (solver-inverse.ts); then, when
   * it joins several parts, the results of its topic computed from that variable (B₀ = E₀/c), and
   * only if those answer every other quantity it asks. Every quantity it gives must be used.
   */
  private inverted(
    outcomes: Outcome[],
    tried: { match: ResultMatch }[],
    readings: Reading[],
    text: string,
  ): Outcome[] | undefined {
    const only = outcomes[0];
    if (outcomes.length !== 1 || only?.status !== 'missing' || only.missing.length !== 1) return undefined;
    const { result } = only;
    const question = this.question ?? '';
    const others = joinsParts(text, this.kb.units)
      ? tried
          .map((t) => t.match)
          .filter((m) => m.result !== result && m.result.topic === result.topic)
          .filter((m) => !m.result.family || m.result.family !== result.family)
      : [];
    const candidates = others.map((m) => m.result.compute!.unit);
    const found = invertResult(this.kb, result, readings, text, question, candidates);
    if (!found) return undefined;
    const { used, ...solved } = found;
    const checked = (result.conditions ?? []).map(({ en, zh }) => ({ en, zh }));
    const parts: { at: number; outcome: Attempt }[] = [
      { at: -1, outcome: { status: 'solved', result, checked, leftovers: 0, used, ...solved } },
    ];
    const { variable, unit } = found.inverse;
    const known = { [variable]: found.value, [`@${unit}`]: found.value };
    const symbols = new Set([result.compute!.symbol, variable]);
    for (const match of others) {
      if (symbols.has(match.result.compute!.symbol)) continue;
      const outcome = this.attempt(match.result, readings, text, known);
      if (outcome.status !== 'solved') continue;
      symbols.add(match.result.compute!.symbol);
      parts.push({ at: match.at, outcome });
    }
    // The other quantities it asks are all answered, by what was computed from the solved variable.
    const answered = parts.slice(1).map((p) => p.outcome.result.compute!.unit);
    if (
      candidates.length > answered.length &&
      !invertResult(this.kb, result, readings, text, question, answered)
    )
      return undefined;
    // Nothing given is left over from the solving, so further parts use only what it used ("the
    // field 8 cm away" is another situation); a medium of index 1 (in vacuum) is the formulas' own assumption.
    const left = readings.filter((r) => !used.has(r) && !pairsWithOne(r, used));
    const vacuum = this.kb.units.materials.indices.filter((m) => m.n === 1).flatMap((m) => m.words);
    if (left.some((r) => r.value !== 1 || !mentions(fold(r.written), vacuum))) return undefined;
    const checkedParts = this.allUsed(parts, readings);
    return checkedParts.every((p) => p.status === 'solved') ? checkedParts : undefined;
  }

  /**
   * A solved part gives no number when it is of a quantity the question never asks for while it
   * asks another, or of one source charge where the question asks for several together.
   */
  private askedElse(outcome: Attempt, readings: Reading[]): Outcome {
    // A variable solved for was asked for by its own words (solver-inverse.ts).
    if (outcome.status !== 'solved' || !this.question || outcome.inverse) return strip(outcome);
    const { units } = this.kb;
    const another = asksAnother(this.question, outcome.result.compute!.unit, units.asked.units);
    if (!another && !oneSourceOfSeveral(outcome.result, readings, this.question, units.superposed.words))
      return strip(outcome);
    return { status: 'missing', result: outcome.result, missing: [] };
  }

  /**
   * "a rod with 3 nC per metre: field 4 cm away?": a unit only one computable result takes (a charge
   * per metre is a line charge) names the situation the words did not, when the question asks for
   * that result's quantity by name, every number it writes has a unit this reader knows ("a 47 μF
   * capacitor charged to 12 V" is not an electron gaining 12 eV) and every quantity it gives is used.
   */
  private namedByUnit(question: string, readings: Reading[], text: string): Outcome[] | undefined {
    const words = fold(question);
    if (writesUnread(text, readings)) return undefined;
    const computable = this.kb.results.filter((r) => r.compute);
    for (const reading of readings) {
      const takers = computable.filter((r) =>
        Object.values(r.variables ?? {}).some((v) => v.kind === reading.kind),
      );
      if (takers.length !== 1) continue;
      const result = takers[0]!;
      const { en, zh } = result.compute!.name;
      const asked =
        en.split(/\s+/).some((w) => w.length >= 4 && new RegExp(`\\b${w}\\b`).test(words)) ||
        words.includes(zh.slice(0, 2));
      if (!asked) continue;
      const outcome = this.attempt(result, readings, text, {});
      if (outcome.status !== 'solved') continue;
      // The unit names the situation only when that result uses every quantity given (plates'
      // area and gap beside a voltage are a capacitor, not an electron gaining qV).
      if (readings.some((r) => !outcome.used.has(r) && !pairsWithOne(r, outcome.used))) continue;
      const checked = this.allUsed([{ at: 0, outcome }], readings);
      if (checked[0]?.status === 'solved') return checked;
    }
    return undefined;
  }

  /** The parts the question asks for, in its order, with the readings each used. */
  private parts(
    tried: { match: ResultMatch; outcome: Attempt }[],
    readings: Reading[],
    text: string,
  ): { at: number; outcome: Attempt }[] {
    // A complete result the question names beats a better-named one it gives no numbers for.
    // A device the question names outright (a toroid) is the situation: a result it does not name
    // (a loop's axis field) is not used for it, however well the numbers fit.
    // (Only one it can compute from the numbers: "电场强度" names no intensity to compute.)
    const named = tried.filter((t) => t.match.named && t.outcome.status === 'solved');
    const pool = named.length > 0 ? named : tried;
    const primary =
      pool.find((t) => t.outcome.status === 'solved' && t.outcome.leftovers === 0) ??
      pool.find((t) => t.outcome.status === 'solved') ??
      pool[0]!;
    const parts: { at: number; outcome: Attempt }[] = [{ at: primary.match.at, outcome: primary.outcome }];
    // Further parts only when the question joins several ("the field and the potential", "B? I?").
    const joined = joinsParts(text, this.kb.units);
    if (primary.outcome.status !== 'solved' || !joined) return parts;
    parts.push(
      ...this.atOtherPoints(
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
    for (const { match } of tried) {
      const compute = match.result.compute!;
      if (match === primary.match || symbols.has(compute.symbol)) continue;
      if (match.result.family && match.result.family === primary.match.result.family) continue;
      // Another notes topic is another situation (a point charge's potential is not a shell's):
      // not computed; a part the question asks for by its quantity's words is declined, said so.
      if (match.result.topic !== primary.match.result.topic) {
        // (a quantity the question gives, "radius 20 cm", is not one it asks for).
        const words = this.kb.units.asked.units[compute.unit];
        const given = readings.some((r) => this.kb.units.si[r.kind] === compute.unit);
        if (!words || given || !mentions(this.question ?? '', words)) continue;
        parts.push({
          at: match.at,
          outcome: { status: 'missing', result: match.result, missing: [], leftovers: 0, used: new Set() },
        });
        symbols.add(compute.symbol);
        continue;
      }
      // A quantity the question gives is not a part it asks for ("I = 300 W/m²" back from E₀).
      if (readings.some((r) => this.kb.units.si[r.kind] === compute.unit)) continue;
      const outcome = this.attempt(match.result, readings, text, known);
      if (outcome.status !== 'solved') continue;
      symbols.add(compute.symbol);
      known[compute.symbol] = outcome.value;
      known[`@${compute.unit}`] ??= outcome.value;
      parts.push({ at: match.at, outcome });
    }
    return parts.sort((a, b) => a.at - b.at);
  }

  /**
   * "E at 3 cm from the centre, and at 12 cm": the same result again for each further number of a
   * variable's kind that stands next to one of that variable's cues, in the region it falls in.
   * The first part moves to where its own number is, so the parts keep the question's order.
   */
  private atOtherPoints(
    result: CourseResult,
    solved: Solved & Attempt,
    first: { at: number },
    readings: Reading[],
    text: string,
  ): { at: number; outcome: Attempt }[] {
    const out: { at: number; outcome: Attempt }[] = [];
    const points = new Set(this.kb.units.points.kinds);
    for (const extra of readings.filter(
      (r) => points.has(r.kind) && !solved.used.has(r) && !pairsWithOne(r, solved.used),
    )) {
      const fits = Object.entries(solved.result.variables ?? {}).filter(
        ([, v]) => v.kind === extra.kind && v.cues?.length && cueDistance(text, extra, v.cues) !== undefined,
      );
      // The variable whose own number is nearest the extra one is the one the question varies.
      const owner = (name: string) => [...solved.used].find((r) => solved.written[name] === r.written.trim());
      const varied = fits
        .map(([name]) => ({ name, own: owner(name) }))
        .filter((f) => f.own)
        .sort((a, b) => Math.abs(a.own!.index - extra.index) - Math.abs(b.own!.index - extra.index))[0];
      if (!varied) continue;
      const outcome = this.attempt(result, readings, text, {}, { [varied.name]: extra });
      if (outcome.status !== 'solved') continue;
      first.at = varied.own!.index;
      out.push({ at: extra.index, outcome });
    }
    return out;
  }

  /**
   * Every quantity the question gives of a kind its results use must be used by one of its parts
   * ("a shell of radius 12 cm … 6 cm from its centre" computed as a point charge ignores the 12 cm):
   * otherwise the situation was not understood and nothing is asserted. The other charge of a ±q
   * pair is used by being equal in size to one that is.
   */
  private allUsed(parts: { at: number; outcome: Attempt }[], readings: Reading[]): Outcome[] {
    const outcomes = parts.map((p) => p.outcome);
    const solved = outcomes.filter((o) => o.status === 'solved');
    if (solved.length === 0) return outcomes.map(strip);
    const used = new Set(solved.flatMap((o) => [...o.used]));
    const kinds = new Set(solved.flatMap((o) => Object.values(o.result.variables ?? {}).map((v) => v.kind)));
    // A given angle no part uses ("at thirty degrees to the field") was ignored: nothing asserted.
    const must = new Set(this.kb.units.mustUse.kinds);
    // So was a number the student gave to a symbol ("εr = 4"); a zero there picks a reference (V = 0 at infinity).
    const givenToSymbol = (r: Reading) => r.kind.startsWith('=') && r.value !== 0;
    // "+3 nC and −3 nC, 20 cm apart" is one dipole's pair, but two sources of a point charge's potential.
    const pairs = new Set(
      solved.flatMap((o) =>
        Object.values(o.result.variables ?? {})
          .filter((v) => v.pair)
          .map((v) => v.kind),
      ),
    );
    const unused = readings
      .filter(
        (r) =>
          !used.has(r) &&
          (kinds.has(r.kind) || (must.has(r.kind) && !vacuumLike(r)) || givenToSymbol(r)) &&
          !pairsWithOne(r, used, pairs),
      )
      .map((r) => (givenToSymbol(r) ? `${r.kind.slice(1)} = ${r.written}` : r.written.trim()));
    // A number with decimals is a quantity, never a count ("a Courant number of 0.5"): if no
    // reading took it, the situation was not understood.
    for (const m of this.text.matchAll(/(?<![\w.])\d+\.\d+(?!\w|\.\d)/g)) {
      // (An index read as its medium's stands where the medium is named: its value was read.)
      const read = readings.some((r) => (r.index <= m.index && m.index < r.end) || r.value === Number(m[0]));
      if (!read) unused.push(m[0]);
    }
    // A diameter too far from its length to be read as one: the length may be taken as a radius.
    const diameter = this.kb.units.diameter.words.find((w) => mentions(this.text, [w]));
    if (diameter && !readings.some((r) => r.diameter)) unused.push(diameter);
    if (unused.length === 0) return outcomes.map((o) => this.askedElse(o, readings));
    return [
      {
        status: 'unused',
        result: solved[0]!.result,
        missing: [],
        unused,
      },
    ];
  }

  /** One result against the readings; a broken condition tries the result's family. */
  private attempt(
    result: CourseResult,
    readings: Reading[],
    text: string,
    known: Record<string, number>,
    forced: Record<string, Reading> = {},
  ): Attempt {
    const binding = bindVariables(this.kb, result, readings, text, known, forced);
    const { leftovers, used } = binding;
    if (binding.missing.length > 0) {
      const given = fixedVariables(result, binding, readings);
      return {
        status: 'missing',
        result,
        missing: binding.missing,
        leftovers,
        used,
        ...(given && { given }),
      };
    }
    const failed = (result.conditions ?? []).find(
      (c) => !conditionHolds(c.expr, binding.values, this.kb.constants),
    );
    if (failed) {
      for (const sibling of this.kb.results) {
        if (sibling === result || !sibling.family || sibling.family !== result.family) continue;
        const other = this.attempt(sibling, readings, text, known, forced);
        if (other.status === 'solved') return other;
      }
      return { status: 'outside', result, missing: [], failed, leftovers, used };
    }
    const value = evaluateResult(result, binding.values, this.kb.constants);
    if (!Number.isFinite(value)) return { status: 'missing', result, missing: [], leftovers, used };
    return {
      status: 'solved',
      result,
      values: binding.values,
      written: binding.written,
      value,
      checked: (result.conditions ?? []).map(({ en, zh }) => ({ en, zh })),
      derived: binding.derived,
      leftovers,
      used,
    };
  }
}

export type { ResultMatch };
