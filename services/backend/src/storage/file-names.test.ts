import { describe, expect, it } from 'vitest';
import { portableSegment, uniqueName } from './file-names.js';

describe('portableSegment', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['a:b*c?"d"<e>|f', 'a_b_c__d__e__f'],
    ['CON', '_CON'],
    ['lpt1.txt', '_lpt1.txt'],
    ['notes. . ', 'notes'],
    ['...', 'file'],
    ['王小明 (wang)', '王小明 (wang)'],
    ['evil\u202Efdp.exe', 'evilfdp.exe'],
  ])('%j -> %j', (raw, safe) => {
    expect(portableSegment(raw)).toBe(safe);
  });
});

describe('uniqueName', () => {
  it('numbers names that meet without regard to case, keeping the extension', () => {
    const taken = new Set<string>();
    expect(['a.txt', 'A.TXT', 'a.txt', 'b'].map((name) => uniqueName(name, taken))).toEqual([
      'a.txt',
      'A (2).TXT',
      'a (3).txt',
      'b',
    ]);
  });
});
