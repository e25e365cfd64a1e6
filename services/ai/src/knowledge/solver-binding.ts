import { math } from '../math.js';
import { plainQuantity } from './formatting.js';
import { type CourseResult, fold, type KnowledgeBase, type Variable } from './knowledge-base.js';
import type { Reading } from './reading.js';
import { cueDistance, liesTowardsField, mentions, wordPattern } from './solver-math.js';

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
  return r !== undefined && countsTwo(kb, text, r.index);
}

/** A word of `pair` just before this point of the text ("two", "两个"). */
function countsTwo(kb: KnowledgeBase, text: string, at: number): boolean {
  const before = text.slice(0, at).trimEnd();
  return kb.units.pair.some((w) => {
    const word = fold(w);
    return before.endsWith(word) && !/[\w.]/.test(before.charAt(before.length - word.length - 1));
  });
}

/**
 * The particles the question names ("an electron and a proton", "two electrons"), in the order it
 * names them, each as its quantities (charge, mass) in SI: a particle named again is the same one,
 * one counted by a word of `pair` is two.
 */
function namedParticles(kb: KnowledgeBase, text: string): Particle[] {
  const found: { at: number; count: number; values: Record<string, number>; name: string }[] = [];
  for (const particle of kb.units.particles.named) {
    const not = particle.except.flatMap((w) =>
      [...text.matchAll(wordPattern(w, 'g'))].map((m) => [m.index, m.index + fold(w).length]),
    );
    const first = particle.words
      .flatMap((w) => [...text.matchAll(wordPattern(w, 'g'))].map((m) => ({ at: m.index, name: m[0] })))
      .filter(({ at }) => !not.some(([a, b]) => a! <= at && at < b!))
      .sort((a, b) => a.at - b.at)[0];
    if (!first) continue;
    const values = Object.fromEntries(
      Object.entries(particle.quantities).map(([kind, expr]) => [
        kind,
        math.evaluate(expr, kb.constants) as number,
      ]),
    );
    found.push({ ...first, count: countsTwo(kb, text, first.at) ? 2 : 1, values });
  }
  return found.sort((a, b) => a.at - b.at).flatMap((p) => Array<Particle>(p.count).fill(p));
}

interface Particle {
  /** Its quantities in SI, by kind. */
  values: Record<string, number>;
  /** As the question names it. */
  name: string;
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
  // A root-mean-square value is no amplitude, and the results take amplitudes.
  readings = readings.filter((r) => !r.rms);
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
    if (name in values) continue;
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
    // Not a length: every length is in metres, and a wavelength is no cell size nor a distance.
    else if (v.kind !== 'length') {
      const unit = kb.units.si[v.kind] ?? '';
      const same = [unit, ...(kb.units.sameUnit[unit] ?? [])].find((u) => `@${u}` in known);
      if (same !== undefined) values[name] = known[`@${same}`]!;
    }
  }
  // "Two electrons 1 nm apart", "a proton at 3 × 10⁵ m/s": the particles named give the charges and
  // masses no number gave, in order, only when exactly as many are left of that kind (an electron and
  // a proton are not the one charge of a cyclotron orbit).
  const particles = namedParticles(kb, text);
  for (const kind of new Set(particles.flatMap((p) => Object.keys(p.values)))) {
    const open = variables.filter(([n, v]) => !(n in values) && v.kind === kind);
    if (open.length === 0 || open.length !== particles.length) continue;
    open.forEach(([n], i) => {
      const { values: quantities, name } = particles[i]!;
      values[n] = quantities[kind]!;
      written[n] = `${plainQuantity(values[n], kb.units.si[kind] ?? '')} (${name})`;
    });
  }
  const missing: Variable[] = [];
  const derivedNames: string[] = [];
  for (const [name, v] of variables) {
    if (name in values) continue;
    if (v.same_as && v.same_as in values && givesTwo(kb, text, bound[v.same_as])) {
      // "3 μC each, of opposite sign": the second is the first's negative, not a copy of it.
      values[name] = (mentions(text, kb.units.opposite) ? -1 : 1) * values[v.same_as]!;
      continue;
    }
    const constant = Object.entries(v.default ?? {}).find(([word]) => text.includes(fold(word)));
    if (constant) {
      // Said in words ("an uncharged shell"): given by the question, as a number would be.
      values[name] = kb.constants[constant[1]]!;
      written[name] = `${plainQuantity(values[name], kb.units.si[v.kind] ?? '')} (${constant[0]})`;
      continue;
    }
    // "A wire lies along a 0.3 T field": the angle is said in words the reader did not take, so the
    // perpendicular case an angle left out stands for is not assumed.
    const unstated = v.kind === 'angle' && liesTowardsField(text, kb.units.unstatedAngle);
    if (v.optional && !unstated) {
      values[name] = v.optional;
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

/**
 * The variables a question that cannot be solved still fixes: each the only variable of its kind
 * in the result, given by the only number of that kind in the question (with a second number of
 * it, either could be the one meant), so stating the formula with it asserts nothing the student
 * did not write ("3D" in a Courant limit asked without a cell size).
 */
export function fixedVariables(
  result: CourseResult,
  binding: Binding,
  readings: Reading[],
): { values: Record<string, number>; written: Record<string, string> } | undefined {
  const variables = Object.values(result.variables ?? {});
  const values: Record<string, number> = {};
  const written: Record<string, string> = {};
  for (const [name, v] of Object.entries(result.variables ?? {})) {
    const text = binding.written[name];
    if (text === undefined) continue;
    if (variables.filter((w) => w.kind === v.kind).length !== 1) continue;
    if (readings.filter((r) => r.kind === v.kind).length !== 1) continue;
    values[name] = binding.values[name]!;
    written[name] = text;
  }
  return Object.keys(values).length > 0 ? { values, written } : undefined;
}
