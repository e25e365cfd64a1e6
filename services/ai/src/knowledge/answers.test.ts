import { describe, expect, it } from 'vitest';
import { KnowledgeAnswers } from './answers.js';

const answers = new KnowledgeAnswers();
const solve = (q: string) => answers.workedSolution(q) ?? '';

describe('answers from the course knowledge', () => {
  it('checks the region: inside a solid sphere is not the point-charge field', () => {
    const reply = solve(
      'A solid sphere of radius R = 10 cm carries a uniformly distributed charge Q = 2 μC. Find the electric field at r = 5 cm from the centre (inside the sphere).',
    );
    expect(reply).toContain('E = 899000 N/C');
    expect(reply).toContain('inside the sphere (r < R)');
    expect(reply).not.toContain('1.80');
    // Outside, the same sphere is a point charge.
    expect(
      solve(
        'A sphere of radius 10 cm has total charge 2 μC spread uniformly. What is the field 20 cm from its centre?',
      ),
    ).toContain('E = 449000 N/C');
  });

  it('reads quantities written in words and with powers of ten', () => {
    expect(
      solve(
        'An electron moves at 3×10^6 m/s perpendicular to a 0.01 T magnetic field. What is the radius of its path?',
      ),
    ).toContain('r = 0.00171 m (1.71 mm)');
    expect(
      solve('A solenoid half a metre long has four hundred turns and carries 3 A. What is the field inside?'),
    ).toContain('B = 0.00302 T');
  });

  it('answers every part in order, in the language asked', () => {
    const en = solve(
      'A long solenoid has 1000 turns per metre and 2 A. Find the field inside and the magnetic energy density.',
    );
    expect(en.indexOf('B = 0.00251 T')).toBeGreaterThan(0);
    expect(en.indexOf('u_B = 2.51 J/m³')).toBeGreaterThan(en.indexOf('B = 0.00251 T'));
    const zh = solve('点电荷 4 纳库，求距离 20 厘米处的场强和电势');
    expect(zh).toMatch(/^\*\*解题过程\*\*/);
    expect(zh).toContain('E = 899 V/m，方向背离电荷');
    expect(zh).toContain('V = 180 V');
    // No English outside the TeX.
    expect(zh.replace(/\$\$[\s\S]*?\$\$/g, '')).not.toMatch(/[A-Za-z]{4,}/);
  });

  it('says what is missing instead of guessing a number', () => {
    const reply = solve('A solenoid carries 2 A. What is the field inside?');
    expect(reply).toContain('I also need turns per metre');
    expect(reply).not.toMatch(/\*\*Result/);
  });

  it('leads a tutor answer with the result, the formula in TeX and the student’s numbers', () => {
    const lead = answers.lead('mag field at the center of a ring of wire, radius 5 cm, 2 amps?');
    expect(lead?.result.id).toBe('loop-centre');
    expect(lead?.text).toMatch(/^\*\*magnetic field: B = 2\.51 × 10⁻⁵ T \(25\.1 μT\)\*\*/);
    expect(lead?.text).toContain('$$B = \\frac{\\mu_0 I}{2R}$$');
    expect(answers.lead('in a light wave are E and B in phase or 90 degrees out of phase')?.text).toMatch(
      /^In a plane wave E and B oscillate in phase/,
    );
    expect(answers.lead('为什么说变化的电场也能产生磁场')?.result.id).toBe('displacement-current');
    expect(answers.lead('critical angle going from glass into air?')?.text).toContain('41.8°');
    expect(
      answers.lead('if i double the distance between two charges does the force go to half?')?.text,
    ).toContain('one quarter');
  });

  it('states the formula with a variable the question fixes, though nothing else is given', () => {
    // Only the number of dimensions: the limit for a 2-D grid, Δt = Δ/(c√2).
    const opening = (q: string) => answers.lead(q)?.text.split('\n\n')[0] ?? '';
    const en = opening('largest stable dt on a two-dimensional square FDTD mesh?');
    expect(en).toContain('\\sqrt{2}');
    expect(en).toContain('0.707');
    // Read from 三维: the same for a 3-D grid, Δt = Δ/(c√3) ≈ 0.577 Δ/c.
    const zh = opening('用三维 Yee 网格跑 FDTD，稳定的时间步上限是多少？');
    expect(zh).toContain('D = 3');
    expect(zh).toContain('0.577');
    // Two numbers of one kind could each be the one meant: none is put in the formula.
    expect(opening('FDTD in 2-D or 3-D: what is the largest stable time step?')).not.toMatch(/0\.577|0\.707/);
  });
});
