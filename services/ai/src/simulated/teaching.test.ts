import { describe, expect, it } from 'vitest';
import { conceptOfConversation } from '../knowledge/course-concepts.js';
import { convertUnits } from '../tools/calculator.js';
import { parseConversion } from './conversion.js';
import { numeralsToDigits } from './number-words.js';
import { problemSolverAnswer } from './teaching.js';

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
    expect(zh).toContain('F = 5.39 N，为吸引力');
    expect(zh).toMatch(/^\*\*解题过程\*\*/);
  });
});

describe('quantities written in words, and unit conversions', () => {
  const solve = (text: string) => problemSolverAnswer(conceptOfConversation([text]), text);
  /** 5 eV in joules with e = 1.602176634e-19 C exactly (SI 2019). */
  const fiveEv = 5 * 1.602176634e-19;

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
      'F = 5.39 N，为吸引力',
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
});
