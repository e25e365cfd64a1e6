import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, utcDateTime } from './icalendar.js';

describe('iCalendar writing (RFC 5545)', () => {
  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    expect(escapeText('a\\b; c, d\r\ne\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });

  it('folds at 75 octets, continuation lines starting with a space, never inside a character', () => {
    const line = `SUMMARY:${'é'.repeat(40)}${'😀'.repeat(30)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(2);
    for (const [i, part] of folded.entries()) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
      // A split surrogate pair or UTF-8 sequence would not survive the round trip.
      expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
      expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    }
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('VERSION:2.0')).toBe('VERSION:2.0');
  });

  it('writes UTC date-times without separators or milliseconds', () => {
    expect(utcDateTime(new Date('2026-11-29T03:04:05.678Z'))).toBe('20261129T030405Z');
  });
});
