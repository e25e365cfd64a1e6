import { describe, expect, it } from 'vitest';
import type { Citation } from '../retrieval/context.js';
import { KnowledgeAnswers } from './answers.js';
import { leadWithKnowledge } from './rag-lead.js';

// Value questions the lead answers with the student's own numbers: what is asked is computed
// from what is given, never replaced by a result that uses none of it. Not eval wording.
const answers = new KnowledgeAnswers();
const first = (q: string) => (answers.lead(q)?.text ?? '').split('\n\n')[0]!;
const c = 299792458;

describe('a value question is answered from the numbers it gives', () => {
  it('reads a bare letter asked in a wave question as the amplitude its result computes', () => {
    const lead = answers.lead('a radio wave has a peak electric field of 0.3 V/m; what is B?');
    expect(lead?.result.id).toBe('e-over-b');
    expect(
      answers.solve('a radio wave has a peak electric field of 0.3 V/m; what is B?')[0]?.value,
    ).toBeCloseTo(0.3 / c, 15);
    expect(first('for a light wave whose electric amplitude is 45 V/m, find B')).toMatch(/1\.50? × 10⁻⁷ T/);
    // Retrieval ranks a section whose results share too little with the question (polarization):
    // the value the student's numbers compute still leads, on its own section.
    const polarization: Citation = {
      n: 1,
      source: 'en/em-waves-fdtd.md',
      title: 'Electromagnetic waves and FDTD basics',
      section: 'Polarization',
      text: 'Two perpendicular components of E with a phase difference trace an ellipse.',
      score: 0.9,
    };
    const led = leadWithKnowledge(
      'a microwave has a peak electric field of 90 V/m, whats B',
      { reply: 'Quoted passage [1]', citations: [polarization] },
      true,
    );
    expect(led.reply.split('\n\n')[0]).toMatch(/3\.00? × 10⁻⁷ T/);
    expect(led.citations[0]).toMatchObject({ section: 'Plane waves' });
    // No word of a wave: "B" is some other field, not the amplitude from E.
    expect(
      answers.solve('a charge sits in a uniform E of 600 V/m inside a magnet; what is B')[0]?.result.id,
    ).not.toBe('e-over-b');
  });
});
