import { type CourseResult, fold, type KnowledgeBase } from './knowledge-base.js';
import type { Reading } from './reading.js';
import { cueDistance, pairsWithOne, withoutPartLabels, wordPattern } from './solver-math.js';
import type { Attempt, Solved } from './solver-outcomes.js';

/**
 * The further points a question of several parts asks a result at: the same result at another
 * number of a variable's kind, or a member of its family at a point only that member names.
 */
export interface PointSolver {
  kb: KnowledgeBase;
  /** One result against the readings, the variables in `forced` bound to those readings. */
  attempt(result: CourseResult, readings: Reading[], text: string, forced: Record<string, Reading>): Attempt;
}

/**
 * "E at 3 cm from the centre, and at 12 cm": the same result again for each further number of a
 * variable's kind that stands next to one of that variable's cues, in the region it falls in.
 * The first part moves to where its own number is, so the parts keep the question's order.
 */
export function atOtherPoints(
  solver: PointSolver,
  result: CourseResult,
  solved: Solved & Attempt,
  first: { at: number },
  readings: Reading[],
  text: string,
): { at: number; outcome: Attempt }[] {
  const out: { at: number; outcome: Attempt }[] = [];
  const points = new Set(solver.kb.units.points.kinds);
  // Only the other of a pair (+q and −q) is the used one again: "(b) 6.0 cm" may be the radius's length.
  const pairs = new Set(
    Object.values(solved.result.variables ?? {})
      .filter((v) => v.pair)
      .map((v) => v.kind),
  );
  for (const extra of readings.filter(
    (r) => points.has(r.kind) && !solved.used.has(r) && !pairsWithOne(r, solved.used, pairs),
  )) {
    const fits = Object.entries(solved.result.variables ?? {}).filter(
      ([, v]) =>
        v.kind === extra.kind &&
        v.cues?.length &&
        listedCue(solver, text, extra, readings, v.cues) !== undefined,
    );
    // The variable whose own number is nearest the extra one is the one the question varies.
    const owner = (name: string) => [...solved.used].find((r) => solved.written[name] === r.written.trim());
    const varied = fits
      .map(([name]) => ({ name, own: owner(name) }))
      .filter((f) => f.own)
      .sort((a, b) => Math.abs(a.own!.index - extra.index) - Math.abs(b.own!.index - extra.index))[0];
    // One body's other edge ("inner radius 1 cm, outer radius 3 cm") is no second body of that size.
    if (varied && cueDistance(text, extra, solver.kb.units.points.bounds) !== undefined) continue;
    if (!varied) {
      const sibling = siblingAt(solver, result, extra, readings, text);
      if (sibling) out.push({ at: extra.index, outcome: sibling });
      continue;
    }
    const outcome = solver.attempt(result, readings, text, { [varied.name]: extra });
    if (outcome.status !== 'solved') continue;
    first.at = varied.own!.index;
    out.push({ at: extra.index, outcome });
  }
  return out;
}

/** A member of the first part's family the question asks at its own point ("at its centre"). */
export function atOwnPoint(
  solver: PointSolver,
  result: CourseResult,
  readings: Reading[],
  text: string,
  parts: { outcome: Attempt }[],
): { at: number; outcome: Attempt } | undefined {
  if (!result.point || parts.some((p) => p.outcome.result === result)) return undefined;
  const at = Math.min(...result.point.map((w) => text.search(wordPattern(w))).filter((i) => i >= 0));
  if (!Number.isFinite(at)) return undefined;
  const outcome = solver.attempt(result, readings, text, {});
  return outcome.status === 'solved' && outcome.result === result ? { at, outcome } : undefined;
}

/**
 * "At the centre of the loop, and on its axis 6 cm from the centre": a further point no variable of
 * the first part's result takes is another member of its family, one with a variable whose cue
 * words stand next to that number (the axis distance z, 0 at the centre), the rest bound as before.
 */
function siblingAt(
  solver: PointSolver,
  result: CourseResult,
  extra: Reading,
  readings: Reading[],
  text: string,
): Attempt | undefined {
  if (!result.family) return undefined;
  for (const sibling of solver.kb.results) {
    if (sibling === result || sibling.family !== result.family || !sibling.compute) continue;
    const fit = Object.entries(sibling.variables ?? {}).find(
      ([, v]) => v.kind === extra.kind && v.cues?.length && cueDistance(text, extra, v.cues) !== undefined,
    );
    if (!fit) continue;
    const outcome = solver.attempt(sibling, readings, text, { [fit[0]]: extra });
    if (outcome.status === 'solved') return outcome;
  }
  return undefined;
}

/**
 * "At (a) 2.0 cm, (b) 6.0 cm and (c) 15 cm from its centre": a number listed with others of its kind
 * (only commas, a joining word or part labels between) shares the cue that follows the list.
 */
function listedCue(
  solver: PointSolver,
  text: string,
  reading: Reading,
  readings: Reading[],
  cues: string[],
): number | undefined {
  const joins = solver.kb.units.also.map((w) => fold(w));
  const ordered = [...readings].sort((a, b) => a.index - b.index);
  for (let r: Reading | undefined = reading; r; ) {
    const distance = cueDistance(text, r, cues);
    if (distance !== undefined) return distance;
    const next: Reading | undefined = ordered.find((o) => o.index >= r!.end);
    if (!next || next.kind !== reading.kind) return undefined;
    const gap = withoutPartLabels(text.slice(r.end, next.index))
      .split(/[\s,，、;；]+/)
      .filter((w) => w !== '');
    if (gap.length > 1 || (gap.length === 1 && !joins.includes(gap[0]!))) return undefined;
    r = next;
  }
  return undefined;
}

/**
 * A place an earlier part took as one variable (the sphere's radius R) is no other variable of a
 * part computed from that part (the distance r between the charge and its image).
 */
export function rebindsPlace(
  kb: KnowledgeBase,
  outcome: Solved & Attempt,
  feeders: { outcome: Attempt }[],
): boolean {
  const points = new Set(kb.units.points.kinds);
  const meaning = (o: Solved, r: Reading) =>
    Object.keys(o.written).find((n) => o.written[n] === r.written.trim());
  return [...outcome.used].some(
    (r) =>
      points.has(r.kind) &&
      feeders.some(
        (f) =>
          f.outcome.status === 'solved' &&
          f.outcome.used.has(r) &&
          meaning(f.outcome, r) !== meaning(outcome, r),
      ),
  );
}
