import { describe, expect, it } from 'vitest';
import { plainNumber } from './formatting.js';
import { solve } from './solver.test-support.js';
import { solveFor } from './solver-inverse.js';

describe('the problem solver solves a result for the variable the question asks', () => {
  it('finds the current a wire needs for a given field, with the steps and the check', () => {
    const reply = solve(
      'A straight wire is to produce a magnetic field of 30 μT at a point 5 cm away. What current does it need?',
    );
    // I = 2π·0.05·30e-6 / μ0
    expect(reply).toContain('**Solved for I:**');
    expect(reply).toContain('**Result:** I = 7.50 A');
    expect(reply).toContain('gives B = 3.00 × 10⁻⁵ T (30.0 μT), the 30 μT the question gives');
  });

  it('answers in Chinese, and states only the size of a variable the result takes abs() of', () => {
    const current = solve('长直导线外 2 cm 处的磁感应强度为 80 μT，导线中的电流是多少？');
    expect(current).toContain('**结果：** I = 8.00 A');
    const line = solve('长直线电荷在距其 3 cm 处产生 1500 N/C 的电场，求它的电荷线密度。');
    // 2π·ε0·0.03·1500
    expect(line).toContain('**结果：** |λ| = 2.50 × 10⁻⁹ C/m');
    expect(line).toContain('把 |λ| = 2.50 × 10⁻⁹ C/m 代回公式');
  });

  it('finds a wave’s field amplitude from its intensity', () => {
    // √(2·800 / (c·ε0))
    expect(
      solve(
        'A sinusoidal light beam delivers an average intensity of 800 W/m². Find the amplitude of its electric field.',
      ),
    ).toContain('**Result:** E₀ = 776 V/m');
  });

  it('computes further parts from the variable solved for, when the question joins them', () => {
    // E₀ = √(2·300/(cε₀)), B₀ = E₀/c
    const reply = solve(
      'A plane wave in vacuum has average intensity 300 W/m². Find the electric field amplitude and the magnetic field amplitude.',
    );
    expect(reply).toContain('**Result:** E₀ = 475 V/m');
    expect(reply).not.toContain('I = 300 W/m²');
    expect(reply).toContain('**Result:** B₀ = 1.59 × 10⁻⁶ T');
    const zh = solve('真空中一列平面电磁波的平均强度为 800 W/m²，求它的电场振幅以及磁场振幅。');
    expect(zh).toContain('**结果：** B₀ = 2.59 × 10⁻⁶ T');
    // A further part at another distance is another situation: nothing is stated.
    expect(
      solve(
        'A long straight wire makes a 50 μT field 4 cm from it. Find the current, and the magnetic field 8 cm from the wire.',
      ),
    ).not.toContain('**Result');
    // In water the vacuum formula does not hold: the index given is not used, so nothing is stated.
    expect(
      solve('A wave in water has average intensity 300 W/m². Find the electric field amplitude.'),
    ).not.toContain('**Result');
  });

  it('keeps the honest reply when the question asks for something else', () => {
    // The magnetic amplitude is not the electric one the intensity gives: that is a step to it,
    // E₀ = √(2I/(cε₀)) = 672 N/C, then B₀ = E₀/c = 2.24 μT.
    const magnetic = solve(
      'A plane light wave has an average intensity of 600 W/m². What is the amplitude of its magnetic field?',
    );
    expect(magnetic).not.toContain('**Result:** |E|');
    expect(magnetic).toContain('**On the way:** |E| = 672 N/C');
    expect(magnetic).toContain('**Result:** |B₀| = 2.24 × 10⁻⁶ T');
    // The field elsewhere is not the current; nothing is solved for.
    const elsewhere = solve(
      'The magnetic field 3 cm from a long straight wire is 40 μT. What is the field 6 cm from it?',
    );
    expect(elsewhere).not.toContain('**Result');
    expect(elsewhere).toContain('also need current');
    // The current is named where the question describes the wire, not where it asks.
    const force = solve(
      'A long wire carries a current and its field 2 cm away is 60 μT. What force per metre would it exert on a parallel wire 2 cm from it?',
    );
    expect(force).not.toContain('I = ');
    // Before the change the field was 40 μT: that current was 6 A, not the one after.
    expect(
      solve(
        'A long wire 3 cm from a compass made a 40 μT field there; its current is then tripled. What current flows now?',
      ),
    ).not.toContain('I = ');
    // A number the solver would not use (a voltage) or cannot read (a force) is a situation not understood.
    expect(solve('A long wire at 230 V makes a 25 μT field 4 cm away. What current flows?')).not.toContain(
      'I = ',
    );
    // A current density, or the current's direction, is not the current.
    expect(
      solve('The magnetic field 5 cm from a long wire is 20 μT. What is the current density in the wire?'),
    ).not.toContain('I = ');
    expect(solve('长直导线外 5 cm 处的磁感应强度为 20 μT，导线中电流的方向如何？')).not.toContain('I = ');
  });

  it('finds the distance for a field given in kN/C, in English and Chinese', () => {
    // r = √(k·5 nC / 2000 N/C), √(k·8 nC / 4500 N/C)
    expect(solve('How far from a 5.0 nC point charge is the electric field 2.0 kN/C?')).toContain(
      '**Result:** |r| = 0.150 m',
    );
    expect(solve('一个 8.0 nC 的点电荷，在距它多远处电场强度为 4.5 千牛每库？')).toContain(
      '**结果：** |r| = 0.126 m',
    );
  });

  it('finds the turns per metre a solenoid needs, unless a length makes the turns the unknown', () => {
    // n = B/(μ0 I)
    expect(
      solve('What number of turns per metre gives a solenoid 8.0 mT inside when 1.5 A flows in it?'),
    ).toContain('**Result:** n = 4240 turns/m');
    expect(solve('螺线管通 3.0 A 电流时管内磁场为 12 mT，它单位长度的匝数是多少？')).toContain(
      '**结果：** n = 3180 turns/m',
    );
    // With its length given, n = N/L is half given: the 50 cm would go unused.
    expect(
      solve('A 50 cm solenoid makes 8.0 mT at 1.5 A. How many turns per metre does it have?'),
    ).not.toContain('**Result');
  });

  it('finds the field for a magnetic energy density, a density written divisor first in Chinese', () => {
    // B = √(2μ0·u)
    expect(solve('What field strength B gives a magnetic energy density of 250 J/m³?')).toContain(
      '**Result:** |B| = 0.0251 T',
    );
    expect(solve('磁场能量密度为每立方米 500 焦耳时，磁感应强度是多少？')).toContain(
      '**结果：** |B| = 0.0354 T',
    );
  });

  it('inverts power laws only, on the side of zero where the target lies', () => {
    expect(solveFor((x) => 3 * x ** 2, 12)).toEqual({ value: 2, magnitude: true });
    expect(solveFor((x) => -5 / x, 2)?.value).toBeCloseTo(-2.5, 12);
    // A field on a loop's axis rises then falls: two distances give it, so none is stated.
    expect(solveFor((z) => 1 / (1 + z * z) ** 1.5, 0.5)).toBeUndefined();
    expect(solveFor(() => 4, 4)).toBeUndefined();
  });

  it('writes a value substituted back as the number it rounds to', () => {
    // The check's value is computed, so it may land a hair under a power of ten.
    expect(plainNumber(999.9999999)).toBe('1000');
    expect(plainNumber(0.000999999999)).toBe('0.00100');
  });
});
