import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CORPUS_DIR } from '../guided/corpus-outline.js';
import { courseSpelling, editDistance } from './spelling.js';

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit and stops past the bound', () => {
    expect(editDistance('feild', 'field', 2)).toBe(1);
    expect(editDistance('solenid', 'solenoid', 2)).toBe(1);
    expect(editDistance('parralel', 'parallel', 2)).toBe(2);
    expect(editDistance('mattress', 'magnetic', 2)).toBe(3);
  });
});

describe('courseSpelling', () => {
  it.each([
    ['whats the magnetic feild inside a solenid', 'whats the magnetic field inside a solenoid'],
    ['columbs law formula', 'coulombs law formula'],
    ["explain gauss's lawe", "explain gauss's law"],
    ['method of imagies', 'method of images'],
    ['biot savert law', 'biot savart law'],
    ['field inside a toriod', 'field inside a toroid'],
  ])('reads %s as the course spells it', (typed, read) => {
    expect(courseSpelling(typed)).toBe(read);
  });

  it('leaves valid English words and the notes’ words alone', () => {
    for (const text of [
      'magnetic field around a long strait wire',
      'how do i take care of my charge card',
      'the coils of a mattress',
      'Brewster angle and Snell law, FDTD on a Yee grid',
    ])
      expect(courseSpelling(text)).toBe(text);
  });

  it('reads Chinese variants and same-sound slips as the notes write them', () => {
    expect(courseSpelling('库伦定律公式')).toBe('库仑定律公式');
    expect(courseSpelling('通过封闭的面的电通量')).toBe('通过闭合曲面的电通量');
    expect(courseSpelling('带电粒子做圆周运动的半经')).toBe('带电粒子做圆周运动的半径');
    expect(courseSpelling('库仑定律公式')).toBe('库仑定律公式');
  });
});

describe('corpus/spelling.json', () => {
  const data = JSON.parse(readFileSync(join(DEFAULT_CORPUS_DIR, 'spelling.json'), 'utf8')) as {
    zh: Record<string, string>;
  };
  const notes = readdirSync(join(DEFAULT_CORPUS_DIR, 'zh'))
    .map((f) => readFileSync(join(DEFAULT_CORPUS_DIR, 'zh', f), 'utf8'))
    .join('\n');
  const knowledge = readFileSync(join(DEFAULT_CORPUS_DIR, 'knowledge', 'results.json'), 'utf8');

  it('never treats a form the notes use as a variant', () => {
    const used = Object.keys(data.zh).filter((variant) => notes.includes(variant));
    expect(used).toEqual([]);
  });

  it('corrects every variant to a form the notes or the knowledge base use', () => {
    const unknown = Object.values(data.zh).filter(
      (form) => !notes.includes(form) && !knowledge.includes(form),
    );
    expect(unknown).toEqual([]);
  });
});
