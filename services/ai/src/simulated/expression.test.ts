import { describe, expect, it } from 'vitest';
import { DIMENSIONLESS, dimensionOf, dimensionOfSymbol, unitName } from './dimensions.js';
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

describe('symbol units (symbols.json, dimensions through mathjs)', () => {
  it('reads each symbol in the course’s sense, and n by topic', () => {
    expect(dimensionOfSymbol('k', 'general')).toEqual([1, 3, -4, -2]);
    expect(dimensionOfSymbol('E', 'general')).toEqual([1, 1, -3, -1]);
    expect(dimensionOfSymbol('n', 'solenoid')).toEqual([0, -1, 0, 0]);
    expect(dimensionOfSymbol('n', 'fresnel')).toEqual(DIMENSIONLESS);
    expect(dimensionOfSymbol('zeta', 'general')).toBeUndefined();
  });

  it('names a dimension in the reader’s language, else in SI base units', () => {
    expect(unitName([1, 1, -3, -1])).toBe('V/m (= N/C)');
    expect(unitName(DIMENSIONLESS, 'zh')).toBe('纯数');
    expect(unitName([1, 4, 0, 0])).toBe('kg·m^4');
  });
});
