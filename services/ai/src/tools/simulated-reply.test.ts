import { describe, expect, it } from 'vitest';
import { sharedDigits } from '../simulated/quantities.js';
import { simulatedToolReply } from './simulated-reply.js';

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

describe('a conversion that cannot be done', () => {
  const failed = {
    id: 'call_1',
    name: 'convert_units',
    arguments: { value: 3, from: 'mT', to: 'V' },
    ok: false,
    error: "cannot convert 3 mT to V: Units do not match ('V' != '3 mT')",
  };

  it('is said plainly for that part, in the reader’s language, with no number', () => {
    expect(simulatedToolReply([failed], 'en', 0)).toBe(
      'I cannot convert 3 mT to V: they do not measure the same kind of quantity, so there is no number to give.',
    );
    const zh = simulatedToolReply([failed], 'zh', 0);
    expect(zh).toBe('无法把 3 mT 换算成 V：两者不是同一种物理量，所以没有可给出的数值。');
    expect(zh).not.toMatch(/cannot|Units/);
  });
});
