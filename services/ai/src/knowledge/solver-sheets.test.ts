import { describe, expect, it } from 'vitest';
import { solve } from './solver.test-support.js';

describe('two parallel sheets of charge', () => {
  it('subtracts their fields between them and adds them outside (superposition of σ/(2ε₀) each)', () => {
    const reply = solve(
      'Two infinite planes are parallel; the surface charge density of one is −4 μC/m² and of the other +6 μC/m². What is the field between them, and what is it outside them?',
    );
    // |−4 − 6| μC/m² / (2ε₀) between, |−4 + 6| μC/m² / (2ε₀) outside.
    expect(reply).toContain('E = 565000 N/C');
    expect(reply).toContain('E = 113000 N/C, pointing away from the sheets');
  });

  it('answers only the region asked (中文)', () => {
    const reply = solve(
      '两个相互平行的无限大平面，面电荷密度分别为 2 μC/m² 和 −6 μC/m²。求两板之外的电场强度。',
    );
    expect(reply).toContain('E = 226000 N/C，方向指向两平面');
    expect(reply).not.toContain('E = 452000');
  });
});

describe('two plates of +σ and −σ', () => {
  it('have no field outside them: σ/ε₀ is only between them', () => {
    const reply = solve(
      'A pair of large parallel plates holds +σ and −σ, σ = 4 μC/m². How strong is the field outside the plates?',
    );
    expect(reply).toContain('E = 0 N/C');
    expect(reply).not.toContain('452000');
  });
});

describe('two sheets given one density for both', () => {
  it('cancel between them and add outside when of the same sign', () => {
    // σ/(2ε₀) each: 0 between, σ/ε₀ outside.
    const reply = solve(
      'Two parallel infinite sheets have the same surface charge density, 4.0 μC/m² on both. What is the field in the region between them and in the region outside?',
    );
    expect(reply).toContain('E = 0 N/C');
    expect(reply).toContain('E = 452000 N/C, pointing away from the sheets');
    const zh = solve('两个平行的无限大平面，面电荷密度都是 +2.0 μC/m²。求两平面之间和两平面之外的电场强度。');
    expect(zh).toContain('E = 0 N/C');
    expect(zh).toContain('E = 226000 N/C，方向背离两平面');
  });

  it('add between them and cancel outside when said to be of opposite sign', () => {
    const reply = solve(
      '两个平行的无限大平面带等量异号电荷，面电荷密度大小都是 2.0 μC/m²。求两平面之间和两平面之外的电场强度。',
    );
    expect(reply).toContain('E = 226000 N/C');
    expect(reply).toContain('E = 0 N/C');
    expect(reply).not.toContain('方向背离两平面');
  });
});

describe('plates said to carry the same density', () => {
  it('are two sheets of one sign, not a capacitor’s +σ and −σ', () => {
    // σ/ε₀ outside, 0 between: the capacitor's σ/ε₀ between would be a wrong number.
    const en = solve(
      'Two large parallel plates carry the same surface charge density, 3.0 μC/m² each. Find the field between the plates and outside the plates.',
    );
    expect(en).toContain('E = 0 N/C');
    expect(en).toContain('E = 339000 N/C, pointing away from the sheets');
    const zh = solve('两块平行的无限大带电平板，面电荷密度都是 2.0 μC/m²。求两板之间和两板之外的电场强度。');
    expect(zh).toContain('E = 226000 N/C，方向背离两平面');
    expect(zh).not.toContain('方向由正极板指向负极板');
  });
});
