import { describe, expect, it } from 'vitest';
import { read, solve } from './solver.test-support.js';

describe('a charge per volume', () => {
  it('is read as a volume charge density, not a charge per length', () => {
    expect(read('ρ = 3 nC/m³ and 2 μC/m^3')).toEqual([
      ['volumecharge', 3e-9],
      ['volumecharge', 2e-6],
    ]);
  });
});

describe('a long uniformly charged cylinder', () => {
  it('gives ρs/(2ε₀) inside and ρR²/(2ε₀s) outside, each at its own distance from the axis', () => {
    const reply = solve(
      'An infinitely long rod of radius 4.0 cm is filled with charge of density 3.0 μC/m³. Work out E at 2.0 cm and 10 cm from the axis.',
    );
    // 3e-6 · 0.02 / (2ε₀) and 3e-6 · 0.04² / (2ε₀ · 0.10).
    expect(reply).toContain('E = 3390 N/C, pointing away from the axis');
    expect(reply).toContain('E = 2710 N/C, pointing away from the axis');
  });

  it('gives the inside field in Chinese', () => {
    const reply = solve(
      '半径为 5.0 cm 的无限长圆柱体内均匀分布着体电荷密度为 −2.0 μC/m³ 的电荷，求离轴线 3.0 cm 处的场强。',
    );
    expect(reply).toContain('E = 3390 N/C，方向指向轴线');
  });

  it('takes no distance from the surface as one from the axis', () => {
    const reply = solve(
      'A long cylinder of radius 3.0 cm with its axis along z holds 6.0 μC/m³ of charge. What field is there 2.0 cm beyond its surface?',
    );
    expect(reply).not.toMatch(/\*\*Result:\*\*/);
  });
});

describe('a body with an inner and an outer radius', () => {
  it('is not answered as two solid bodies, one of each radius', () => {
    const reply = solve(
      'A thick charged ball has an inner radius of 2.0 cm and an outer radius of 6.0 cm, with 8.0 nC spread through its material. Find E 4.0 cm from the centre.',
    );
    expect(reply).not.toMatch(/\*\*Result:\*\*/);
  });
});

describe('a ring of charge', () => {
  it('gives kQz/(z² + R²)^{3/2} on its axis', () => {
    const reply = solve(
      'Charge of −9.0 nC is spread evenly round a hoop of radius 4.0 cm. How strong is E on the axis, 3.0 cm from its centre?',
    );
    // k · 9e-9 · 0.03 / 0.05³.
    expect(reply).toContain('E = 19400 N/C, along the axis, toward the ring');
  });

  it('is no sphere: a distance along its axis not said from its centre is not taken as a sphere’s r', () => {
    const reply = solve('A ring of radius 3.0 cm holds 4.0 nC. Find E on its axis 9.0 cm away.');
    expect(reply).not.toMatch(/\*\*Result:\*\*/);
  });
});

describe('a result taken only by its own words', () => {
  it('does not answer a disc asked for E with the ring’s axial field', () => {
    const reply = solve(
      'A flat disc of radius 5.0 cm holds 3.0 nC. Find E 12 cm from its centre, on the axis.',
    );
    expect(reply).not.toContain('ring');
    // Nor with a sphere's: the notes give no disc's field.
    expect(reply).not.toMatch(/\*\*Result:\*\*/);
  });
});

describe('a solid sphere at its surface', () => {
  it('answers the part asked at the surface with kQ/R², beside one asked inside', () => {
    const reply = solve(
      'An insulating ball of radius 5.0 cm has 10 nC spread evenly through it. Find (a) E 1.0 cm from its centre and (b) the field at its surface.',
    );
    // kQr/R³ at 1 cm, kQ/R² at 5 cm.
    expect(reply).toContain('E = 7190 N/C');
    expect(reply).toContain('E = 36000 N/C');
  });
});

describe('a quantity written again in brackets', () => {
  it('is one quantity: words then digits ("twenty nanocoulombs (20 nC)")', () => {
    expect(read('a ball holding twenty nanocoulombs (20 nC) of charge')).toEqual([['charge', 2e-8]]);
    // Two different values in brackets are two quantities.
    expect(read('charges of 2 nC (and 3 nC)')).toHaveLength(2);
  });
});
