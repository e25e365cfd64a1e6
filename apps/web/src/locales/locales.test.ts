import { describe, expect, it } from 'vitest';
import { en } from './en';
import { zh } from './zh';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    keys(inner, prefix ? `${prefix}.${key}` : key),
  );
}

describe('translations', () => {
  it('has every English string in Chinese too, none empty', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
    for (const key of keys(zh)) {
      const text = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], zh);
      expect(text, key).not.toBe('');
    }
  });
});
