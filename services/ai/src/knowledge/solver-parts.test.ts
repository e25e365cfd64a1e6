import { describe, expect, it } from 'vitest';
import { read, solve } from './solver.test-support.js';

describe('parts the question labels', () => {
  it('keeps only the first part when labelled parts are answered by more results than labels', () => {
    // (1) asks φ_M − φ_N, not the potential at each point; (2) the work, not a force.
    const reply = solve(
      '真空中有一个 +5 μC 的点电荷。M 点距它 10 cm，N 点距它 40 cm（无穷远处电势为零）。求：(1) M、N 两点间的电势差；(2) 将 +3 μC 的电荷从 M 移到 N 时电场力做的功。',
    );
    expect(reply).not.toMatch(/\*\*结果/);
  });

  it('does not compute the image in a plane for a charge beside a grounded sphere', () => {
    const reply = solve(
      'A charge of +6 nC sits 12 cm from the centre of a grounded metal sphere of radius 4 cm. Find the image charge and the force on the charge.',
    );
    // q' = −qR/a = −2 nC; the force is the sphere's own, from the charge–image distance a − R²/a:
    // kq²Ra/(a² − R²)², not the plane's kq²/(2d)².
    expect(reply).toContain("q' = -2.00 × 10⁻⁹ C");
    expect(reply).toContain('F = 9.48 × 10⁻⁶ N');
    expect(reply).not.toContain('force toward the plane');
  });

  it('does not answer a frequency asked beside a radius with the angular frequency', () => {
    const reply = solve(
      '一个电子以 2.0×10^6 m/s 的速度垂直进入 0.10 T 的匀强磁场。求 (a) 轨道半径；(b) 回旋频率。',
    );
    expect(reply).not.toMatch(/ω = [\d.]+ × 10/);
  });
});

describe('air named alone', () => {
  it('is the medium the light is in, not the one it meets: the Brewster angle needs that index', () => {
    for (const q of [
      'Light travelling in air falls on the flat surface of a plastic block. At what angle of incidence is the reflected light completely polarized?',
      'Light goes from air onto a resin surface. What is the Brewster angle?',
    ])
      expect(solve(q)).not.toContain('45');
    // A medium named alone is still the one met, from air.
    expect(solve('What is the Brewster angle for water?')).toContain('53.1°');
  });
});

describe('a quantity written as a function of time', () => {
  it('reads B = a + bt as the rate b per second, its numbers no quantities of their own', () => {
    expect(read('a field B = (0.8 - 0.25t) T through the loop')).toEqual([['bfieldrate', -0.25]]);
    expect(read('磁场 B = 0.1 + 0.3t（T）')).toEqual([['bfieldrate', 0.3]]);
    // N A |dB/dt| = 40 × 0.005 × 0.25
    expect(
      solve(
        'A 40-turn coil of area 50 cm² sits in a field B = (0.8 - 0.25t) T normal to its plane. Find the induced emf.',
      ),
    ).toContain('|ε| = 0.0500 V');
  });
});
