import { describe, expect, it } from 'vitest';
import type { Citation } from '../retrieval/context.js';
import { leadWithKnowledge } from './rag-lead.js';

const passage = (section: string, score: number, n = 1): Citation => ({
  n,
  source: 'en/magnetostatics.md',
  // As retrieval cites it: the notes' title, and the section within them.
  title: 'Magnetostatics and the Biot–Savart law',
  section,
  text: 'A charge q moving with velocity v through a magnetic field B feels the Lorentz force.',
  score,
});
const composed = (citations: Citation[]) => ({ reply: 'Quoted passage [1]', citations });

describe('the result an answer leads with when the question names none', () => {
  const question = "why can't a magnetic field speed up a charged particle";

  it("is the top retrieved section's result that shares the most of the question's terms", () => {
    const led = leadWithKnowledge(
      question,
      composed([
        passage('Magnetic force on charges and currents', 0.9),
        passage('Field of a straight wire', 0.4, 2),
      ]),
      true,
    );
    // A result of that section (the Lorentz force, whose magnetic part is perpendicular to v),
    // not the wire's field of the weaker passage.
    expect(led.reply.split('\n\n')[0]).toMatch(/perpendicular/);
    expect(led.citations[0]).toMatchObject({ section: 'Magnetic force on charges and currents' });
    expect(led.reply).not.toMatch(/2\\pi s/);
  });

  it('is not taken from a section that shares too little with the question', () => {
    const led = leadWithKnowledge(question, composed([passage('The magnetic vector potential', 0.9)]), true);
    expect(led.citations[0]?.section).not.toBe('The magnetic vector potential');
  });

  it('is none when retrieval found the question off topic and it names no result', () => {
    const off = composed([passage('Magnetic force on charges and currents', 0.9)]);
    expect(leadWithKnowledge(question, off, false)).toBe(off);
  });

  it('is the result the question describes and gives every number for, even when retrieval found it off topic', () => {
    const off = composed([]);
    // Every word group of Gauss's law (flux, a closed box) and the charge to compute it from.
    const led = leadWithKnowledge('how much flux leaves a closed box holding 2 nC', off, false);
    expect(led.reply).toMatch(/226/);
    expect(led.citations[0]?.source).toBe('en/gauss-law.md');
    // Asked how a described result scales with one of its variables.
    const scaled = leadWithKnowledge(
      'the two charges end up four times further apart, so the force goes how',
      off,
      false,
    );
    expect(scaled.reply).toMatch(/1\/16/);
    // Described but with no number to compute it from: still refused.
    expect(leadWithKnowledge('how much flux leaves a closed box', off, false)).toBe(off);
    // Computed only from a medium's index read from its name, with no number of the student's.
    expect(leadWithKnowledge('top speed of a jet ski on water', off, false)).toBe(off);
  });
});

describe('a described result retrieval does not rank first or calls off topic', () => {
  const off = composed([]);

  it('is answered when the question asks a kind the result has its own answer to', () => {
    // Every word group of a charge's circular path in B, and a why it has a reply for.
    const led = leadWithKnowledge(
      'why does a proton moving across a magnetic field go in a circle',
      off,
      false,
    );
    expect(led.reply).toMatch(/perpendicular to the velocity/);
    expect(led.citations[0]?.source).toBe('en/magnetostatics.md');
    // The same words with no kind asked and no number: still refused.
    expect(leadWithKnowledge('a proton moving in a circle in a magnetic field', off, false)).toBe(off);
  });

  it('wins over the top section when retrieval found its own section too', () => {
    const wave = (section: string, score: number, n: number): Citation => ({
      ...passage(section, score, n),
      source: 'en/em-waves-fdtd.md',
      title: 'Electromagnetic waves and FDTD basics',
    });
    const question = 'for electromagnetic waves in vacuum, how big is the b field next to the e amplitude';
    const both = composed([
      wave("From Maxwell's equations to the wave equation", 0.9, 1),
      wave('Plane waves', 0.5, 2),
    ]);
    expect(leadWithKnowledge(question, both, true).reply.split('\n\n')[0]).toMatch(/E = cB/);
    // Its section not found: the top section's result leads, as before.
    const top = composed([wave("From Maxwell's equations to the wave equation", 0.9, 1)]);
    expect(leadWithKnowledge(question, top, true).reply.split('\n\n')[0]).not.toMatch(/E = cB/);
  });
  it('wins over a result of the same top section when only it answers the kind of question asked', () => {
    // The magnetic force section also holds the Lorentz force, which shares more of the words;
    // asked why the path is a circle, the orbit's radius (which says why) leads.
    const section = composed([passage('Magnetic force on charges and currents', 0.9)]);
    const led = leadWithKnowledge(
      'how come a charged particle moving through a uniform magnetic field circles round it',
      section,
      true,
    );
    expect(led.reply.split('\n\n')[0]).toMatch(/^Why: /);
  });
  it('is, of the top section’s results sharing as many words, the one the question describes', () => {
    // B written as its symbol names the magnetic field; the moving charge's force, not the
    // Lorentz force it is a case of, and its size along B is zero.
    const section = composed([passage('Magnetic force on charges and currents', 0.9)]);
    const led = leadWithKnowledge('a charge moving parallel to B, any force?', section, true);
    expect(led.reply.split('\n\n')[0]).toMatch(/zero for motion along B/);
  });
});

describe('a result named only by a word that is also an everyday word', () => {
  const off = composed([]);

  it('does not lead when retrieval found the question off topic', () => {
    // "conductor" of a train, "intensity" of a training plan, 波长 of two friends.
    for (const q of [
      'does the conductor on the night train check tickets twice',
      'what intensity should a beginner rowing plan start at',
      '我和室友波长不合，要不要换宿舍',
    ]) {
      expect(leadWithKnowledge(q, off, false)).toBe(off);
    }
  });

  it('still leads when it is named by a name of its own, or retrieval agrees', () => {
    const named = leadWithKnowledge('the field inside a conductor, quick question', off, false);
    expect(named.reply).toMatch(/field inside a conductor is zero/);
    const agreed = leadWithKnowledge('what intensity does a wave of amplitude 30 V/m carry', off, true);
    expect(agreed.reply).not.toBe(off.reply);
  });
});

describe('a question retrieval found off topic that names a topic the course does not teach', () => {
  it('is refused even when it names a result outright', () => {
    const off = composed([]);
    const question = 'is malus a good name for a rescue greyhound';
    expect(leadWithKnowledge(question, off, false, true)).toBe(off);
    // Without the foreign topic the name still leads (a bare "malus law pls").
    expect(leadWithKnowledge('malus law pls', off, false, false)).not.toBe(off);
  });
});

describe('a claim narrowing the top section’s result, both replying to the kind asked', () => {
  it('leads over the broader result: a bigger surface keeps the flux', () => {
    const statement: Citation = {
      n: 1,
      source: 'en/gauss-law.md',
      title: "Gauss's law",
      section: 'Choosing a Gaussian surface',
      text: 'Gauss’s law is always true, but it only gives the field directly when symmetry lets E come out of the integral.',
      score: 0.9,
    };
    const led = leadWithKnowledge(
      'suppose I swap my gaussian sphere around the point charge for a larger one, would the flux through it change',
      composed([statement]),
      true,
    );
    expect(led.reply).toMatch(/^No: the flux depends only on the enclosed charge/);
    // Cited on its own section, the statement of the law.
    expect(led.citations[0]).toMatchObject({ section: "Statement of Gauss's law" });
  });
});
