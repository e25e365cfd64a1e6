import { describe, expect, it } from 'vitest';
import { KnowledgeAnswers } from './answers.js';

// Conceptual questions of a kind (yes/no, why) about a claim of the notes, in wording from no
// evaluation set: the claim's reply leads, only where its `about` words say it is the one asked.
const answers = new KnowledgeAnswers();
const first = (q: string) => (answers.lead(q)?.text ?? '').split('\n')[0]!;
const about = (q: string) => answers.lead(q)?.result.id;

describe('claims that answer a conceptual question', () => {
  it('says the flux does not depend on the size or shape of the closed surface', () => {
    expect(
      first('suppose the gaussian surface is a larger cube around that charge, is the flux different'),
    ).toMatch(/^No: the flux depends only on the enclosed charge/);
    expect(first('高斯球面扩大一倍，里面电荷不变，通量会变吗')).toMatch(/^不会/);
  });

  it('says a magnet’s pole cannot be had on its own: no monopoles', () => {
    expect(first('can a magnet be broken so that a north pole is left by itself')).toMatch(/^No: .*monopole/);
    expect(first('把磁铁分开能得到单独的N极吗')).toMatch(/^不能/);
    // One magnet is not one pole.
    expect(first('does a single magnet always have a north pole')).not.toMatch(/^No/);
  });

  it('says only the enclosed current counts in Ampère’s law', () => {
    expect(first('does a current outside the amperian loop count in the integral')).toMatch(
      /^No: only the current/,
    );
    expect(first('回路外的电流要不要计入安培环路定理')).toMatch(/^不算/);
    // Asked whether it changes B on the loop (it does): no "No".
    expect(first('does a current outside the amperian loop change B on the loop')).not.toMatch(/^No/);
    // Outside a wire is where B is found, not a current left out of the loop.
    expect(about('using ampère’s law, B outside a straight wire with current I')).not.toBe(
      'ampere-outside-current',
    );
  });

  it('says why an iron core raises a coil’s inductance: μ_r', () => {
    expect(about('why does putting iron inside a solenoid raise its inductance')).toBe('iron-core');
    expect(first('why does putting iron inside a solenoid raise its inductance')).toMatch(/^Why: .*μ_r/);
    // The inductance asked alone stays the solenoid's.
    expect(about('inductance of a long solenoid')).toBe('solenoid-inductance');
  });

  it('says why images are allowed, however the student says it', () => {
    expect(first('why is the method of images legit, it seems like a cheat')).toMatch(/uniqueness theorem/);
    expect(first('镜像电荷这招靠谱吗，为什么')).toMatch(/唯一性定理/);
  });

  it('says light from air into a denser medium is never totally reflected', () => {
    expect(first('can light coming from air into glass undergo total internal reflection')).toMatch(/^No: /);
    expect(first('光从空气斜射入玻璃，会不会全反射')).toMatch(/^不能/);
    // From glass out into air it can: no "No".
    expect(first('can light going from glass into air be totally internally reflected')).not.toMatch(/^No/);
  });
});
