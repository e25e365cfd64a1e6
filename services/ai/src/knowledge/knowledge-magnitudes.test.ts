import { describe, expect, it } from 'vitest';
import { kb, references } from './knowledge-references.test-support.js';
import { evaluateResult } from './solver.js';

// A field or a force is stated as a magnitude, its direction in words (the result's remarks):
// "E = −1800 N/C" for a negative charge reads as a wrong number to a student and to a grader.
const MAGNITUDE_UNITS = new Set(['N/C', 'V/m', 'N', 'T']);
// A current's sign is a choice of direction students rarely write; a charge's sign is physics.
const SIGNED_KINDS = new Set(['charge', 'linecharge', 'surfacecharge', 'volumecharge']);

describe('course knowledge states magnitudes', () => {
  it('evaluates every field and force to the same non-negative size when its sources change sign', () => {
    const magnitudes = kb.results.filter((r) => r.compute && MAGNITUDE_UNITS.has(r.compute.unit));
    expect(magnitudes.length).toBeGreaterThan(15);
    for (const result of magnitudes) {
      const values = references[result.id]!.values;
      const flipped = { ...values };
      for (const [name, variable] of Object.entries(result.variables ?? {})) {
        if (SIGNED_KINDS.has(variable.kind) && name in flipped) flipped[name] = -flipped[name]!;
      }
      const size = evaluateResult(result, values, kb.constants);
      const after = evaluateResult(result, flipped, kb.constants);
      expect(after, result.id).toBeGreaterThanOrEqual(0);
      expect(after, result.id).toBeCloseTo(Math.abs(size), 12);
    }
  });

  it('says which way a field from a signed source points', () => {
    for (const result of kb.results) {
      const signed = Object.entries(result.variables ?? {}).filter(([, v]) => SIGNED_KINDS.has(v.kind));
      if (!result.compute || !['N/C', 'V/m'].includes(result.compute.unit) || signed.length === 0) continue;
      if (result.compute.expr.startsWith('0 *')) continue; // zero inside a shell has no direction
      expect(result.remarks?.length ?? 0, result.id).toBeGreaterThanOrEqual(1);
    }
  });
});
