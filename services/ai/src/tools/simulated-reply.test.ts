import { describe, expect, it } from 'vitest';
import { sharedDigits } from '../simulated/quantities.js';

describe('numbers compared in one sentence share their rounding', () => {
  it('shows enough digits for the stated difference to be visible', () => {
    // 22400 vs 22500 next to "0.09 %" was the contradiction: 22467 vs 22488 needs 4 digits.
    expect(sharedDigits(22467, 22488)).toBe(5);
    expect(Number((22467).toPrecision(sharedDigits(22467, 22488)))).not.toBe(
      Number((22488).toPrecision(sharedDigits(22467, 22488))),
    );
    expect(sharedDigits(100, 150)).toBe(3);
    expect(sharedDigits(5, 5)).toBe(3);
  });
});
