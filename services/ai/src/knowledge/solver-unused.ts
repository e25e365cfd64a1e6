import type { KnowledgeBase } from './knowledge-base.js';
import type { Reading } from './reading.js';
import { mentions, pairsWithOne, vacuumLike } from './solver-math.js';
import type { Attempt, Solved } from './solver-outcomes.js';

/**
 * What the question gives that no solved part used, as written: a quantity of a kind the parts'
 * results take, a kind no answer may leave unused (an angle to the field), a number given to a
 * symbol, a decimal nobody read, a diameter too far from its length. Anything here means the
 * situation was not understood.
 */
export function unusedGiven(
  kb: KnowledgeBase,
  text: string,
  readings: Reading[],
  solved: (Solved & Attempt)[],
): string[] {
  const used = new Set(solved.flatMap((o) => [...o.used]));
  const kinds = new Set(solved.flatMap((o) => Object.values(o.result.variables ?? {}).map((v) => v.kind)));
  // A given angle no part uses ("at thirty degrees to the field") was ignored: nothing asserted.
  const must = new Set(kb.units.mustUse.kinds);
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
  // "n=1.5 ≈ 56°?": the student's own value of what a part computes is theirs to check, not a given.
  const outputs = new Set(solved.map((o) => o.result.compute!.unit));
  const claimed = (r: Reading) =>
    outputs.has(kb.units.si[r.kind] ?? '') &&
    kb.units.claimMarks.some((mark) => text.slice(0, r.index).trimEnd().endsWith(mark));
  const unused = readings
    .filter(
      (r) =>
        !used.has(r) &&
        !claimed(r) &&
        (kinds.has(r.kind) || (must.has(r.kind) && !vacuumLike(r)) || givenToSymbol(r)) &&
        !pairsWithOne(r, used, pairs),
    )
    .map((r) => (givenToSymbol(r) ? `${r.kind.slice(1)} = ${r.written}` : r.written.trim()));
  // A number with decimals is a quantity, never a count ("a Courant number of 0.5"): if no
  // reading took it, the situation was not understood.
  for (const m of text.matchAll(/(?<![\w.])\d+\.\d+(?!\w|\.\d)/g)) {
    // (An index read as its medium's stands where the medium is named: its value was read.)
    const read = readings.some((r) => (r.index <= m.index && m.index < r.end) || r.value === Number(m[0]));
    if (!read) unused.push(m[0]);
  }
  // A diameter too far from its length to be read as one: the length may be taken as a radius.
  const diameter = kb.units.diameter.words.find((w) => mentions(text, [w]));
  if (diameter && !readings.some((r) => r.diameter)) unused.push(diameter);
  return unused;
}
