import { describe, expect, it } from 'vitest';
import { solve } from './solver.test-support.js';

describe('a part is answered by a result of the quantity it asks for', () => {
  it('answers a potential energy in joules, never with a potential in volts', () => {
    const reply = solve(
      'Two small spheres carry +4.0 nC and −6.0 nC and sit 5.0 cm apart. What is the force between them, and what is their potential energy?',
    );
    expect(reply).not.toMatch(/\*\*Result:\*\* V =/);
    // k·4e-9·(−6e-9)/0.05, its sign kept: the size word is not about this part.
    expect(reply).toMatch(/\*\*Result:\*\* U = -4\.31 × 10⁻⁶ J/);
    const zh = solve('两个点电荷分别带 2.0 μC 和 3.0 μC，相距 30 cm，求该系统的电势能。');
    expect(zh).not.toMatch(/结果：\*\* V =/);
    expect(zh).toMatch(/U = 0\.180 J/);
  });

  it('states as a size only the quantity the size word is about', () => {
    const reply = solve(
      'Charges of 3.0 nC and −2.0 nC are 4.0 cm apart. Give the magnitude of the force of attraction and also their potential energy.',
    );
    expect(reply).toMatch(/U = -1\.35 × 10⁻⁶ J/);
  });
});
