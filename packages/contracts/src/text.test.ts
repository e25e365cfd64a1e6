import { describe, expect, it } from 'vitest';
import { forbiddenCharacter, lineText, multilineText, pathOfNul } from './text.js';

describe('text that refuses control characters', () => {
  it('a line refuses every C0 control and DEL, tabs and line breaks included', () => {
    const line = lineText().max(20);
    expect(line.safeParse('Maxwell 2026').success).toBe(true);
    for (const bad of ['a\u0000b', 'a\nb', 'a\tb', 'a\rb', 'a\u001bb', 'a\u007fb']) {
      const result = line.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must not contain control characters');
    }
  });

  it('free text keeps tabs and line breaks but refuses the other controls', () => {
    const text = multilineText();
    expect(text.safeParse('line one\r\n\tline two').success).toBe(true);
    for (const bad of ['a\u0000b', 'a\u0008b', 'a\u000bb', 'a\u000cb', 'a\u001fb', 'a\u007fb']) {
      expect(text.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('names the first forbidden character', () => {
    expect(forbiddenCharacter('ok\u0007\u0000', false)).toBe('U+0007');
    expect(forbiddenCharacter('ok\n', true)).toBeUndefined();
    expect(forbiddenCharacter('ok\n', false)).toBe('U+000A');
  });
});

describe('pathOfNul', () => {
  it('finds a NUL in nested values and keys, and names the path', () => {
    expect(pathOfNul({ a: [{ b: 'x' }, { c: 'y\u0000' }] }, 'body')).toBe('body.a.1.c');
    expect(pathOfNul({ ['k\u0000']: 1 }, 'body')).toBe('body."k\\u0000"');
    expect(pathOfNul('csv,\u0000', 'body')).toBe('body');
    expect(pathOfNul({ a: 'clean', n: 1, z: null }, 'body')).toBeUndefined();
  });

  it('walks a value nested 100,000 levels without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(pathOfNul(deep, 'body')?.startsWith('body.0.0.0')).toBe(true);
  });
});
