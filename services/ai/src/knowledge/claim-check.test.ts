import { describe, expect, it } from 'vitest';
import { KnowledgeAnswers } from './answers.js';
import { claimVerdict } from './claim-check.js';
import { leadWithKnowledge } from './rag-lead.js';
import { courseSpelling } from './spelling.js';

// A formula the student states and asks about leads with the verdict on it; terse shorthand
// (a field written as its symbol, a region as a < r < b, a mistyped 螺线管) is still recognised.
// The questions are not from the eval sets.
describe('a formula the student asks about', () => {
  it('says no to the field given as the potential, and names what it is', () => {
    const found = claimVerdict('my notes say V = k q / r^2 for a point charge, right?');
    expect(found?.result.id).toBe('point-potential');
    expect(found?.verdict).toMatch(/^No/);
    expect(found?.verdict).toContain('electric field');
  });

  it('says no to a wrong line-charge field and yes to a right solenoid field', () => {
    expect(claimVerdict('field of a charged line E = 2kλ/r^2, correct?')?.verdict).toMatch(/^No/);
    expect(claimVerdict('B = mu0*n*I inside a long coil, correct?')?.verdict).toMatch(/^Yes/);
  });

  it('answers in Chinese, and only when a formula is asked about', () => {
    expect(claimVerdict('点电荷的电势 V = q/(4πε0 r) 对不对')?.verdict).toMatch(/^对/);
    expect(claimVerdict('in a plane wave with E = 300 V/m, what is B?')).toBeUndefined();
  });

  it('leads the tutor answer with the verdict, even where retrieval found nothing', () => {
    const reply = leadWithKnowledge(
      'V = kq/r^2 ?? for a point charge',
      { reply: '', citations: [] },
      false,
    ).reply;
    expect(reply).toMatch(/^No — kq\/r\^2 is the electric field E/);
  });
});

describe('terse shorthand', () => {
  const answers = new KnowledgeAnswers();
  const solved = (q: string) => {
    const first = answers.solve(courseSpelling(q))[0];
    return first?.status === 'solved' ? first.result.id : undefined;
  };

  it('reads a field written as B= and a region written as a<r<b', () => {
    expect(solved('alpha particle 2e5 m/s across B=0.3 T, what radius')).toBe('cyclotron-radius');
    expect(solved('coax with I = 5 A, field at r = 3 mm for a<r<b')).toBe('coax-between');
  });

  it('reads 罗线管 as 螺线管', () => {
    expect(courseSpelling('罗线管通电后里面磁场多大')).toContain('螺线管');
  });
});
