import { describe, expect, it } from 'vitest';
import { DISPLAY_PREFIXES, prefixFactor, SI_PREFIX } from './si-prefix.js';

describe('SI prefixes (one table, from mathjs)', () => {
  it('has mathjs’s short prefixes and μ/µ for micro', () => {
    expect(SI_PREFIX.k).toBe(1e3);
    expect(SI_PREFIX.G).toBe(1e9);
    expect(SI_PREFIX.c).toBe(1e-2);
    expect(SI_PREFIX.p).toBe(1e-12);
    expect(SI_PREFIX.u).toBe(1e-6);
    expect(SI_PREFIX['μ']).toBe(1e-6);
    expect(SI_PREFIX['µ']).toBe(1e-6);
  });

  it('is no prefix for what is not one, nor for an object’s own keys', () => {
    expect(SI_PREFIX.constructor).toBeUndefined();
    expect(SI_PREFIX.x).toBeUndefined();
    expect(prefixFactor(undefined)).toBe(1);
    expect(prefixFactor('x')).toBe(1);
    expect(prefixFactor('n')).toBe(1e-9);
  });

  it('writes values for people with G … p, largest first', () => {
    expect(DISPLAY_PREFIXES.map(([, s]) => s)).toEqual(['G', 'M', 'k', '', 'm', 'μ', 'n', 'p']);
    expect(DISPLAY_PREFIXES.map(([f]) => f)).toEqual([1e9, 1e6, 1e3, 1, 1e-3, 1e-6, 1e-9, 1e-12]);
  });
});
