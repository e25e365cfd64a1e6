import { describe, expect, it } from 'vitest';
import { solve } from './solver.test-support.js';

/** Word problems whose parts are different results of one situation, each read where it holds. */
describe('the problem solver answers each part of a chained question where it holds', () => {
  it("gives a shell's potential at its centre as the shell's own, kQ/R, and nowhere else", () => {
    const reply = solve(
      'A hollow metal sphere of radius 5 cm is given 2 nC. Calculate the electric field 15 cm from its centre, and the potential at its centre.',
    );
    // k·2e-9/0.15² and k·2e-9/0.05
    expect(reply).toContain('E = 799 N/C');
    expect(reply).toContain('V = 360 V');
    const zh = solve('一个半径 5 厘米的空心金属球壳带电 2 纳库，求球壳内的电势。');
    expect(zh).toContain('V = 360 V');
    // The potential at a point outside is not the shell's own: no kQ/R asserted there.
    expect(
      solve(
        'A hollow metal sphere of radius 5 cm is given 2 nC. Calculate the electric field and the potential 15 cm from its centre.',
      ),
    ).not.toContain('V = 360 V');
  });
});
