import { describe, expect, it } from 'vitest';
import { conceptOfConversation } from '../knowledge/course-concepts.js';
import { convertUnits, evaluateExpression } from '../tools/calculator.js';
import { parseConversion } from './conversion.js';
import { numeralsToDigits } from './number-words.js';
import { problemSolverAnswer } from './teaching.js';
import { parseWordProblem } from './word-problem.js';

// CODATA 2018, as in the physics package: the closed forms below use them directly.
const k = 8.9875517923e9;
const mu0 = 1.25663706212e-6;
const deg = (radians: number) => (radians * 180) / Math.PI;
const coulomb = (q1: number, q2: number, r: number) => (k * Math.abs(q1 * q2)) / r ** 2;
/** Field along x at x of point charges on the x axis. */
const fieldOnAxis = (charges: [number, number][], x: number) =>
  charges.reduce((sum, [q, at]) => sum + (k * q * (x - at)) / Math.abs(x - at) ** 3, 0);

/** 40 requests written as students write them, with the closed form that answers each. */
const REQUESTS: [string, string, number][] = [
  ['q1 = 2 μC, q2 = −3 μC, r = 0.1 m. Find the force', 'coulomb_force', coulomb(2e-6, -3e-6, 0.1)],
  [
    'Two charges of 2 microcoulombs and -3 microcoulombs are 10 cm apart. What is the force between them?',
    'coulomb_force',
    coulomb(2e-6, -3e-6, 0.1),
  ],
  [
    'What force do two 1 nC charges 3 cm apart exert on each other?',
    'coulomb_force',
    coulomb(1e-9, 1e-9, 0.03),
  ],
  ['force between a 5 uC and a 5 uC charge separated by 2 m', 'coulomb_force', coulomb(5e-6, 5e-6, 2)],
  [
    'How strong is the force between charges of 3e-6 C and -4e-6 C placed 50 cm apart?',
    'coulomb_force',
    coulomb(3e-6, -4e-6, 0.5),
  ],
  ['Coulomb force: 1 C and 1 C at a distance of 1 km', 'coulomb_force', coulomb(1, 1, 1000)],
  [
    'A 4 nC charge sits at x = 0 and a -2 nC charge at x = 10 cm. Find the force between them.',
    'coulomb_force',
    coulomb(4e-9, -2e-9, 0.1),
  ],
  [
    '两个点电荷分别为 2 微库和 -3 微库，相距 10 厘米，求它们之间的作用力',
    'coulomb_force',
    coulomb(2e-6, -3e-6, 0.1),
  ],
  ['电荷 5 纳库与 -5 纳库相距 1 厘米，库仑力多大？', 'coulomb_force', coulomb(5e-9, -5e-9, 0.01)],
  ['相距 2 米的两个 1 微库仑的电荷之间的静电力是多少', 'coulomb_force', coulomb(1e-6, 1e-6, 2)],
  ['What is the electric field 2 cm from a 1 nC charge?', 'field_of_charges', (k * 1e-9) / 0.02 ** 2],
  ['field of a -3 μC point charge at 30 cm', 'field_of_charges', (-k * 3e-6) / 0.3 ** 2],
  ['E field at 1 m from a charge of 1 C', 'field_of_charges', k / 1],
  [
    'A 4 nC charge sits at x = 0 and a -2 nC charge at x = 10 cm. What is the field at x = 5 cm?',
    'field_of_charges',
    fieldOnAxis(
      [
        [4e-9, 0],
        [-2e-9, 0.1],
      ],
      0.05,
    ),
  ],
  [
    'Two charges +1 μC and -1 μC are 20 cm apart; find the electric field at the midpoint',
    'field_of_charges',
    fieldOnAxis(
      [
        [1e-6, 0],
        [-1e-6, 0.2],
      ],
      0.1,
    ),
  ],
  [
    'charges 2 nC at x = 0, 3 nC at x = 4 cm and -1 nC at x = 8 cm: field at x = 12 cm?',
    'field_of_charges',
    fieldOnAxis(
      [
        [2e-9, 0],
        [3e-9, 0.04],
        [-1e-9, 0.08],
      ],
      0.12,
    ),
  ],
  ['距离 1 纳库点电荷 2 厘米处的电场强度是多少', 'field_of_charges', (k * 1e-9) / 0.02 ** 2],
  ['两个电荷 +2 微库和 +2 微库相距 10 厘米，求中点的场强', 'field_of_charges', 0],
  [
    '电荷 4 纳库位于 x = 0，-2 纳库位于 x = 10 cm，求 x = 5 cm 处的电场',
    'field_of_charges',
    fieldOnAxis(
      [
        [4e-9, 0],
        [-2e-9, 0.1],
      ],
      0.05,
    ),
  ],
  ['potential at x = 0.2 m due to a 5 nC charge at x = 0', 'potential_of_charges', (k * 5e-9) / 0.2],
  [
    'A solenoid with 1000 turns per metre carries 2 A. What is the magnetic field inside?',
    'solenoid',
    mu0 * 1000 * 2,
  ],
  [
    'magnetic field inside a 0.5 m long solenoid with 500 turns and a current of 3 A',
    'solenoid',
    mu0 * 1000 * 3,
  ],
  ['B inside a coil of 200 turns, 10 cm long, carrying 500 mA', 'solenoid', mu0 * 2000 * 0.5],
  ['solenoid: 20 turns per cm, 1.5 A, field inside?', 'solenoid', mu0 * 2000 * 1.5],
  ['一个长 0.5 米的螺线管绕 500 匝，通有 3 安的电流，求内部磁感应强度', 'solenoid', mu0 * 1000 * 3],
  ['螺线管每米 2000 匝，电流 0.5 安，管内磁场多大', 'solenoid', mu0 * 2000 * 0.5],
  ['magnetic field 5 cm from a long wire carrying 10 A', 'wire', (mu0 * 10) / (2 * Math.PI * 0.05)],
  ['How big is B at 2 mm from a straight wire with 300 mA?', 'wire', (mu0 * 0.3) / (2 * Math.PI * 0.002)],
  ['长直导线通有 20 安电流，距导线 10 厘米处的磁场', 'wire', (mu0 * 20) / (2 * Math.PI * 0.1)],
  ['A circular loop of radius 10 cm carries 2 A; field at its centre?', 'loop', (mu0 * 2) / (2 * 0.1)],
  [
    'magnetic field at the center of a 50 turn loop of radius 5 cm carrying 1 A',
    'loop',
    (mu0 * 50 * 1) / (2 * 0.05),
  ],
  ['半径 10 厘米的圆形线圈通有 2 安电流，中心处的磁感应强度', 'loop', (mu0 * 2) / (2 * 0.1)],
  ['Brewster angle for glass n = 1.5', 'brewster', deg(Math.atan(1.5))],
  ["What's the polarizing angle going from air into water?", 'brewster', deg(Math.atan(1.33))],
  ['Brewster angle from glass (n = 1.52) into air', 'brewster', deg(Math.atan(1 / 1.52))],
  ['布儒斯特角，水的折射率 1.33', 'brewster', deg(Math.atan(1.33))],
  ['critical angle from water into air', 'critical_angle', deg(Math.asin(1 / 1.33))],
  [
    'total internal reflection between diamond and air: critical angle?',
    'critical_angle',
    deg(Math.asin(1 / 2.42)),
  ],
  ['光从玻璃射向空气的临界角是多少', 'critical_angle', deg(Math.asin(1 / 1.5))],
  ['n1 = 1.6 和 n2 = 1.2 之间的全反射临界角', 'critical_angle', deg(Math.asin(1.2 / 1.6))],
];

describe('calculation requests in prose, computed with the calculator tool', () => {
  it('has 40 requests in both languages', () => {
    expect(REQUESTS).toHaveLength(40);
    expect(REQUESTS.filter(([text]) => /\p{Script=Han}/u.test(text)).length).toBe(13);
  });

  it.each(REQUESTS)('%s', (text, kind, expected) => {
    const problem = parseWordProblem(text);
    expect(problem?.kind).toBe(kind);
    const { value } = evaluateExpression(problem!.expression);
    // Same closed form, evaluated by mathjs in double precision: agreement to 1e-9 relative.
    expect(value as number).toBeCloseTo(
      expected,
      Math.max(0, 9 - Math.ceil(Math.log10(Math.abs(expected) || 1))),
    );
    expect(Math.abs((value as number) - expected)).toBeLessThanOrEqual(
      1e-9 * Math.max(Math.abs(expected), 1e-12),
    );
  });

  it('reads nothing rather than guessing when a value is missing', () => {
    expect(parseWordProblem('What is the force between two charges of 2 μC?')).toBeUndefined();
    expect(parseWordProblem('magnetic field of a solenoid carrying 2 A')).toBeUndefined();
    expect(parseWordProblem('critical angle')).toBeUndefined();
  });
});

describe('problem_solver in simulated mode', () => {
  const solve = (text: string) => problemSolverAnswer(conceptOfConversation([text]), text);

  it('computes the force asked for, not the field of q1 alone, and says it is attractive', () => {
    const reply = solve('q1 = 2 μC, q2 = −3 μC, r = 0.1 m. Find the force');
    expect(reply).toContain('F = 5.39 N, attractive');
    expect(reply).not.toMatch(/N\/C/);
  });

  it('reads values given in words, and answers a Chinese request in Chinese', () => {
    expect(
      solve('Two charges of 2 microcoulombs and 3 microcoulombs are 10 cm apart. Find the force.'),
    ).toContain('F = 5.39 N, repulsive');
    const zh = solve('两个点电荷分别为 2 微库和 -3 微库，相距 10 厘米，求它们之间的作用力');
    expect(zh).toContain('F = 5.39 N，为引力');
    expect(zh).toMatch(/^\*\*解题过程\*\*/);
  });
});

describe('quantities written in words, and unit conversions', () => {
  const solve = (text: string) => problemSolverAnswer(conceptOfConversation([text]), text);
  /** 5 eV in joules with e = 1.602176634e-19 C exactly (SI 2019). */
  const fiveEv = 5 * 1.602176634e-19;

  const IN_WORDS: [string, string, number][] = [
    [
      'Two charges of two microcoulombs and minus three microcoulombs are ten centimetres apart. What is the force between them?',
      'coulomb_force',
      coulomb(2e-6, -3e-6, 0.1),
    ],
    [
      'A solenoid with five hundred turns per metre carries three amperes. What is the field inside?',
      'solenoid',
      mu0 * 500 * 3,
    ],
    [
      'magnetic field twenty-five centimetres from a long wire carrying one hundred and twenty amperes',
      'wire',
      (mu0 * 120) / (2 * Math.PI * 0.25),
    ],
    [
      'field of a negative four nanocoulomb charge at zero point five metres',
      'field_of_charges',
      (-k * 4e-9) / 0.25,
    ],
    [
      '两个点电荷分别为两微库和负三微库，相距十厘米，求它们之间的作用力',
      'coulomb_force',
      coulomb(2e-6, -3e-6, 0.1),
    ],
    ['螺线管每米五百匝，通有三安的电流，求管内磁场', 'solenoid', mu0 * 500 * 3],
    ['长直导线通有二十安电流，距导线十五厘米处的磁场', 'wire', (mu0 * 20) / (2 * Math.PI * 0.15)],
  ];

  it.each(IN_WORDS)('%s', (text, kind, expected) => {
    const problem = parseWordProblem(text);
    expect(problem?.kind).toBe(kind);
    const value = evaluateExpression(problem!.expression).value as number;
    expect(Math.abs(value - expected)).toBeLessThanOrEqual(1e-9 * Math.abs(expected));
  });

  it('turns number words into digits and leaves words that only contain numerals alone', () => {
    expect(numeralsToDigits('five hundred and twenty-three turns, one thousand two hundred volts')).toBe(
      '523 turns, 1200 volts',
    );
    expect(numeralsToDigits('charges of two and three nC; minus zero point five m')).toBe(
      'charges of 2 and 3 nC; -0.5 m',
    );
    // A million closes a section as a thousand does; digits take a scale word too.
    expect(numeralsToDigits('four million m/s, two million three hundred thousand, 2.5 thousand volts')).toBe(
      '4000000 m/s, 2300000, 2500 volts',
    );
    // "two three" and "twenty thirty" are not one number; 两个/一定 are not quantities.
    expect(numeralsToDigits('two three, twenty thirty')).toBe('two three, twenty thirty');
    expect(numeralsToDigits('两个电荷一定相互作用，十五厘米，一百零五匝，负三微库')).toBe(
      '两个电荷一定相互作用，15厘米，105匝，-3微库',
    );
  });

  it('reads what is asked from the cue words of word-problems.json, Chinese cues not inside their exceptions', () => {
    expect(parseWordProblem('两个 2 微库的电荷相距 10 厘米，它们之间的力多大')?.kind).toBe('coulomb_force');
    // 力矩 (torque) and 电力 (electric power) contain 力 but do not ask for a force.
    expect(parseWordProblem('两个 2 微库的电荷相距 10 厘米，求力矩')).toBeUndefined();
    expect(parseWordProblem('两个 2 微库的电荷相距 10 厘米，消耗多少电力')).toBeUndefined();
    expect(parseWordProblem('Brewster angles for light from air into glass')?.kind).toBe('brewster');
  });

  it('reads "and a half" as .5 and a Chinese numeral after a digit as the unit prefix', () => {
    expect(numeralsToDigits('eight hundred turns carrying one and a half amps')).toBe(
      '800 turns carrying 1.5 amps',
    );
    // 2 千伏 is 2 kV: reading 千 as a thousand would make it "2 1000伏".
    expect(numeralsToDigits('接在 2 千伏的电源上，5千米外')).toBe('接在 2 千伏的电源上，5千米外');
    expect(numeralsToDigits('二千伏')).toBe('2000伏');
    // The Chinese unit names of units.json count as units after a numeral (毫特 is not in the list of this module).
    expect(numeralsToDigits('三毫特，二纳库每米')).toBe('3毫特，2纳库每米');
  });

  it('problem_solver answers values written in words, in both languages', () => {
    expect(
      solve(
        'Two charges of two microcoulombs and minus three microcoulombs are ten centimetres apart. What is the force between them?',
      ),
    ).toContain('F = 5.39 N, attractive');
    expect(
      solve('A solenoid with five hundred turns per metre carries three amperes. What is the field inside?'),
    ).toContain('B = 0.00188 T');
    expect(solve('两个点电荷分别为两微库和负三微库，相距十厘米，求它们之间的作用力')).toContain(
      'F = 5.39 N，为引力',
    );
  });

  it.each([
    ['What is 5 eV in joules?', 'en'],
    ['Convert 5 eV to joules.', 'en'],
    ['Convert five electronvolts to joules.', 'en'],
    ['把 5 电子伏特换算成焦耳。', 'zh'],
    ['5 电子伏等于多少焦耳？', 'zh'],
  ])('problem_solver converts %j with the exact elementary charge', (text, lang) => {
    const asked = parseConversion(text);
    expect(asked).toMatchObject({ value: 5, from: expect.stringMatching(/^(eV|electronvolts)$/) });
    const { value } = convertUnits(asked!.value, asked!.from, asked!.to);
    expect(Math.abs(value - fiveEv)).toBeLessThanOrEqual(1e-12 * fiveEv);
    const reply = solve(text);
    expect(reply).toContain('8.01088317e-19');
    expect(reply).toContain(lang === 'zh' ? '单位换算' : 'Unit conversion');
  });

  it('shows the inputs of the expression without float noise', () => {
    const problem = parseWordProblem('field of a 3 nC charge at 0.7 cm');
    expect(problem!.expression).toBe(`${k} * 3e-9 * (0.007 - (0)) / abs(0.007 - (0))^3`);
    const midpoint = parseWordProblem('charges of 1 nC at x = 0.1 m and 2 nC at x = 0.3 m: force?');
    expect(midpoint!.given).toContain('r = 0.2 m');
    expect(midpoint!.expression).toContain('/ (0.2)^2');
  });
});
