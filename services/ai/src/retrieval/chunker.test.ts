import { describe, expect, it } from 'vitest';
import { chunkText } from './chunker.js';

const notes = [
  "# Gauss's law",
  '',
  'Intro paragraph about flux.',
  '',
  '## Statement',
  '',
  'The flux through a closed surface equals Q/ε₀.',
  '',
  '```python',
  '# not a heading inside a fence',
  'print(1)',
  '```',
  '',
  '## Examples',
  '',
  '### Sphere',
  '',
  'Outside a sphere the field is that of a point charge.',
].join('\n');

describe('chunkText', () => {
  it('splits Markdown at headings and records each heading path', () => {
    const chunks = chunkText('gauss.md', notes);
    expect(chunks.map((c) => c.headingPath)).toEqual([
      ["Gauss's law"],
      ["Gauss's law", 'Statement'],
      ["Gauss's law", 'Examples', 'Sphere'],
    ]);
    // The fenced "# not a heading" stayed inside the Statement section.
    expect(chunks[1]!.text).toContain('# not a heading inside a fence');
  });

  it('keeps offsets that slice back to exactly the chunk text', () => {
    const long = Array.from(
      { length: 40 },
      (_, i) => `Sentence number ${i} about electric fields and charges.`,
    );
    const text = `# Title\r\n\r\n${long.join(' ')}\r\n\r\n## 第二节\r\n\r\n${'电场强度是矢量。'.repeat(60)}\n`;
    for (const source of ['notes.md', 'notes.txt']) {
      const chunks = chunkText(source, text, { maxChars: 300, overlapChars: 60 });
      expect(chunks.length).toBeGreaterThan(4);
      for (const chunk of chunks) {
        expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
        expect(chunk.text.length).toBeLessThanOrEqual(300);
        expect(chunk.text).toBe(chunk.text.trim());
      }
    }
  });

  it('overlaps consecutive chunks of a long section and covers all of it', () => {
    const text = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} says something.`).join(' ');
    const chunks = chunkText('plain.txt', text, { maxChars: 200, overlapChars: 50 });
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i]!.start).toBeLessThan(chunks[i - 1]!.end);
      expect(chunks[i]!.start).toBeGreaterThan(chunks[i - 1]!.start);
    }
    expect(chunks[0]!.start).toBe(0);
    expect(chunks.at(-1)!.end).toBe(text.length);
  });

  it('prefers to cut at a sentence end', () => {
    const text = `${'a'.repeat(120)}. ${'b'.repeat(120)}. ${'c'.repeat(120)}.`;
    const chunks = chunkText('s.txt', text, { maxChars: 200, overlapChars: 20 });
    expect(chunks[0]!.text.endsWith('.')).toBe(true);
  });

  it('never splits a surrogate pair when it must cut without a break', () => {
    const text = '𝐄'.repeat(200);
    const chunks = chunkText('math.txt', text, { maxChars: 101, overlapChars: 10 });
    for (const chunk of chunks) {
      expect(chunk.text.length % 2).toBe(0);
      expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
    }
  });

  it('treats a .txt file as one section without headings', () => {
    const chunks = chunkText('a.txt', '# not markdown here\n\nbody');
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.headingPath).toEqual([]);
  });

  it('rejects an overlap as large as the chunk', () => {
    expect(() => chunkText('a.md', 'x', { maxChars: 100, overlapChars: 100 })).toThrow(RangeError);
  });
});
