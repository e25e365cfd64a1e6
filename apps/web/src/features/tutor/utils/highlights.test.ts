import { describe, expect, it } from 'vitest';
import { highlightsFor, segments } from './highlights';

const text =
  'Gauss’s law is very important. It is really very important for physics and it’s used a lot.\n\n' +
  'The flux through a closed surface equals the enclosed charge over ε0. It does not depend on the radius.\n\n' +
  'In conclusion it is useful.';

const improvement = (kind: 'sentence' | 'paragraph' | 'document', excerpt: string) => ({
  dimension: 'language',
  target: { kind, index: kind === 'document' ? null : 1, excerpt },
  issue: 'x',
  suggestion: 'y',
});

describe('improvement highlights', () => {
  it('marks a sentence from its excerpt to its end, found even when the excerpt was cut with …', () => {
    const [h] = highlightsFor(text, [improvement('sentence', 'It is really very important for…')]);
    expect(text.slice(h!.start, h!.end)).toBe('It is really very important for physics and it’s used a lot.');
    expect(h!.numbers).toEqual([1]);
  });

  it('marks a whole paragraph, and finds the excerpt with its whitespace flattened', () => {
    const [h] = highlightsFor(text, [improvement('paragraph', 'The flux through a  closed surface')]);
    expect(text.slice(h!.start, h!.end)).toBe(
      'The flux through a closed surface equals the enclosed charge over ε0. It does not depend on the radius.',
    );
  });

  it('merges overlapping marks and keeps every number; document remarks and unknown excerpts get none', () => {
    const marks = highlightsFor(text, [
      improvement('document', 'Gauss’s law'),
      improvement('paragraph', 'The flux through'),
      improvement('sentence', 'It does not depend'),
      improvement('sentence', 'A sentence that is not in the text'),
    ]);
    expect(marks).toHaveLength(1);
    expect(marks[0]!.numbers).toEqual([2, 3]);
    const pieces = segments(text, marks);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    expect(pieces.filter((p) => p.highlight)).toHaveLength(1);
  });
});
