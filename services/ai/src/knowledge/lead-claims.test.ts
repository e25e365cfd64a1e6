import { describe, expect, it } from 'vitest';
import type { Citation } from '../retrieval/context.js';
import { KnowledgeAnswers } from './answers.js';
import { leadWithKnowledge } from './rag-lead.js';

// Conceptual questions whose answer is a claim of the notes (results without a number): a yes or
// no, what happens if, a fraction. The questions are not from the eval sets.
const answers = new KnowledgeAnswers();
const first = (q: string) => (answers.lead(q)?.text ?? '').split('\n')[0]!;
const about = (q: string) => answers.lead(q)?.result.id;

describe('claims of the notes that lead the answer', () => {
  it('says the field reaches past a totally reflecting interface as an evanescent wave', () => {
    expect(about('under total internal reflection is the field exactly zero in the second medium')).toBe(
      'evanescent',
    );
    expect(first('全反射时光能不能穿透到另一侧')).toContain('倏逝波');
    // Total internal reflection asked alone stays the condition for it.
    expect(about('what is total internal reflection')).toBe('tir');
  });

  it('says R + T = 1 at a lossless interface, yes when asked', () => {
    expect(
      first('at a lossless boundary, do the reflected and transmitted fractions always add up to one'),
    ).toMatch(/^Yes/);
    expect(first('无损耗介质的反射率和透射率相加总是1吗')).toMatch(/^是的/);
    // Asked of an absorbing interface, no "yes": the statement says when it holds.
    expect(first('does the reflectance plus transmittance still give 1 when the glass absorbs')).toMatch(
      /^For lossless media/,
    );
  });

  it('says a charge outside a closed surface adds no net flux', () => {
    expect(
      first('suppose a point charge sits just outside a closed box, does that alter the net flux'),
    ).toMatch(/^No:/);
    expect(first('高斯面外面放一个点电荷，穿过高斯面的通量会变吗')).toMatch(/^不会/);
  });

  it('says Gauss’s law alone cannot give E without symmetry', () => {
    expect(first("can you get the field of a finite charged rod straight from gauss's law")).toMatch(/^No:/);
    expect(first('一段有限长的带电细棒，可以用高斯定理求电场吗')).toMatch(/^不能/);
  });

  it('states the field at the end of a long solenoid, half the centre’s', () => {
    expect(about('how does B at either end of a long solenoid compare with its centre')).toBe('solenoid-end');
    expect(first('长螺线管管口处的磁感应强度是中心的几倍')).toContain('一半');
    // The solenoid alone stays its field inside.
    expect(about('magnetic field inside a long solenoid')).toBe('solenoid-field');
  });
});

describe('the kind of question after a condition', () => {
  it('reads a yes/no question whose condition has no comma before it', () => {
    expect(first('if a charge sits outside my closed surface does it contribute to the flux')).toMatch(
      /^No:/,
    );
    // Another kind asked after the condition: no yes or no.
    expect(first('if a charge sits outside my closed surface what is the flux through it')).not.toMatch(
      /^No/,
    );
  });
});

describe('a scaling question states the factor', () => {
  const inductance: Citation = {
    n: 1,
    source: 'en/solenoids.md',
    title: 'Solenoids and inductance',
    section: 'Inductance of a solenoid',
    text: 'Each turn of a long solenoid links the flux Φ = B A = μ₀ n I A.',
    score: 0.9,
  };

  it('of the result of the top section whose variable it scales, when it names none', () => {
    const led = leadWithKnowledge(
      'what happens to L if my coil is wound with three times the turns',
      { reply: 'Quoted passage [1]', citations: [inductance] },
      true,
    );
    expect(led.reply.split('\n')[0]).toMatch(/inductance L becomes 9 times/);
  });

  it('of the variable scaled, not of one the question holds', () => {
    expect(first('the inductance of a solenoid with four times the turns, its length kept the same')).toMatch(
      /inductance L becomes 16 times/,
    );
    expect(first('螺线管长度保持不变，匝数变为三倍，自感怎么变')).toContain('变为原来的 9 倍');
  });

  it('of every variable tied to the scaled one when the question scales each of them', () => {
    expect(first('both point charges are doubled at a fixed separation: what becomes of the force')).toMatch(
      /force F becomes 4 times/,
    );
    expect(first('两个点电荷的电量都变为三倍，间距保持不变，静电力如何变化')).toContain('变为原来的 9 倍');
    // One charge only: the other stays, the force follows it alone.
    expect(first('only one of the two charges is doubled, same separation; the force?')).toMatch(
      /force F becomes 2 times/,
    );
  });

  it('of the result whose quantity it asks for, not of the one it names', () => {
    expect(
      first('I double the current in my solenoid; by what factor does the energy it stores grow'),
    ).toMatch(/stored energy U becomes 4 times/);
    expect(first('螺线管中的电流变为原来的三倍，它储存的能量如何变化')).toContain('变为原来的 9 倍');
  });

  it('through a variable the result derives from the scaled one (n = N/L)', () => {
    expect(first('what does tripling the number of turns of a solenoid do to the field inside')).toMatch(
      /magnetic field B becomes 3 times/,
    );
  });
});

describe('an either-or question is answered by the alternative the notes give', () => {
  it('says E points toward lower potential, asked which of the two', () => {
    expect(first('does the potential go up or go down as you follow the field')).toMatch(
      /^Toward lower potential/,
    );
    expect(first('顺着电场线方向，电势是升高还是降低')).toMatch(/^指向低电势/);
    // "or not" leaves a yes/no question: no choice between two.
    expect(first('is E directed toward lower potential or not')).not.toMatch(/^Toward/);
  });

  it('answers it from the knowledge base when retrieval found no passage for its comparatives', () => {
    const led = leadWithKnowledge(
      'is the field directed at the higher potential or at the lower one',
      { reply: 'Not found in the notes.', citations: [] },
      false,
    );
    expect(led.reply).toMatch(/^Toward lower potential/);
    expect(led.citations[0]?.source).toBe('en/electrostatics.md');
  });

  it('says which edge of a toroid’s core has the stronger field, and no "No" to a yes/no about the edges', () => {
    expect(first('is the field inside a toroid stronger near the inner edge or the outer edge')).toMatch(
      /^Stronger at the inner edge/,
    );
    // The inner edge's own result (toroid-inner) may lead instead: it says the same, largest at a.
    expect(first('螺绕环截面上内侧磁场强还是外侧强')).toMatch(/^内侧更强|在内半径 a 处最大/);
    expect(first('螺绕环截面上内侧磁场强还是外侧强')).not.toMatch(/外侧更强|在外半径 b 处最大/);
    expect(first('is B stronger at the inner edge of a toroid than at the outer edge')).not.toMatch(/^No/);
  });
});

describe('a yes/no question opening with a place', () => {
  it('reads the question after the place, with no comma before it', () => {
    expect(first('at a spot of zero potential is E zero too')).toMatch(/^Not necessarily/);
    expect(first('within the core of a toroid is the field uniform')).toMatch(/^No, it is not uniform/);
    expect(first('螺绕环里的磁场在截面上处处一样吗')).toMatch(/^不均匀/);
    // Asked another thing of the place, or a question the reply is not about: no "No".
    expect(first('outside a toroid is B zero')).not.toMatch(/^No/);
    expect(first('in which cases is the potential zero')).not.toMatch(/^Not necessarily/);
  });
});

describe('why the Yee cell staggers E and H', () => {
  it('leads with the central differences the staggering gives', () => {
    expect(first('how come the E and H components of a Yee cell are offset by half a cell')).toMatch(
      /^Why: so that each curl is a central difference/,
    );
    expect(first('为什么Yee元胞里电场和磁场要交错放置')).toMatch(/^原因：.*中心差分/);
  });
});
