import type { ChatMessage } from '@faraday/contracts';
import { describe, expect, it } from 'vitest';
import { MU_0 } from './quantities.js';
import { simulateReply } from './simulate.js';

const ask = (mode: 'sim_tutor' | 'formula_verify', content: string) =>
  simulateReply(mode, [{ role: 'user', content } satisfies ChatMessage]);
/** Sentences of four or more English words: what a Chinese reply must not contain. */
const ENGLISH_PROSE = /[A-Za-z]{3,} [a-z]{3,} [a-z]{3,} [a-z]{3,}/;

describe('simulation tutor without a model: computes what it checks', () => {
  it('compares a reported field_inside with the finite coil’s closed form, both numbers rounded alike', () => {
    const reply = ask(
      'sim_tutor',
      'My solenoid run: n_turns = 1000, length = 0.5 m, radius = 0.02 m, current = 2 A. field_inside came out 0.00498 T. Is that right?',
    );
    const exact = (MU_0 * 2000 * 2 * 0.5) / Math.sqrt(0.25 + 4 * 0.02 ** 2);
    expect(exact.toPrecision(4)).toBe('0.005011');
    expect(reply).toContain(
      'Your `field_inside` = 0.004980 T against the closed form μ0·n·I·L/√(L² + 4R²) = 0.005011 T: 0.61 % lower',
    );
  });

  it('says a match holds to the figures the student gave, never to more', () => {
    const reply = ask('sim_tutor', 'fresnel with n1 = 1.5, n2 = 1.0: brewster_angle = 33.69 deg');
    expect(reply).toContain(
      'Your `brewster_angle` = 33.69° matches the closed form atan(n2/n1) = 33.69° to the 4 significant figures you gave.',
    );
    expect(reply).not.toMatch(/6 significant figures/);
  });

  it('reads a result given in another prefix and a speed reported in prose', () => {
    expect(ask('sim_tutor', 'wave_1d with eps_r = 4: the pulse speed came out 1.6e8 m/s, why?')).toContain(
      'Your `wave_speed` = 1.60 × 10^8 m/s against the closed form c/√(εr·μr) = 1.50 × 10^8 m/s: 6.7 % higher, a real difference',
    );
    expect(
      ask(
        'sim_tutor',
        'solenoid n_turns = 1000, length = 0.5 m, radius = 0.02 m, current = 2 A, field_inside = 5.011 mT',
      ),
    ).toContain('matches the closed form μ0·n·I·L/√(L² + 4R²) = 0.005011 T');
  });

  it('adds the fields of several charges instead of answering for the first one alone', () => {
    const reply = ask(
      'sim_tutor',
      'point_charges with q1 = 2 nC and q2 = -2 nC placed 20 cm apart: my field at the midpoint is 3595 V/m',
    );
    // k·|q1 − q2|/(d/2)² = 3595 V/m; q1 alone there gives half of it (1798 V/m).
    expect(reply).toContain('= 3595 N/C to the 4 significant figures you gave');
    expect(reply).not.toMatch(/1798|1800/);
    // Charges at positions on a line the knowledge solver does not compute: no number at all.
    const axis = ask(
      'sim_tutor',
      'point_charges: q1 = 1 nC at x = 0, q2 = -1 nC at x = 10 cm, field at x = 5 cm is 7190 V/m',
    );
    expect(axis).not.toMatch(/3595|3590|3600|closed form/);
    expect(axis).toContain('midway between two charges');
  });

  it('takes a square box’s centre potential as the mean of the walls, not a wall set in volts as the result', () => {
    const reply = ask(
      'sim_tutor',
      'laplace2d with nx = 50, ny = 50, v_top = 10 V, v_bottom = 0, v_left = 0, v_right = 0: the centre potential is 2.49 V',
    );
    expect(reply).toContain(
      '= 2.490 V against the closed form (V_top + V_bottom + V_left + V_right)/4 = 2.500 V: 0.4 % lower',
    );
  });

  it('explains a parameter asked about, and says what it cannot answer without a model', () => {
    expect(ask('sim_tutor', 'What does the CFL number mean in the wave solver?')).toContain(
      '`cfl_number` = c·Δt/Δx is how many grid cells a wave crosses in one time step',
    );
    const open = ask('sim_tutor', 'Why does my gauss_flux picture look asymmetric?');
    expect(open).toContain('Without a language model I cannot answer your own question in my words');
    expect(open).not.toContain('Closed-form check');
  });

  it('answers a Chinese message in Chinese, with the same check', () => {
    const reply = ask(
      'sim_tutor',
      '螺线管仿真：n_turns = 1000, length = 0.5 m, current = 2 A，得到 field_inside = 4.98 mT，对吗？',
    );
    expect(reply).toContain('你的 `field_inside` = 0.004980 T，解析解 μ0·n·I = 0.005027 T：偏低 0.93%');
    expect(reply).toContain('给出半径即可精确比较');
    expect(reply).not.toMatch(ENGLISH_PROSE);
  });
});

describe('formula check without a model', () => {
  it('reads a formula followed by Chinese prose and answers in Chinese', () => {
    const wrong = ask('formula_verify', 'E = kq/r 对吗？');
    expect(wrong).toContain('我把你的公式读作 `E = k·q/r`');
    expect(wrong).toContain('**结论：不正确**');
    expect(wrong).not.toMatch(ENGLISH_PROSE);
    const right = ask('formula_verify', 'B = μ0 I / (2 π r) 正确吗');
    expect(right).toContain('这是无限长直导线的磁场');
    expect(right).toContain('**结论：正确。**');
  });
});
