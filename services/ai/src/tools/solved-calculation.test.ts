import { describe, expect, it } from 'vitest';
import { evaluateExpression } from './calculator.js';
import { calculationSentence, calculationsOf } from './solved-calculation.js';

// CODATA 2018, as in results.json: the closed forms below use them directly.
const k = 8.9875517923e9;
const mu0 = 1.25663706212e-6;
const e = 1.602176634e-19;
const deg = (radians: number) => (radians * 180) / Math.PI;
const coulomb = (q1: number, q2: number, r: number) => (k * Math.abs(q1 * q2)) / r ** 2;

/** Requests written as students write them, in both languages, with the closed form of each. */
const REQUESTS: [string, number][] = [
  ['q1 = 2 μC, q2 = −3 μC, r = 0.1 m. Find the force', coulomb(2e-6, -3e-6, 0.1)],
  [
    'Two charges of 2 microcoulombs and -3 microcoulombs are 10 cm apart. What is the force between them?',
    coulomb(2e-6, -3e-6, 0.1),
  ],
  ['What force do two 1 nC charges 3 cm apart exert on each other?', coulomb(1e-9, 1e-9, 0.03)],
  [
    'How strong is the force between charges of 3e-6 C and -4e-6 C placed 50 cm apart?',
    coulomb(3e-6, -4e-6, 0.5),
  ],
  ['两个点电荷分别为 2 微库和 -3 微库，相距 10 厘米，求它们之间的作用力', coulomb(2e-6, -3e-6, 0.1)],
  ['电荷 5 纳库与 -5 纳库相距 1 厘米，库仑力多大？', coulomb(5e-9, -5e-9, 0.01)],
  ['What is the electric field 2 cm from a 1 nC charge?', (k * 1e-9) / 0.02 ** 2],
  ['field of a -3 μC point charge at 30 cm', (k * 3e-6) / 0.3 ** 2],
  ['距离 1 纳库点电荷 2 厘米处的电场强度是多少', (k * 1e-9) / 0.02 ** 2],
  [
    'Two charges +1 μC and -1 μC are 20 cm apart; find the electric field at the midpoint',
    (k * 2e-6) / 0.1 ** 2,
  ],
  ['potential at x = 0.2 m due to a 5 nC charge at x = 0', (k * 5e-9) / 0.2],
  ['magnetic field inside a 0.5 m long solenoid with 500 turns and a current of 3 A', mu0 * 1000 * 3],
  ['solenoid: 20 turns per cm, 1.5 A, field inside?', mu0 * 2000 * 1.5],
  ['一个长 0.5 米的螺线管绕 500 匝，通有 3 安的电流，求内部磁感应强度', mu0 * 1000 * 3],
  ['How big is B at 2 mm from a straight wire with 300 mA?', (mu0 * 0.3) / (2 * Math.PI * 0.002)],
  ['长直导线通有 20 安电流，距导线 10 厘米处的磁场', (mu0 * 20) / (2 * Math.PI * 0.1)],
  ['magnetic field at the center of a 50 turn loop of radius 5 cm carrying 1 A', (mu0 * 50) / (2 * 0.05)],
  ["What's the polarizing angle going from air into water?", deg(Math.atan(1.33))],
  ['Brewster angle from glass (n = 1.52) into air', deg(Math.atan(1 / 1.52))],
  ['光从玻璃射向空气的临界角是多少', deg(Math.asin(1 / 1.5))],
  ['n1 = 1.6 和 n2 = 1.2 之间的全反射临界角', deg(Math.asin(1.2 / 1.6))],
  // The elementary charge `e` of results.json, not Euler's number of the calculator.
  ['An electron is accelerated through 150 V. What kinetic energy does it gain?', e * 150],
  // Quantities written in words.
  [
    'Two charges of two microcoulombs and minus three microcoulombs are ten centimetres apart. What is the force between them?',
    coulomb(2e-6, -3e-6, 0.1),
  ],
  ['螺线管每米五百匝，通有三安的电流，求管内磁场', mu0 * 500 * 3],
  ['长直导线通有二十安电流，距导线十五厘米处的磁场', (mu0 * 20) / (2 * Math.PI * 0.15)],
];

describe('a solved word problem as calculator expressions', () => {
  it.each(REQUESTS)('%s', (text, expected) => {
    const calculations = calculationsOf(text);
    expect(calculations).toHaveLength(1);
    // Numbers only: the calculator refuses the result's own symbols (k, mu0, q1 …).
    const { value } = evaluateExpression(calculations![0]!.expression);
    expect(Math.abs((value as number) - expected)).toBeLessThanOrEqual(1e-9 * Math.abs(expected));
  });

  it('gives one expression per part, in the order asked', () => {
    const calculations = calculationsOf(
      'Two charges of 4 nC and -4 nC are 6 cm apart. Find the force between them and the field at the midpoint.',
    );
    expect(calculations?.map((c) => c.part.result.id)).toEqual(['coulomb-law', 'midpoint-field']);
    const values = calculations!.map((c) => evaluateExpression(c.expression).value as number);
    expect(values[0]! / coulomb(4e-9, -4e-9, 0.06)).toBeCloseTo(1, 9);
    expect(values[1]! / ((k * 8e-9) / 0.03 ** 2)).toBeCloseTo(1, 9);
  });

  it('gives nothing rather than a guess when a value is missing or a part is not computed', () => {
    expect(calculationsOf('What is the force between two charges of 2 μC?')).toBeUndefined();
    expect(calculationsOf('magnetic field of a solenoid carrying 2 A')).toBeUndefined();
    expect(calculationsOf('critical angle')).toBeUndefined();
    // Charges at positions on a line: no course result computes their superposed field.
    expect(
      calculationsOf(
        'A 4 nC charge sits at x = 0 and a -2 nC charge at x = 10 cm. What is the field at x = 5 cm?',
      ),
    ).toBeUndefined();
    // Solved for a variable (the current): no expression of the result's own to hand over.
    expect(calculationsOf('What current gives 50 μT 4 cm from a long wire?')).toBeUndefined();
  });

  it('writes the inputs without float noise', () => {
    const [calculation] = calculationsOf('field of a 3 nC charge at 0.7 cm')!;
    expect(calculation!.expression).toContain('3e-9');
    expect(calculation!.expression).toContain('0.007');
    expect(calculation!.expression).not.toMatch(/0000000/);
  });

  it('states the result as problem_solver does, with its remarks, in the language asked', () => {
    const [en] = calculationsOf('q1 = 2 μC, q2 = −3 μC, r = 0.1 m. Find the force')!;
    expect(calculationSentence(en!.part, 5.3925, 'en')).toBe('force: F = 5.39 N, attractive');
    const [zh] = calculationsOf('两个点电荷分别为 2 微库和 3 微库，相距 10 厘米，求它们之间的作用力')!;
    expect(calculationSentence(zh!.part, 5.3925, 'zh')).toMatch(/^作用力：F = 5\.39 N，.*斥/);
  });
});
