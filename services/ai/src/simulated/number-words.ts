import { z } from 'zod';
import { KNOWLEDGE_DIR, readDataFile } from '../knowledge/data-file.js';
import { escapeRegExp } from '../regexp.js';

/**
 * Numbers written in words, as digits: "minus three microcoulombs" → "-3 microcoulombs",
 * "five hundred and twenty turns" → "520 turns", "one and a half amps" → "1.5 amps",
 * "负三微库" → "-3微库", "五百匝" → "500匝". Up to the thousands (the Chinese side to 万), which
 * covers what students write in a physics question; a phrase it cannot read as one number ("two
 * three") is left as written. The words are data (corpus/knowledge/number-words.json).
 *
 * In-house rather than `words-to-numbers` (the usual npm package): that one pulls babel-runtime 6
 * and a fuzzy matcher, has no "minus" and no Chinese (docs/adr/0037).
 */
const numbers = z.record(z.string(), z.number());
const schema = z.object({
  en: z.object({
    ones: numbers,
    tens: numbers,
    scales: numbers,
    minus: z.array(z.string()),
    point: z.string(),
    andAHalf: z.array(z.string()),
  }),
  zh: z.object({
    digits: numbers,
    scales: numbers,
    myriad: z.string(),
    minus: z.string(),
    plus: z.string(),
    point: z.string(),
    unitsAfter: z.array(z.string()),
  }),
});
const { en, zh } = readDataFile(schema, KNOWLEDGE_DIR, 'number-words.json');
// The Chinese unit names of units.json (毫特, 纳库每米 …) also mark a numeral as a quantity.
const unitsFile = readDataFile(
  z.object({ units: z.array(z.object({ words: z.array(z.string()).optional() })) }),
  KNOWLEDGE_DIR,
  'units.json',
);

const alternatives = (words: string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');

const ONES = en.ones;
const TENS = en.tens;
const SCALES = en.scales;
const WORD = `(?:${alternatives([...Object.keys(ONES), ...Object.keys(TENS), ...Object.keys(SCALES)])})`;
const DIGIT = `(?:${alternatives(Object.keys(ONES).filter((w) => ONES[w]! < 10))})`;
const AFTER_SCALE = `(?<=${Object.keys(SCALES).map(escapeRegExp).join('|')})`;
const HALF = alternatives(en.andAHalf).replace(/ /g, '\\s+');
// "and" only after a scale ("five hundred and twenty"): "two and three" stays two numbers.
const PHRASE = new RegExp(
  String.raw`\b(?:(${alternatives(en.minus)})\s+)?(${WORD}(?:(?:\s*-\s*|\s+|${AFTER_SCALE}\s+and\s+)${WORD})*)(?:\s+${escapeRegExp(en.point)}((?:\s+${DIGIT})+)|\s+(${HALF}))?\b`,
  'gi',
);

function englishValue(phrase: string): number | undefined {
  let total = 0;
  let current = 0;
  // The last word's kind: a unit after a unit or a ten ("two three", "twenty thirty") is not one number.
  let last: 'one' | 'ten' | 'scale' | undefined;
  for (const word of phrase.toLowerCase().split(/[\s-]+/)) {
    if (word === 'and') continue;
    if (word in SCALES) {
      // A thousand or more closes a section ("two million three hundred thousand").
      if (SCALES[word]! >= 1000) {
        total += (current || 1) * SCALES[word]!;
        current = 0;
      } else current = (current || 1) * SCALES[word]!;
      last = 'scale';
    } else if (word in TENS) {
      if (last === 'one' || last === 'ten') return undefined;
      current += TENS[word]!;
      last = 'ten';
    } else {
      if (last === 'one' || (last === 'ten' && ONES[word]! >= 10)) return undefined;
      current += ONES[word]!;
      last = 'one';
    }
  }
  return total + current;
}

const CN_DIGITS = zh.digits;
const CN_SCALES = zh.scales;

function chineseValue(numeral: string): number | undefined {
  let total = 0;
  let section = 0;
  let digit: number | undefined;
  for (const ch of numeral) {
    if (ch in CN_DIGITS) {
      digit = CN_DIGITS[ch]!;
    } else if (ch in CN_SCALES) {
      // "十五" is 15: a scale with no digit before it counts once.
      section += (digit ?? 1) * CN_SCALES[ch]!;
      digit = undefined;
    } else if (ch === zh.myriad) {
      total += (section + (digit ?? 0)) * 10_000;
      section = 0;
      digit = undefined;
    } else return undefined;
  }
  return total + section + (digit ?? 0);
}

const hanUnits = unitsFile.units.flatMap((u) => u.words ?? []).filter((w) => /\p{Script=Han}/u.test(w));
// Chinese numerals also make words (一定, 十分, 两个电荷), so only one followed by a unit is a quantity:
// a Chinese unit name, or a unit symbol ("三 mT", as the tools chat writes 三毫特斯拉 before this).
// One right after a digit is a prefix of the unit ("2 千伏" is 2 kV, not 2 and 1000 V).
const CN_UNIT = `(?:${alternatives([...new Set([...zh.unitsAfter, ...hanUnits])])})`;
const CN_CHARS = [...Object.keys(CN_DIGITS), ...Object.keys(CN_SCALES), zh.myriad].join('');
const CN_DECIMALS = Object.keys(CN_DIGITS)
  .filter((d) => d !== '两')
  .join('');
const CN_NUMBER = new RegExp(
  `(?<![\\d.]\\s*)(${escapeRegExp(zh.minus)}|${escapeRegExp(zh.plus)})?([${CN_CHARS}]+)(?:${escapeRegExp(zh.point)}([${CN_DECIMALS}]+))?(?=\\s*(?:${CN_UNIT}|[A-Za-zμµ]))`,
  'g',
);

// "4 million", "2.5 thousand": digits with a scale word.
const DIGITS_SCALE = new RegExp(
  String.raw`(?<![\w.])(\d+(?:\.\d+)?)\s+(${alternatives(Object.keys(SCALES))})\b`,
  'gi',
);

export function numeralsToDigits(text: string): string {
  return text
    .replace(DIGITS_SCALE, (_, digits: string, scale: string) =>
      String(Number(digits) * SCALES[scale.toLowerCase()]!),
    )
    .replace(
      PHRASE,
      (
        written,
        sign: string | undefined,
        whole: string,
        decimals: string | undefined,
        half: string | undefined,
      ) => {
        const value = englishValue(whole);
        if (value === undefined) return written;
        const fraction = decimals
          ? `.${decimals
              .trim()
              .split(/\s+/)
              .map((d) => ONES[d.toLowerCase()])
              .join('')}`
          : half
            ? '.5'
            : '';
        return `${sign ? '-' : ''}${value}${fraction}`;
      },
    )
    .replace(CN_NUMBER, (written, sign: string | undefined, whole: string, decimals: string | undefined) => {
      const value = chineseValue(whole);
      if (value === undefined) return written;
      const fraction = decimals ? `.${[...decimals].map((d) => CN_DIGITS[d]).join('')}` : '';
      return `${sign === zh.minus ? '-' : ''}${value}${fraction}`;
    });
}
