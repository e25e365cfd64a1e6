import { type CourseResult, fold, type KnowledgeBase, type Variable } from './knowledge-base.js';
import type { Reading } from './reading.js';
import { cueDistance, math } from './solver-math.js';

/**
 * Which of the question's quantities each variable of a result takes: the number written for it
 * by name first, then the one beside its cue words, then the next of its kind in order; what is
 * left is filled from a pair ("3 μC each"), a named constant, an optional default or a `derive`
 * rule, else reported missing.
 */
export interface Binding {
  /** The readings the variables took. */
  used: Set<Reading>;
  values: Record<string, number>;
  written: Record<string, string>;
  missing: Variable[];
  leftovers: number;
  /** Variables computed from others by the result's `derive` rules (n = N / L). */
  derived: string[];
}

/** "3 μC each", or a count of two just before the quantity ("two 3 μC charges"). */
function givesTwo(kb: KnowledgeBase, text: string, r: Reading | undefined): boolean {
  if (kb.units.each.some((w) => text.includes(fold(w)))) return true;
  if (!r) return false;
  const before = text.slice(0, r.index).trimEnd();
  return kb.units.pair.some((w) => {
    const word = fold(w);
    return before.endsWith(word) && !/[\w.]/.test(before.charAt(before.length - word.length - 1));
  });
}

export function bindVariables(
  kb: KnowledgeBase,
  result: CourseResult,
  readings: Reading[],
  text: string,
  known: Record<string, number>,
  forced: Record<string, Reading>,
): Binding {
  const variables = Object.entries(result.variables ?? {});
  const values: Record<string, number> = {};
  const written: Record<string, string> = {};
  const used = new Set<Reading>();
  const bound: Record<string, Reading> = {};
  const take = (name: string, r: Reading) => {
    bound[name] = r;
    values[name] = r.value;
    written[name] = r.written.trim();
    used.add(r);
  };
  // A part of a question asked at another point takes that point's number.
  for (const [name, r] of Object.entries(forced)) if (name in (result.variables ?? {})) take(name, r);
  // A number the question gives to the variable by name ("N = 500", "R = 10 cm") is that
  // variable, before any cue word: "r =" is a cue of r, and cues are compared folded, so
  // "R = 10 cm … r = 5 cm" would otherwise give R's number to r.
  for (const [name, v] of variables) {
    const r = readings.find(
      (x) => !used.has(x) && (x.kind === `=${name}` || (x.named === name && x.kind === v.kind)),
    );
    if (r) take(name, r);
  }
  // Then the variables whose cue words stand next to a number of their kind.
  for (const [name, v] of variables) {
    if (name in values || !v.cues?.length) continue;
    let best: { r: Reading; distance: number } | undefined;
    for (const r of readings) {
      if (used.has(r) || r.kind !== v.kind) continue;
      const distance = cueDistance(text, r, v.cues);
      if (distance !== undefined && (!best || distance < best.distance)) best = { r, distance };
    }
    if (best) take(name, best.r);
  }
  // Then in order of appearance. A variable that may be left out gives way to one that may not
  // when the question has too few numbers of their kind: the Brewster angle "for water" is from
  // air (n₁ left out) onto water.
  // Only for a medium whose side the question leaves to the result ("inside quartz" does not).
  const short = (v: Variable) => {
    const free = readings.filter((x) => !used.has(x) && x.kind === v.kind);
    const open = variables.filter(([n, w]) => !(n in values) && w.kind === v.kind).length;
    return free.length < open && free.every((x) => x.alone);
  };
  for (const [name, v] of variables) {
    if (name in values || (v.optional && short(v)) || v.cued) continue;
    const r = readings.find((x) => !used.has(x) && x.kind === v.kind);
    if (r) take(name, r);
    else if (name in known) values[name] = known[name]!;
    // "the Brewster angle and the refraction angle at that incidence": an earlier part's value
    // in the unit of this variable's kind, when the question gives none of that kind.
    // N/C and V/m are one unit: a wave's peak field in V/m is the E of B₀ = E/c.
    else {
      const unit = kb.units.si[v.kind] ?? '';
      const same = [unit, ...(kb.units.sameUnit[unit] ?? [])].find((u) => `@${u}` in known);
      if (same !== undefined) values[name] = known[`@${same}`]!;
    }
  }
  const missing: Variable[] = [];
  const derivedNames: string[] = [];
  for (const [name, v] of variables) {
    if (name in values) continue;
    if (v.same_as && v.same_as in values && givesTwo(kb, text, bound[v.same_as])) {
      values[name] = values[v.same_as]!;
      continue;
    }
    const constant = Object.entries(v.default ?? {}).find(([word]) => text.includes(fold(word)));
    if (constant) {
      values[name] = kb.constants[constant[1]]!;
      continue;
    }
    if (v.optional) {
      values[name] = 1;
      continue;
    }
    const rule = result.derive?.[name];
    if (rule) {
      try {
        const derived = math.evaluate(rule, { ...values }) as unknown;
        if (typeof derived === 'number' && Number.isFinite(derived)) {
          values[name] = derived;
          derivedNames.push(name);
          continue;
        }
      } catch {
        // Its inputs are missing too; the variable is reported missing.
      }
    }
    missing.push(v);
  }
  const wanted = new Set(variables.map(([, v]) => v.kind));
  const leftovers = readings.filter((r) => !used.has(r) && wanted.has(r.kind)).length;
  return { used, values, written, missing, leftovers, derived: derivedNames };
}
