import { describe, expect, it } from 'vitest';
import { read, solve } from './solver.test-support.js';

describe('the problem solver is never confidently wrong', () => {
  it('reads a unit per another unit as the quotient, and an unknown quotient not at all', () => {
    expect(read('a rod with 3 nC per metre, 4 cm away')).toEqual([
      ['linecharge', 3e-9],
      ['length', 0.04],
    ]);
    expect(read('8 microcoulombs per square metre; 2 μC/cm²; 5 安每秒')).toEqual([
      ['surfacecharge', 8e-6],
      ['surfacecharge', 0.02],
      ['currentrate', 5],
    ]);
    // Read as its first unit, "3 nC per kg" would be a charge of 3 nC in any formula that takes one.
    expect(read('3 nC per kg')).toEqual([]);
  });

  it('reads a power of ten written in superscripts, in English and Chinese text', () => {
    expect(read('an alpha particle at 4.0×10⁶ m/s; a wire with 2.5×10⁻⁸ C/m')).toEqual([
      ['speed', 4e6],
      ['linecharge', 2.5e-8],
    ]);
    expect(read('电子以2.0×10⁵ m/s的速度运动')).toEqual([['speed', 2e5]]);
  });

  it('matches a result however the student spells the unit', () => {
    const reply = solve(
      'Two beads hold four microcoulombs and two microcoulombs, fifty centimetres apart. How big is the force between them?',
    );
    // k·4e-6·2e-6/0.25
    expect(reply).toContain('F = 0.288 N');
  });

  it('gives no number when the question has a quantity the result would ignore', () => {
    const reply = solve(
      'A thin charged disc of radius 5 cm holds 2 nC. What is the electric field 3 cm above its centre?',
    );
    expect(reply).not.toMatch(/\*\*Result/);
    // Which of the two lengths it could not place depends on the binding; either way it says so.
    expect(reply).toMatch(/also gives [35] cm/);
    // The other charge of a ±q pair is not ignored: it is the same size as the one used.
    expect(solve('charges of +3 nC and -3 nC are 2 mm apart. dipole moment?')).toMatch(
      /\*\*Result:\*\* p = 6\.00? × 10⁻¹² C·m/,
    );
  });

  it('answers the same question at each point it names, in the region of each, in order', () => {
    const reply = solve(
      'A uniformly charged ball of radius 10 cm holds 2 μC. Find E 5 cm from the centre, and 20 cm from it.',
    );
    const inside = reply.indexOf('E = 899000 N/C');
    expect(inside).toBeGreaterThan(0);
    expect(reply.indexOf('E = 449000 N/C')).toBeGreaterThan(inside);
    expect(reply).toContain('inside the sphere (r < R)');
    expect(reply).toContain('outside the sphere (r ≥ R)');
  });

  it('answers a shell in Chinese labelled parts at each point, and its own potential', () => {
    const reply = solve(
      '一个半径为15 cm的空心金属球壳带有+4.0 nC电荷。求：(1) 离球心5.0 cm处的场强；(2) 离球心30 cm处的场强；(3) 球壳的电势。',
    );
    // 壳内 0; k·4e-9/0.3²; k·4e-9/0.15
    const inside = reply.indexOf('E = 0 N/C');
    expect(inside).toBeGreaterThan(0);
    expect(reply.indexOf('E = 399 N/C')).toBeGreaterThan(inside);
    expect(reply.indexOf('V = 240 V')).toBeGreaterThan(reply.indexOf('E = 399 N/C'));
    // Asked at a distance, the shell's own potential kQ/R is not the answer.
    expect(
      solve(
        'A hollow shell of radius 15 cm holds 4 nC. Find the potential of the shell 30 cm from its centre.',
      ),
    ).not.toMatch(/\*\*Result/);
  });

  it('reads a list of distances as points sharing the cue that follows the list', () => {
    const reply = solve(
      'A uniformly charged ball of radius 4.0 cm holds 8.0 nC. Find E at (a) 1.0 cm, (b) 3.0 cm and (c) 10 cm from the centre.',
    );
    // kQr/R³ at 1 and 3 cm; kQ/r² at 10 cm
    expect(reply).toContain('E = 11200 N/C');
    expect(reply.indexOf('E = 33700 N/C')).toBeGreaterThan(reply.indexOf('E = 11200 N/C'));
    expect(reply.indexOf('E = 7190 N/C')).toBeGreaterThan(reply.indexOf('E = 33700 N/C'));
  });

  it('checks the region of a shell: zero inside, a point charge outside', () => {
    const inside = solve(
      'A hollow spherical shell of radius 20 cm holds 5 nC. What is the electric field 10 cm from its centre?',
    );
    expect(inside).toContain('**Result:** E = 0 N/C');
    expect(inside).toContain('inside the shell (r < R)');
    // k·5e-9/0.3²
    expect(
      solve('A hollow spherical shell of radius 20 cm holds 5 nC. What is the field 30 cm from its centre?'),
    ).toContain('**Result:** E = 499 N/C');
  });

  it('takes the region of a solid wire from its radius and the point, not the thin wire outside it', () => {
    // μ₀·6·0.001/(2π·0.003²): a third of the surface field, inside.
    const inside = solve(
      'A solid copper rod of radius 3 mm is a long straight wire carrying 6 A spread evenly. B 1 mm from the axis?',
    );
    expect(inside).toContain('**Result:** B = 1.33 × 10⁻⁴ T');
    expect(inside).toContain('inside the wire (s < R)');
    // Beyond the radius the whole current is enclosed: μ₀·6/(2π·0.009).
    const outside = solve(
      'A solid copper rod of radius 3 mm is a long straight wire carrying 6 A spread evenly. B 9 mm from the axis?',
    );
    expect(outside).toContain('**Result:** B = 1.33 × 10⁻⁴ T');
    expect(outside).toContain('outside the wire (s ≥ R)');
    // A wire given a radius is a thick one, whatever it is called: 3 cm is outside, μ₀·5/(2π·0.03).
    expect(
      solve('An aluminium wire with a radius of 1 mm carries 5 A; what is B 3 cm away from it?'),
    ).toContain('**Result:** B = 3.33 × 10⁻⁵ T');
    // Its length is a third length the binding could take for the distance: nothing asserted.
    expect(solve('A 2 m long wire of radius 1 mm carries 5 A. How strong is B 3 cm away?')).not.toMatch(
      /\*\*Result/,
    );
    // μ₀·10·0.002/(2π·0.005²)
    expect(solve('粗细均匀的实心铜导线，半径5毫米，通过10安电流，距中轴2毫米的地方磁感应强度？')).toContain(
      'B = 1.60 × 10⁻⁴ T',
    );
  });

  it('gives a number to the symbol it is written for, R and r apart', () => {
    // Cue words are compared folded, so "r =" once took R's 8 cm for r and put a point inside
    // the ball outside it: k·4e-9/0.08² instead of k·4e-9·0.02/0.08³.
    const reply = solve('uniformly charged ball, Q = 4 nC, R = 8 cm. field at r = 2 cm?');
    expect(reply).toContain('R = 8 cm');
    expect(reply).toContain('**Result:** E = 1400 N/C');
    expect(reply).not.toContain('5620');
  });

  it('reads a count joined to its unit by a hyphen ("a 50-turn coil")', () => {
    // 50 · 0.02 Wb / 0.5 s; read without the 50 turns, the emf would be 0.04 V.
    expect(solve('The flux through a 50-turn coil falls by 0.02 Wb in 0.5 s. Average emf?')).toContain(
      '|ε| = 2.00 V',
    );
  });

  it('lets a unit only one result takes name the situation, never past a number it cannot read', () => {
    // 2k·5e-9/0.1: "filament" is no word of the line charge's, "nC per metre" is its unit.
    expect(solve('A charged filament has 5 nC per metre. What field does it make 10 cm away?')).toContain(
      '**Result:** E = 899 N/C',
    );
    // Volts alone would name the electron-volt (U = eV); the 47 μF it cannot read says it is something else.
    const capacitor = solve('A 47 μF capacitor is charged to 12 V. What energy does it store?');
    expect(capacitor).not.toMatch(/\*\*Result/);
  });

  it('does not answer a potential with a field, nor a field with a potential', () => {
    const reply = solve(
      'A solid ball of radius 10 cm holds 5 nC uniformly. What is the potential 5 cm from its centre?',
    );
    expect(reply).not.toMatch(/\*\*Result/);
    expect(solve('A 4 nC point charge: find the field and the potential 20 cm away.')).toContain('V = 180 V');
  });

  it('carries an earlier part into a later one that needs a quantity of its unit', () => {
    const reply = solve(
      'Light in air meets glass with n = 1.5. Find the Brewster angle and the angle of refraction at that incidence.',
    );
    // tan θB = 1.5 → 56.3°; at that incidence the refracted ray is at 90° − θB.
    expect(reply.indexOf('θ_B = 56.3°')).toBeGreaterThan(0);
    expect(reply.indexOf('θ₂ = 33.7°')).toBeGreaterThan(reply.indexOf('θ_B = 56.3°'));
  });

  it('declines a part asked of another situation rather than computing it for a point charge', () => {
    const reply = solve(
      'A hollow metal sphere of radius 10 cm carries 2 nC. Find the field 30 cm from its centre and the potential at its centre.',
    );
    // k·2e-9/0.09 = 200 N/C outside; kQ/r = 59.9 V at 30 cm would be the potential there, not at the
    // centre, where it is the shell's own, kQ/R.
    expect(reply).toContain('E = 200 N/C');
    expect(reply).not.toContain('V = 59.9 V');
    expect(reply).toContain('V = 180 V');
  });

  it('asserts no result of a quantity other than the one asked for', () => {
    const reply = solve(
      'A proton is accelerated from rest through 500 V and then enters a 0.2 T field at right angles. What radius does it circle with?',
    );
    // U = eV is never the answer to "what radius"; the speed gained is a step on the way to
    // r = m·√(2eV/m)/(eB), the only result.
    expect(reply.match(/\*\*Result/g)).toHaveLength(1);
    expect(reply).toContain('**Result:** r = 0.0162 m');
    expect(reply).not.toContain('10⁻¹⁷ J');
  });

  it('answers each of several questions written one after another', () => {
    const reply = solve('真空中一列电磁波的电场振幅为 600 V/m，磁场振幅是多少？平均强度是多少？');
    // B₀ = E₀/c = 2.00 μT; I = cε₀E₀²/2 = 478 W/m².
    expect(reply).toContain('B₀ = 2.00 × 10⁻⁶ T');
    expect(reply).toContain('I = 478 W/m²');
  });
});

describe('refractive indices as students write them', () => {
  it('reads a medium named twice once, in the order the light meets it', () => {
    // asin(1.47 · sin 20°) = 30.2°: oil first, then air; "oil-air" names both again.
    expect(read('A beam in oil (n = 1.47) meets the oil-air surface at 20° from the normal')).toEqual([
      ['index', 1.47],
      ['index', 1],
      ['angle', 20],
    ]);
    expect(
      solve(
        'A beam in oil (n = 1.47) meets the oil-air surface at 20° from the normal. At what angle does it emerge into the air?',
      ),
    ).toContain('θ₂ = 30.2°');
  });

  it('reads an index given to a named subscript and one that ends the sentence', () => {
    // asin(1/1.77) = 34.4°; atan(1.6) = 58.0°.
    expect(solve('Critical angle from sapphire (n = 1.77) into air (n_air = 1.00)?')).toContain(
      'θ_c = 34.4°',
    );
    expect(
      solve(
        'Light in air meets a plate with n = 1.6. At which angle of incidence is the reflected light fully polarized?',
      ),
    ).toContain('θ_B = 58.0°');
  });
});

describe('the Courant limit with the student’s grid', () => {
  it('reads the number of dimensions and computes the largest stable time step', () => {
    // Δt = Δ/(c√D) = 2 mm/(c√2) = 4.72 ps; 1 mm in 3D: 1.93 ps.
    expect(read('a 2-D grid with 2 mm cells')).toEqual([
      ['dimensions', 2],
      ['length', 0.002],
    ]);
    expect(solve('FDTD on a 2-D grid with 2 mm cells: biggest stable time step?')).toContain(
      'Δt = 4.72 × 10⁻¹² s',
    );
    expect(solve('三维 FDTD 仿真，网格 1 mm，满足稳定条件的最大时间步长是多少？')).toContain(
      'Δt = 1.93 × 10⁻¹² s',
    );
  });
});

describe('the quantities given name the situation', () => {
  it('solves Snell’s law from two indices and an angle when an angle is asked, in any words', () => {
    // asin(sin 50° / 2.42) = 18.5°.
    expect(
      solve(
        'Light in air strikes a diamond (n = 2.42) at 50°. What angle does the transmitted ray make with the normal?',
      ),
    ).toContain('θ₂ = 18.5°');
  });

  it('answers a push or pull between two charges as Coulomb’s law, with its sign for nanocoulombs', () => {
    // k·4 nC·6 nC/(3 cm)² = 2.40 × 10⁻⁴ N; q₁q₂ = 2.4 × 10⁻¹⁷ C² is positive, not zero.
    expect(
      solve('Two dust grains hold +4 nC and +6 nC, 3 cm apart; how hard do they push on each other?'),
    ).toContain('F = 2.40 × 10⁻⁴ N (240 μN), repulsive');
  });

  it('reads a medium named again as the same one, unless each mention has its own direction', () => {
    // asin(sin 30° / 1.45) = 20.2°: air, then glass; "in the glass" names the glass again.
    expect(
      solve(
        'Light in air hits glass (n = 1.45) at 30°. Find the refraction angle of the light in the glass.',
      ),
    ).toContain('θ₂ = 20.2°');
    // (a) from air and (b) from inside the glass: one order of the media cannot serve both parts.
    expect(
      solve(
        'For a glass with n = 1.45 in air, find (a) Brewster’s angle for light coming from the air and (b) the critical angle for light inside the glass.',
      ),
    ).not.toContain('θ_B = 34.6°');
  });
});

describe('the period of a circling charge in students’ words', () => {
  it('answers "the time for one revolution" as the cyclotron period beside the radius', () => {
    // r = mv/(eB) = 16.7 mm; T = 2πm/(eB) = 2.62 × 10⁻⁷ s for a proton at 4 × 10⁵ m/s in 0.25 T.
    const reply = solve(
      'A proton moves at 4e5 m/s at right angles to a 0.25 T field. Find the radius of its circle and the time for one revolution.',
    );
    expect(reply).toContain('r = 0.0167 m');
    expect(reply).toContain('T = 2.62 × 10⁻⁷ s');
  });
});
