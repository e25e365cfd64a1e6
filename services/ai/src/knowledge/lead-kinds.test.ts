import { describe, expect, it } from 'vitest';
import { KnowledgeAnswers } from './answers.js';

// The kinds of question the lead recognises beyond "state the result": scaling, comparison, a
// refinement of a named result, and quantities a student leaves implicit. The questions are not
// from the eval sets.
const answers = new KnowledgeAnswers();
const first = (q: string) => (answers.lead(q)?.text ?? '').split('\n\n')[0]!;
const solved = (q: string) => answers.solve(q).find((o) => o.status === 'solved');

describe('what the lead answers first', () => {
  it('answers a scaling question with the factor computed from the result’s expression', () => {
    expect(first('what happens to the force if the distance between the charges is quadrupled')).toMatch(
      /^If the distance between the charges \(r\) becomes 4 times what it was, the force F becomes 1\/16 of what it was\./,
    );
    expect(first('离长直导线的距离变为三倍，磁场怎么变')).toContain('变为原来的 1/3');
    // No scaling word near a variable: the statement leads as before.
    expect(first("what is coulomb's law")).toMatch(/^Two point charges/);
  });

  it('states each result a comparison names, in the first paragraph', () => {
    const lead = first("how is poisson's equation different from laplace's equation");
    expect(lead).toContain('ρ/ε₀');
    expect(lead).toContain('∇²V = 0');
    // Two forms of one result named by the same words are stated once.
    const inductance = first('self-inductance compared with the inductance of a long solenoid');
    expect(inductance.split('L = μ₀N²A/ℓ').length).toBeLessThanOrEqual(2);
  });

  it('prefers the result that refines a named broader one', () => {
    expect(answers.lead('laplace equation: why is the solution unique')?.result.id).toBe('uniqueness');
    expect(answers.lead('拉普拉斯方程的有限差分解法')?.result.id).toBe('finite-difference');
    // A hollow shell is the special case of a charged sphere (均匀带电球 and 球壳 both named).
    expect(answers.lead('均匀带电球壳里面的场强')?.result.id).toBe('shell-inside');
    expect(answers.lead('均匀带电球体内部的场强')?.result.id).toBe('sphere-inside');
    // The broader result alone stays the answer.
    expect(answers.lead("state laplace's equation")?.result.id).toBe('laplace');
  });

  it('reads what a student leaves implicit, and never mistakes an area for a length', () => {
    // A count before a quantity gives it to both charges.
    expect(solved('force between two 2 μC charges 30 cm apart')?.value).toBeCloseTo(0.3995, 3);
    // Light going "into" a medium with no other named comes from air.
    expect(solved('light enters diamond at 40 degrees, refraction angle?')?.value).toBeCloseTo(15.41, 1);
    // A written index belongs to the medium whose index it is, in the order the light meets them.
    expect(solved('critical angle, diamond to air, n = 2.42')?.value).toBeCloseTo(24.41, 1);
    // "per metre" after a charge makes it a charge per length: a line charge, not a point charge.
    const line = solved('electric field 10 cm from a line charge of 5 nC per metre');
    expect(line?.result.id).toBe('line-charge');
    expect(line?.value).toBeCloseTo(5e-9 / (2 * Math.PI * 8.8541878128e-12 * 0.1), 6);
    // cm² is an area, not a radius of 3 cm: the inductance from the area.
    const coil = solved('inductance of a 100 turn coil 5 cm long with cross-section 3 cm²');
    expect(coil?.result.id).toBe('solenoid-inductance-area');
    expect(coil?.value).toBeCloseTo((4e-7 * Math.PI * 100 ** 2 * 3e-4) / 0.05, 9);
    // With a radius, the radius form.
    expect(solved('inductance of a 100 turn coil 5 cm long, radius 1 cm')?.result.id).toBe(
      'solenoid-inductance',
    );
  });

  it('leads a why, when or yes/no question with the result’s reply of that kind, before its statement', () => {
    // Yes/no: the no and its reason lead; the statement still follows.
    const asked = 'is E zero everywhere on a gaussian surface with nothing inside it';
    expect(first(asked)).toMatch(/^Not necessarily: /);
    expect(first(asked)).toContain(answers.lead(asked)!.result.statement.en);
    // "When", opening a clause after the name.
    expect(first("ampere's law - when does it actually give you B")).toMatch(/only when symmetry/);
    // Why, in Chinese anywhere in the question.
    expect(first('螺线管外部B很小，这是为什么')).toMatch(/^长螺线管的磁感线/);
    // A kind the result has no reply for, or no kind at all: the statement leads as before.
    expect(first("why is coulomb's law an inverse square")).toMatch(/^Two point charges/);
    expect(first("state ampere's law")).toMatch(/^Ampère's law:/);
    // "is" inside a clause is not a yes/no question.
    expect(first('what the field of a long solenoid is')).toMatch(
      /^Inside a long solenoid|^The field inside/,
    );
  });

  it('names a result written as its equation or with a possessive typed without the apostrophe', () => {
    expect(answers.lead('what does ∇·B = 0 tell us')?.result.id).toBe('no-monopoles');
    expect(answers.lead('explain curl E = -dB/dt')?.result.id).toBe('faraday-law');
    expect(answers.kb.match('gauss law vs coulombs law')[0]).toMatchObject({ named: true });
  });

  it('answers the common why, when and yes/no questions about a result with its own reply of that kind', () => {
    // Why a dipole turns but does not move: the two forces cancel and form a couple.
    expect(first('why is there a torque on a dipole when the net force is zero')).toMatch(
      /^Why: .*equal and opposite that cancel/,
    );
    // Why Gauss's and Ampère's laws need symmetry: E (B) must come out of the integral.
    expect(first('why is gauss law only handy for symmetric charge distributions')).toMatch(
      /^Because Gauss's law gives only the total flux/,
    );
    expect(first('为什么安培环路定理只适合对称的情况')).toMatch(/^因为安培环路定理只给出环量/);
    expect(first("when does gauss's law actually let you find E")).toMatch(/only with symmetry/);
    // Why no field outside a coax: equal and opposite currents enclose zero net current.
    expect(first('why is there no magnetic field outside a coax cable')).toMatch(
      /equal currents in opposite/,
    );
    // Is V zero inside a conductor: constant, its surface value, not zero.
    expect(first('is the potential inside a charged conductor zero')).toMatch(/potential need not be/);
    // Asked how they differ, field and potential: a vector against a scalar.
    const lead = first('electric field vs electric potential, what is the difference');
    expect(lead).toMatch(/vector/);
    expect(lead).toMatch(/scalar/);
  });

  it('recognises a result by the everyday words students describe it with', () => {
    // A simulation blowing up is the Courant limit; instability words alone are not.
    expect(answers.lead('my yee grid simulation diverges to NaN after a while')?.result.id).toBe('courant');
    expect(answers.lead('an unstable simple pendulum')?.result.id).not.toBe('courant');
    // Properties of the solutions of Laplace's equation: the mean-value property.
    expect(answers.lead("what properties do solutions of laplace's equation have")?.result.id).toBe(
      'harmonic-mean-value',
    );
    // The electric and magnetic amplitudes of a wave: B = E/c from the student's E.
    expect(solved('E field amplitude of 600 V/m, what is the amplitude of B')?.value).toBeCloseTo(
      600 / 299792458,
      12,
    );
  });

  it('computes the field just outside a conductor and the force of a grounded plane on a charge', () => {
    const eps0 = 8.8541878128e-12;
    const surface = solved('field just outside a charged conductor, surface charge density 2 μC/m²');
    expect(surface?.result.id).toBe('conductor');
    expect(surface?.value).toBeCloseTo(2e-6 / eps0, 0);
    const image = solved('a 2 nC charge sits 5 cm above a grounded metal plane, force on it?');
    expect(image?.result.id).toBe('image-plane');
    expect(image?.value).toBeCloseTo(2e-9 ** 2 / (16 * Math.PI * eps0 * 0.05 ** 2), 9);
  });
  it('answers the why of a result that has one before its statement, and the narrower case asked', () => {
    // One more power of r: the field is the derivative of the potential.
    expect(first('how come the potential of a charge falls as 1/r when its field falls as 1/r²')).toMatch(
      /^Why: the field is minus the derivative/,
    );
    // Which of the two is the vector: the result that compares field and potential.
    expect(answers.lead('potential: a scalar quantity or a vector one?')?.result.id).toBe('field-potential');
    expect(first('how come the speed of light comes out of mu0 and epsilon0')).toMatch(/wave equation/);
    expect(first('how come a hollow charged ball has no field in its cavity')).toMatch(/encloses no charge/);
    // The minus sign of Faraday's law is Lenz's law; a grounded sphere is its own image problem.
    expect(answers.lead("what does the negative sign in faraday's law tell us")?.result.id).toBe('lenz-law');
    expect(answers.lead('image charge for a point charge near an earthed metal sphere')?.result.id).toBe(
      'image-sphere',
    );
    // A colloquial "when" (啥时候) asks when, as 什么时候 does.
    expect(first('高斯定理啥时候才好用')).toMatch(/对称/);
  });
  it('takes air as the other medium when a question names one medium and no direction', () => {
    // Brewster's angle of a material is for light reflected off it from air; written "n 2.42".
    const diamond = "at what incidence does light off a diamond surface (n 2.42) hit Brewster's condition";
    expect(solved(diamond)?.value).toBeCloseTo(67.55, 1);
    // The critical angle of a material is for light inside it going out into air.
    const trapped = 'inside a glass block of n = 1.5, past what angle does the critical angle trap the light';
    expect(solved(trapped)?.value).toBeCloseTo(41.81, 1);
    // Light leaving the one medium named, or inside it, goes into air.
    expect(solved('light leaving glass (n = 1.5): its brewster angle')?.value).toBeCloseTo(33.69, 1);
    // A direction word beside a medium it does not know: the side is unknown, no number.
    expect(solved('brewster angle for light inside quartz, n = 1.46')).toBeUndefined();
  });
  it('computes the peak field a wave’s intensity asks for, I = ½cε₀E₀² read backwards', () => {
    const peak = solved('a microwave beam delivers 250 W/m², how large is the electric amplitude');
    expect(peak?.result.id).toBe('wave-amplitude');
    expect(peak?.value).toBeCloseTo(Math.sqrt((2 * 250) / (299792458 * 8.8541878128e-12)), 3);
    // Given the amplitude, the intensity as before.
    expect(solved('peak E of 50 V/m in a radio wave: intensity?')?.result.id).toBe('wave-intensity');
  });
  it('answers a why or yes/no question with the reply written for it, and only a question about that', () => {
    // V = 0 is a reference, E = −∇V: a zero potential says nothing of the field.
    expect(first('if the potential at some point is 0, does the field there have to vanish')).toMatch(
      /^Not necessarily/,
    );
    // A flow of charge across the gap? No: a changing field. Asked what it does, no "No".
    expect(first('does displacement current involve charges actually crossing the capacitor gap')).toMatch(
      /^No: /,
    );
    expect(first('does the displacement current produce a magnetic field')).not.toMatch(/^No: /);
    // The mean-value property is why; the polarizations agree at normal incidence for want of a plane.
    expect(first('how come V never has a local maximum away from the charges')).toMatch(/average/);
    expect(first('why would s and p light reflect the same amount at normal incidence')).toMatch(
      /plane of incidence/,
    );
    expect(first('why is about 4% of the light reflected at normal incidence on glass')).not.toMatch(
      /plane of incidence/,
    );
    // Each side of the coil gives half; images are allowed by uniqueness.
    expect(first('螺线管端部的磁场为什么是中心的一半')).toMatch(/叠加/);
    expect(first('why is the method of images allowed at all')).toMatch(/uniqueness theorem/);
    // The converse of Gauss's law: E = 0 on the surface says only that the net charge inside is zero.
    expect(
      first('if E vanishes at every point of a gaussian surface, must it be empty of charge inside'),
    ).toMatch(/net charge inside is zero/);
  });
  it('reads a current sheet and a largest FDTD time step as students write them', () => {
    expect(solved('无限大载流平面 K = 4 A/m 产生的磁场')?.value).toBeCloseTo(4e-7 * Math.PI * 2, 12);
    expect(solved('电流面两边的磁场有多强，K 取 3 A/m')?.result.id).toBe('current-sheet');
    const step = solved('max time step for a 2d yee grid of 0.5 mm cells');
    expect(step?.result.id).toBe('courant');
    expect(step?.value).toBeCloseTo(0.5e-3 / (299792458 * Math.SQRT2), 16);
  });
  it('sums the fields of two charges at the point halfway between them, never one charge at their separation', () => {
    const k = 8.9875517923e9;
    const apart = solved(
      'a +6 nC charge and a -2 nC charge are 8 cm apart: how strong is the field halfway between them',
    );
    expect(apart?.result.id).toBe('midpoint-field');
    expect(apart?.value).toBeCloseTo((k * 8e-9) / 0.04 ** 2, 0);
    expect(first('a +6 nC charge and a -2 nC charge are 8 cm apart: field halfway between them')).toContain(
      'toward the second',
    );
    // Two equal charges ("two identical", 两个相同的: one value for both): the fields cancel at the midpoint.
    expect(solved('force between two identical 4 nC charges 3 cm apart')?.value).toBeCloseTo(
      (k * 16e-18) / 0.03 ** 2,
      9,
    );
    expect(solved('两个相同的 5 nC 电荷相距 10 cm，中点的场强')?.value).toBe(0);
  });
  it('gives no force per metre for the field asked between two parallel wires', () => {
    expect(solved('magnetic field halfway between two parallel wires, 2 A each, 6 cm apart')).toBeUndefined();
    expect(solved('两根平行导线相距 6 cm，各通 2 A，它们之间的磁场')).toBeUndefined();
    // Asked the force, the force as before.
    expect(solved('two parallel wires 6 cm apart with 2 A each: force on each metre')?.value).toBeCloseTo(
      (4e-7 * Math.PI * 4) / (2 * Math.PI * 0.06),
      12,
    );
  });
  it('takes a second charge of a ±q pair as a second source, except for a dipole', () => {
    // A point charge's potential would ignore the −4 nC: no number.
    expect(
      solved('a +4 nC and a -4 nC charge sit 6 cm apart; potential at the point halfway between them'),
    ).toBeUndefined();
    expect(solved('what dipole moment do +1 nC and -1 nC charges 2 mm apart have')?.value).toBeCloseTo(
      2e-12,
      15,
    );
  });
  it('answers a question asking how a result is derived with the reason written for it', () => {
    expect(first('光速 c 是如何推导出来的')).toMatch(/^原因：.*波动方程/);
    expect(first('derive the speed of light from the constants of electricity and magnetism')).toMatch(
      /^Why: .*wave equation/,
    );
  });

  it('gives the direction of the field at a charged conductor beside its size', () => {
    expect(first('what is E right outside the surface of a charged conductor')).toContain(
      'perpendicular to the surface',
    );
    expect(first('金属导体表面附近的电场有多强')).toContain('垂直于表面');
  });
  it('reads the field written as its bare symbol E beside the potential', () => {
    expect(answers.lead('where the potential is zero, must E = 0 as well')?.result.id).toBe(
      'field-potential',
    );
    expect(first('can the potential be nonzero at a spot where E is zero')).toMatch(/^Not necessarily/);
  });
  it('gives each compared result its reply to the kind asked, not only the first named', () => {
    const lead = first("biot-savart law versus ampere's law: when should each be used?");
    expect(lead).toContain('symmetry');
    expect(lead).toContain('I dl × r̂');
  });
  it('computes the inductance of a named solenoid asked as 电感, and never reads it inside 静电感应', () => {
    // μ₀N²A/ℓ with N = 1000, A = 5 cm², ℓ = 0.5 m.
    expect(solved('螺线管长50厘米，共1000匝，横截面5cm²，求电感')?.value).toBeCloseTo(
      (4e-7 * Math.PI * 1000 ** 2 * 5e-4) / 0.5,
      8,
    );
    expect(answers.lead('静电感应使导体两端带什么电')?.result.id).not.toMatch(/inductance/);
    expect(first('静电感应跟接触起电有什么不同')).not.toContain('μ₀N²A');
  });
});
