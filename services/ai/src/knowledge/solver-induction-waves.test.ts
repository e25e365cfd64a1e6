import { describe, expect, it } from 'vitest';
import { solve } from './solver.test-support.js';

// Classes of magnetism, induction and wave problems the solver once declined, in words of their own.
describe('the problem solver on orbits, coils, conductors by region and waves', () => {
  it('reads a charge written in e and a mass in kg (an orbit radius and its period)', () => {
    // m v/(qB) and 2πm/(qB) with q = 2e, m = 1.2 × 10⁻²⁶ kg.
    const reply = solve(
      'A doubly charged ion (charge 2e, mass 1.2 × 10⁻²⁶ kg) circles at 3.0 × 10⁵ m/s in a 0.20 T field. Find its orbit radius and the period.',
    );
    expect(reply).toContain('r = 0.0562 m');
    expect(reply).toContain('T = 1.18 × 10⁻⁶ s');
  });

  it('passes the speed of crossed fields (v = E/B) on to the orbit radius with E off', () => {
    const reply = solve(
      'Crossed fields of 2.0 × 10⁵ V/m and 0.50 T let ions through undeviated. (a) At what speed? (b) With E switched off, what radius does a proton at that speed circle on?',
    );
    expect(reply).toContain('v = 400000 m/s');
    expect(reply).toContain('r = 0.00835 m');
    expect(reply.indexOf('v = 400000 m/s')).toBeLessThan(reply.indexOf('r = 0.00835 m'));
  });

  it("gives a coil's moment NIA and its torque from the angle of its plane (cos) or of its normal (sin)", () => {
    const plane = solve(
      'A rectangular loop of 50 turns, 10 cm by 4.0 cm, carries 1.5 A in a 0.25 T field, its plane making 60° with the field. Find (a) its magnetic moment and (b) the torque.',
    );
    expect(plane).toContain('μ = 0.300 A·m²');
    expect(plane).toContain('τ = 0.0375 N·m');
    const normal = solve(
      'A rectangular loop of 50 turns, 10 cm by 4.0 cm, carries 1.5 A in a 0.25 T field; the normal to the loop makes 60° with the field. Torque on it?',
    );
    expect(normal).toContain('τ = 0.0650 N·m');
  });

  it('answers a hollow conductor and a toroid region by region (zero where no current is enclosed)', () => {
    const pipe = solve(
      'A copper pipe with inner radius 1.0 cm and outer radius 2.0 cm carries 30 A spread uniformly. Find B at (a) 0.50 cm, (b) 1.5 cm and (c) 4.0 cm from its axis.',
    );
    expect(pipe).toContain('B = 0 T');
    expect(pipe).toContain('B = 1.67 × 10⁻⁴ T');
    expect(pipe).toContain('B = 1.50 × 10⁻⁴ T');
    const toroid = solve(
      'A toroid of 500 turns with inner radius 5.0 cm and outer radius 7.0 cm carries 2.0 A. Find B (a) 6.0 cm from its centre and (b) 10 cm from its centre.',
    );
    expect(toroid).toContain('B = 0.00333 T');
    expect(toroid).toContain('B = 0 T');
  });

  it('reads a current rising from zero in a time as dI/dt, after the inductance', () => {
    const reply = solve(
      'A solenoid 40 cm long with 1000 turns has a radius of 2.0 cm. (a) Its inductance? (b) The emf while its current grows uniformly from 0 to 5.0 A in 25 ms?',
    );
    expect(reply).toContain('L = 0.00395 H');
    expect(reply).toContain('0.790 V');
  });

  it('reads revolutions per minute as a frequency (a generator)', () => {
    expect(
      solve(
        'A 100-turn coil of area 0.050 m² turns at 3000 revolutions per minute in a 0.20 T field. Peak emf?',
      ),
    ).toContain('314 V');
  });

  it('computes a later part from a value an earlier part gave (peak B from the peak E of an intensity)', () => {
    const reply = solve(
      'A 2.0 mW beam is 1.0 mm in diameter. Find its intensity, the peak E and the peak B.',
    );
    expect(reply).toContain('2550 W/m²');
    expect(reply).toContain('1390 V/m');
    expect(reply).toContain('B₀ = 4.62 × 10⁻⁶ T');
  });

  it("answers a finite wire on its bisector, a charging capacitor's field by region, a coil's current", () => {
    expect(
      solve(
        'A 20 cm straight segment of wire carries 6.0 A. Find B 5.0 cm from it on its perpendicular bisector.',
      ),
    ).toContain('B = 2.15 × 10⁻⁵ T');
    const plates = solve(
      'A capacitor with circular plates of radius 5.0 cm is being charged by a 1.0 A current. Find (a) the displacement current between them and the magnetic field between the plates (b) 2.0 cm and (c) 8.0 cm from the central axis.',
    );
    expect(plates).toContain('I_d = 1.00 A');
    expect(plates).toContain('B = 1.60 × 10⁻⁶ T');
    expect(plates).toContain('B = 2.50 × 10⁻⁶ T');
    const loop = solve(
      'A 50-turn circular loop of radius 10 cm lies across a field rising at 0.40 T/s; the loop has resistance 4.0 Ω. Find (a) the emf and (b) the current in it.',
    );
    expect(loop).toContain('0.628 V');
    expect(loop).toContain('I = 0.157 A');
  });

  it("answers a solenoid's total energy, a wave in a dielectric (B₀ = nE₀/c) and an FDTD grid's top frequency", () => {
    expect(
      solve(
        'An air solenoid 0.30 m long with 1500 turns per metre and cross-section 2.0 cm² carries 2.0 A. Find (a) B inside, (b) the energy density and (c) the total stored energy.',
      ),
    ).toContain('U = 3.39 × 10⁻⁴ J');
    const wave = solve(
      '一列 300 MHz 的电磁波在 εr = 4.0、μr = 1 的介质中传播。求 (1) 波速；(2) 波长；(3) 电场振幅为 30 V/m 时的磁感应强度振幅。',
    );
    expect(wave).toContain('1.50 × 10⁸ m/s');
    expect(wave).toContain('0.500 m');
    expect(wave).toContain('2.00 × 10⁻⁷ T');
    expect(wave.indexOf('10⁸ m/s')).toBeLessThan(wave.indexOf('0.500 m'));
    expect(wave.indexOf('0.500 m')).toBeLessThan(wave.indexOf('2.00 × 10⁻⁷ T'));
    expect(
      solve(
        'An FDTD grid has 1.0 mm cells; keeping 10 cells per wavelength, what is the highest frequency it can model?',
      ),
    ).toContain('3.00 × 10¹⁰ Hz');
  });

  it('says parallel currents in the same direction attract and in opposite directions repel', () => {
    expect(
      solve(
        'Two parallel wires 10 cm apart carry 5 A and 8 A in opposite directions. Force per metre between them?',
      ),
    ).toContain('repulsive for currents in opposite directions');
  });
});

describe('the rms field of a sinusoidal wave', () => {
  it('is the peak over √2, computed from a peak given or found, and back', () => {
    expect(
      solve('A plane wave has a peak electric field of 300 V/m. What is its rms electric field?'),
    ).toContain('**Result:** E_rms = 212 V/m');
    // E₀ = √(2I/(cε₀)) = 388 V/m, then E₀/√2.
    const chain = solve(
      'A plane wave in vacuum has average intensity 200 W/m². Find the peak electric field and the rms electric field.',
    );
    expect(chain).toContain('E₀ = 388 V/m');
    expect(chain).toContain('**Result:** E_rms = 274 V/m');
    // An rms value given is no amplitude: the amplitude is solved back from it.
    expect(solve('一列平面电磁波的电场有效值为 50 V/m，求电场振幅。')).toContain('**结果：** |E| = 70.7 N/C');
  });
});

describe('a field reversed in a time', () => {
  it('changes by the sum of the two sizes, said before the value or after it', () => {
    // ΔB = 0.50 + 0.50 T in 0.10 s: |ε| = 100 · 10 cm² · 10 T/s.
    expect(
      solve(
        '一个 100 匝、面积为 10 cm² 的线圈与磁场垂直，磁场在 0.10 s 内从 0.50 T 均匀变为反方向的 0.50 T，求平均感应电动势。',
      ),
    ).toContain('**结果：** |ε| = 1.00 V');
    // ΔB = 0.60 T in 20 ms: |ε| = 200 · 5.0 cm² · 30 T/s; not reversed, 0.20 T gives 1.00 V.
    const coil =
      'A 200-turn coil of area 5.0 cm² lies perpendicular to a uniform field, which changes from 0.30 T';
    expect(
      solve(`${coil} to 0.30 T in the opposite direction in 20 ms. Find the average induced emf.`),
    ).toContain('**Result:** |ε| = 3.00 V');
    expect(solve(`${coil} to 0.10 T in 20 ms. Find the average induced emf.`)).toContain(
      '**Result:** |ε| = 1.00 V',
    );
  });
});

describe("a generator's rms emf", () => {
  it('is its peak emf over √2, a further part after NBAω or from a peak given', () => {
    // NBA·2πf = 200·0.40·0.0050·2π·25 = 62.8 V, then /√2.
    const reply = solve(
      'A generator coil of 200 turns and area 50 cm² spins at 25 Hz in a 0.40 T field. Find the peak emf and the rms emf.',
    );
    expect(reply).toContain('ε₀ = 62.8 V');
    expect(reply).toContain('**Result:** ε_rms = 44.4 V');
    // 80·0.20·0.030·2π·50 = 151 V, then /√2.
    expect(
      solve(
        '发电机线圈 80 匝、面积 0.030 m²，在 0.20 T 的匀强磁场中以 50 Hz 转动，求电动势的最大值和有效值。',
      ),
    ).toContain('**结果：** ε_rms = 107 V');
    expect(solve('A generator gives a peak emf of 170 V. What is its rms emf?')).toContain('ε_rms = 120 V');
  });
});
