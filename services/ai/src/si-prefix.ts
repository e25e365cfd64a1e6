import { Unit } from 'mathjs';

/**
 * The SI prefixes, one table for the AI service: symbol → factor as mathjs defines them (its short
 * prefixes: p, n, u, m, c, k, M, G, …), plus μ and µ (micro sign) for micro, which is how people
 * write it and mathjs spells `u`.
 */
const mathjsPrefixes = (Unit as unknown as { PREFIXES: { SHORT: Record<string, { value: number }> } })
  .PREFIXES.SHORT;

// No prototype: a lookup of "constructor" is not a prefix.
export const SI_PREFIX: Readonly<Record<string, number>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, number>, {
    ...Object.fromEntries(
      Object.entries(mathjsPrefixes)
        .filter(([symbol]) => symbol !== '')
        .map(([symbol, { value }]) => [symbol, value]),
    ),
    μ: 1e-6,
    µ: 1e-6,
  }),
);

/** The factor of a prefix symbol; 1 for none or one that is not a prefix. */
export function prefixFactor(symbol: string | undefined): number {
  return (symbol && SI_PREFIX[symbol]) || 1;
}

/** The prefixes a value is written with for people (G … p, μ for micro), largest first. */
export const DISPLAY_PREFIXES: readonly [number, string][] = ['G', 'M', 'k', '', 'm', 'μ', 'n', 'p'].map(
  (symbol) => [symbol === '' ? 1 : SI_PREFIX[symbol]!, symbol],
);
