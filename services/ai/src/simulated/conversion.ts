import { isUnitName } from '../tools/calculator.js';
import { numeralsToDigits } from './number-words.js';

/**
 * A unit conversion asked in prose ("What is 5 eV in joules?", "Convert 5 eV to joules.",
 * "把 5 电子伏特换算成焦耳。", "5 电子伏等于多少焦耳"): the value and the two units in the
 * calculator's names. Shared by the problem solver and the tool planner, so both read the same
 * requests; undefined when either unit is not one mathjs knows.
 */
export interface Conversion {
  value: number;
  from: string;
  to: string;
}

const UNIT_WORDS: Record<string, string> = {
  高斯: 'gauss',
  特斯拉: 'T',
  特: 'T',
  毫特: 'mT',
  毫特斯拉: 'mT',
  微特斯拉: 'uT',
  微特: 'uT',
  纳特斯拉: 'nT',
  centimetres: 'cm',
  centimeters: 'cm',
  millimetres: 'mm',
  millimeters: 'mm',
  metres: 'm',
  meters: 'm',
  gausses: 'gauss',
  tesla: 'T',
  teslas: 'T',
  G: 'gauss',
  伏特: 'V',
  伏: 'V',
  米: 'm',
  厘米: 'cm',
  毫米: 'mm',
  千米: 'km',
  焦耳: 'J',
  焦: 'J',
  电子伏特: 'eV',
  电子伏: 'eV',
  千电子伏: 'keV',
  兆电子伏: 'MeV',
  库仑: 'C',
  微库: 'uC',
  纳库: 'nC',
};
const unitOf = (word: string) => UNIT_WORDS[word] ?? UNIT_WORDS[word.toLowerCase()] ?? word;

const NUMBER = String.raw`(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)`;
// Longest Chinese names first: "电子伏特" must not stop at "电子伏".
const CHINESE_UNITS = Object.keys(UNIT_WORDS)
  .filter((w) => /\p{Script=Han}/u.test(w))
  .sort((a, b) => b.length - a.length)
  .join('|');
const UNIT = String.raw`([A-Za-zμµΩ°][\w/·^μµΩ°]*|${CHINESE_UNITS})`;

/** Each pattern with where its value, from-unit and to-unit are among its groups. */
const PATTERNS: [RegExp, [number, number, number]][] = [
  // "how many teslas is 350 gauss?": the unit asked for first.
  [new RegExp(`how\\s+many\\s+${UNIT}\\s+(?:is|are|in|make)\\s+${NUMBER}\\s*${UNIT}`, 'i'), [2, 3, 1]],
  [new RegExp(`${NUMBER}\\s*${UNIT}\\s+(?:to|into|in)\\s+${UNIT}\\s*[?？.!。]*$`, 'i'), [1, 2, 3]],
  [new RegExp(`把?\\s*${NUMBER}\\s*${UNIT}\\s*(?:换算|转换|折合|化)(?:成|为)\\s*${UNIT}`), [1, 2, 3]],
  [new RegExp(`${NUMBER}\\s*${UNIT}\\s*(?:等于|是|合)?多少\\s*${UNIT}`), [1, 2, 3]],
];

export function parseConversion(raw: string): Conversion | undefined {
  const text = numeralsToDigits(raw.normalize('NFKC').replace(/[−–]/g, '-')).trim();
  for (const [pattern, [v, f, t]] of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const from = unitOf(match[f]!);
    const to = unitOf(match[t]!);
    if (isUnitName(from) && isUnitName(to)) return { value: Number(match[v]), from, to };
  }
  return undefined;
}
