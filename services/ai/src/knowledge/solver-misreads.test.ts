import { describe, expect, it } from 'vitest';
import { solve } from './solver.test-support.js';

// Classes of wrong answer found on the blind sets fresh16 and fresh17, worded afresh.
describe('a labelled part takes only the numbers given up to it', () => {
  it('does not solve part (a) with a distance that part (b) gives', () => {
    // Solved back from the axis field at z = 12 cm, part (a) would assert I ≈ 28.0 A (the centre needs 1.59 A).
    const reply = solve(
      'A circular coil of 40 turns has radius 5.0 cm. (a) What current makes the field at its centre 0.80 mT? (b) At that current, how strong is the field on the axis 12 cm from the centre?',
    );
    expect(reply).not.toMatch(/28\.0\s*A/);
  });

  it('does not answer the first wire’s field at the second wire’s distance', () => {
    // μ₀·20/(2π·0.08) = 5.00 × 10⁻⁵ T at 8 cm, where (a) asks at 5 cm.
    const reply = solve(
      'A long straight wire carries 20 A. (a) Find the magnetic field 5.0 cm from it. (b) A second long wire, parallel to the first and 8.0 cm away, carries 5.0 A. What is the force per metre on the second wire?',
    );
    expect(reply).not.toContain('5.00 × 10⁻⁵ T');
  });
});

describe('a root-mean-square value is not an amplitude', () => {
  it('gives no peak field from an rms one, in English and Chinese', () => {
    // 90/c = 3.00 × 10⁻⁷ T and 30/c = 1.00 × 10⁻⁷ T would take the rms values for amplitudes.
    expect(
      solve('An EM wave in vacuum has an rms electric field of 90 V/m. What is its peak magnetic field?'),
    ).not.toContain('3.00 × 10⁻⁷');
    expect(solve('真空中电磁波电场的有效值是 30 V/m，求磁感应强度的振幅。')).not.toContain('1.00 × 10⁻⁷');
  });
});

describe('several sources given once with "each" are not one source', () => {
  it('gives no one-charge field or potential for charges at three vertices of a square', () => {
    // k·3 nC/(4 cm)² = 16900 V/m and k·3 nC/(4 cm) = 674 V are one charge's, not the three charges' together.
    const reply = solve(
      'Three identical point charges, +3 nC each, sit on three vertices of a square of side 4 cm. (a) Find the electric field magnitude at the fourth vertex. (b) Find the potential there.',
    );
    expect(reply).not.toContain('16900');
    expect(reply).not.toContain('674 V');
  });

  it('gives no one-sheet field for two current sheets', () => {
    // μ₀·150/2 = 9.42 × 10⁻⁵ T is one sheet's field; between two opposite sheets it is twice that.
    const reply = solve('两块平行的大电流片，面电流密度都是 150 A/m，方向相反，求两板之间的磁感应强度。');
    expect(reply).not.toContain('9.42 × 10⁻⁵');
  });
});

describe('an earlier part’s length is not taken for another length', () => {
  it('does not use a wavelength as the FDTD cell size', () => {
    // With Δ = λ = 0.150 m, Δt = λ/(c√2) = 3.54 × 10⁻¹⁰ s; the cells are 25 to a wavelength.
    const reply = solve(
      'A 2.0 GHz source drives a 2D FDTD grid in vacuum with 25 cells per wavelength. Find (a) the wavelength and (b) the largest stable time step.',
    );
    expect(reply).not.toContain('3.54 × 10⁻¹⁰');
  });
});
