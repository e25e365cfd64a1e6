import { describe, expect, it } from 'vitest';
import { dimensionOf } from './dimensions.js';
import {
  evaluate,
  formatExpression,
  MAX_EXPRESSION_DEPTH,
  normalizeFormula,
  parseExpression,
} from './expression.js';
import { extractFormula } from './formula-verify.js';

describe('formula depth bound', () => {
  it('reads a long but bounded chain, and every walker handles it', () => {
    const terms = MAX_EXPRESSION_DEPTH;
    const expr = parseExpression(Array.from({ length: terms }, () => 'a').join('+'));
    expect(evaluate(expr, () => 1)).toBe(terms);
    expect(formatExpression(expr).match(/a/g)).toHaveLength(terms);
    expect(dimensionOf(expr, 'general').problems).toEqual([]);
  });

  it.each([
    [
      'a flat chain one past the bound',
      Array.from({ length: MAX_EXPRESSION_DEPTH + 2 }, () => 'a').join('+'),
    ],
    ['a 9,990-term sum', `a${'+a'.repeat(9_989)}`],
    ['deep parentheses', `${'('.repeat(9_000)}a${')'.repeat(9_000)}`],
    ['a run of minus signs', `${'-'.repeat(19_000)}a`],
    ['a power tower', `a${'^a'.repeat(9_989)}`],
  ])('refuses %s with a reason, not a stack overflow', (_name, text) => {
    expect(() => parseExpression(text)).toThrow(`more than ${MAX_EXPRESSION_DEPTH} operations deep`);
  });
});

describe('formulas written in TeX', () => {
  it("reads Gauss's law as a student types it, integral, vectors and braced subscripts", () => {
    const found = extractFormula(
      String.raw`$$\oint \mathbf{E}\cdot d\mathbf{A} = \frac{Q_{enc}}{\varepsilon_0}$$`,
    );
    expect(found).toEqual({ lhs: 'Phi', rhs: expect.any(String) });
    const rhs = parseExpression(found!.rhs);
    expect(formatExpression(rhs)).toBe('Q_enc/eps0');
    const left = dimensionOf(parseExpression(found!.lhs), 'gauss');
    expect(left.unknown).toEqual([]);
    expect(left).toEqual(dimensionOf(rhs, 'gauss'));
  });

  it('unwraps \\vec and braced subscripts inside \\frac', () => {
    expect(normalizeFormula(String.raw`$B = \frac{\mu_{0} I}{2\pi r}$`)).toBe('B = ((mu_0 I)/(2pi r))');
  });
});
