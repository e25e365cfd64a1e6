import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogue, PHRASES_DIR, phrase } from './data-file.js';

const names = readdirSync(PHRASES_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('phrase catalogues', () => {
  it('are there to check', () => {
    expect(names.length).toBeGreaterThanOrEqual(2);
  });

  // Chinese may leave out a value that exists only in English (a concept's English name), never add one.
  it.each(names)('%s has every key in English and Chinese, and no Chinese-only placeholder', (name) => {
    const book = catalogue(name);
    expect(Object.keys(book.zh).sort()).toEqual(Object.keys(book.en).sort());
    for (const [key, en] of Object.entries(book.en)) {
      expect(en.trim(), `${name}.en.${key}`).not.toBe('');
      expect(book.zh[key]!.trim(), `${name}.zh.${key}`).not.toBe('');
      expect(placeholders(en), `${name}.${key}`).toEqual(expect.arrayContaining(placeholders(book.zh[key]!)));
    }
  });

  it('fills placeholders and refuses a key it does not have', () => {
    const book = { en: { hi: 'Hello {who}' }, zh: { hi: '你好，{who}' } };
    expect(phrase(book, 'zh', 'hi', { who: '同学' })).toBe('你好，同学');
    expect(() => phrase(book, 'en', 'bye')).toThrow(/no phrase "bye"/);
  });
});
