import { type CourseResult, fold, type KnowledgeBase, type ResultMatch } from './knowledge-base.js';
import type { Reading } from './reading.js';
import { invertResult } from './solver-inverse.js';
import { asksAnother, joinsParts, mentions, pairsWithOne, signOf } from './solver-math.js';
import type { Attempt, Outcome } from './solver-outcomes.js';

/** What solving a result backwards and then the parts after it needs of the problem solver. */
export interface ChainSolver {
  kb: KnowledgeBase;
  /** The question, folded. */
  question: string | undefined;
  attempt(result: CourseResult, readings: Reading[], text: string, known: Record<string, number>): Attempt;
  allUsed(parts: { at: number; outcome: Attempt; feeds?: boolean }[], readings: Reading[]): Outcome[];
}

/**
 * The one result the question is about, missing one variable, solved for it from the value of
 * the result the question gives, when it asks for that variable (solver-inverse.ts); then, when
 * it joins several parts, the results of its topic computed from that variable (B₀ = E₀/c), and
 * only if those answer every other quantity it asks. Every quantity it gives must be used.
 */
export function invertedParts(
  solver: ChainSolver,
  outcomes: Outcome[],
  tried: { match: ResultMatch; outcome: Attempt }[],
  readings: Reading[],
  text: string,
): Outcome[] | undefined {
  if (outcomes.length === 0 || outcomes.some((o) => o.status === 'solved')) return undefined;
  // The best-named result may not be the one the numbers fit ("radius" names an orbit's): each
  // result the question describes that misses one variable is tried in turn, the first that solves wins.
  const missingOne = (o: Outcome) => o.status === 'missing' && o.missing.length === 1;
  const results = [
    ...outcomes.filter(missingOne).map((o) => o.result),
    ...tried.filter((t) => missingOne(t.outcome)).map((t) => t.match.result),
  ];
  for (const result of new Set(results)) {
    const found = invertedFor(solver, result, tried, readings, text);
    if (found) return found;
  }
  return undefined;
}

function invertedFor(
  solver: ChainSolver,
  result: CourseResult,
  tried: { match: ResultMatch }[],
  readings: Reading[],
  text: string,
): Outcome[] | undefined {
  const question = solver.question ?? '';
  // Several parts joined, or the one quantity asked computed from the solved variable (the charge
  // on 2 m of a line from its λ).
  const joined = joinsParts(text, solver.kb.units);
  const asked = solver.kb.units.asked.units;
  const others = tried
    .map((t) => t.match)
    .filter((m) => m.result !== result && m.result.topic === result.topic)
    .filter((m) => !m.result.family || m.result.family !== result.family)
    .filter((m) => joined || mentions(question, asked[m.result.compute!.unit] ?? []));
  const candidates = others.map((m) => m.result.compute!.unit);
  const found = invertResult(solver.kb, result, readings, text, question, candidates);
  if (!found) return undefined;
  const { used, ...solved } = found;
  const checked = (result.conditions ?? []).map(({ en, zh }) => ({ en, zh }));
  const parts: { at: number; outcome: Attempt }[] = [
    { at: -1, outcome: { status: 'solved', result, checked, leftovers: 0, used, ...solved } },
  ];
  const { variable, unit } = found.inverse;
  // Only its size solved for (the field takes |q|), the variable's sign is the one the words give
  // ("a positive charge"); a further part that depends on it is not computed without them.
  const sign = found.inverse.symbol.startsWith('|') ? signOf(question, solver.kb.units.signs) : 1;
  const value = found.value * (sign ?? 1);
  const known = { [variable]: value, [`@${unit}`]: value };
  const symbols = new Set([result.compute!.symbol, variable]);
  for (const match of others) {
    if (symbols.has(match.result.compute!.symbol)) continue;
    const outcome = solver.attempt(match.result, readings, text, known);
    if (outcome.status !== 'solved') continue;
    let part: Attempt = outcome;
    if (sign === undefined) {
      const flipped = solver.attempt(match.result, readings, text, {
        [variable]: -value,
        [`@${unit}`]: -value,
      });
      if (flipped.status !== 'solved') continue;
      // A part whose sign follows the variable's (Q = λL) is stated as a size; one that depends on the
      // sign otherwise is not computed.
      if (flipped.value === -outcome.value) part = { ...outcome, value: Math.abs(outcome.value), size: true };
      else if (flipped.value !== outcome.value) continue;
    }
    symbols.add(match.result.compute!.symbol);
    parts.push({ at: match.at, outcome: part });
  }
  // The other quantities it asks are all answered, by what was computed from the solved variable.
  const answered = parts.slice(1).map((p) => p.outcome.result.compute!.unit);
  if (
    candidates.length > answered.length &&
    !invertResult(solver.kb, result, readings, text, question, answered)
  )
    return undefined;
  // Nothing given is left over from the solving, so further parts use only what it used ("the
  // field 8 cm away" is another situation); a medium of index 1 (in vacuum) is the formulas' own assumption.
  // A number of a further part's own words ("每 2 米长度", a cued variable) is that part's; a zero
  // given to a symbol picks a reference (V = 0 at infinity).
  const own = new Set(
    parts.slice(1).flatMap(({ outcome }) =>
      outcome.status === 'solved'
        ? Object.entries(outcome.result.variables ?? {})
            .filter(([name, v]) => v.cued && outcome.written[name] !== undefined)
            .flatMap(([name]) => [...outcome.used].filter((r) => r.written.trim() === outcome.written[name]))
        : [],
    ),
  );
  const left = readings.filter(
    (r) =>
      !used.has(r) && !own.has(r) && !pairsWithOne(r, used) && !(r.kind.startsWith('=') && r.value === 0),
  );
  const vacuum = solver.kb.units.materials.indices.filter((m) => m.n === 1).flatMap((m) => m.words);
  if (left.some((r) => r.value !== 1 || !mentions(fold(r.written), vacuum))) return undefined;
  // The variable solved for, asked for only on the way to another quantity (the electric amplitude
  // of a wave whose magnetic one is asked), is a step, not a result.
  const step = parts.length > 1 && asksAnother(question, unit, solver.kb.units.asked);
  const checkedParts = solver.allUsed(
    step ? [{ ...parts[0]!, feeds: true }, ...parts.slice(1)] : parts,
    readings,
  );
  return checkedParts.every((p) => p.status === 'solved') ? checkedParts : undefined;
}
