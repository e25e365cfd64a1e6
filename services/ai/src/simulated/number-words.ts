/**
 * Numbers written in words, as digits: "minus three microcoulombs" → "-3 microcoulombs",
 * "five hundred and twenty turns" → "520 turns", "负三微库" → "-3微库", "五百匝" → "500匝".
 * Up to the thousands (the chinese side to 万), which covers what students write in a physics
 * question; a phrase it cannot read as one number ("two three") is left as written.
 *
 * In-house rather than `words-to-numbers` (the usual npm package): that one pulls babel-runtime 6
 * and a fuzzy matcher, has no "minus" and no Chinese; this is some sixty lines (docs/adr/0037).
 */

const ONES: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000 };

const WORD = `(?:${[...Object.keys(ONES), ...Object.keys(TENS), ...Object.keys(SCALES)].join('|')})`;
const DIGIT = `(?:${Object.keys(ONES).slice(0, 10).join('|')})`;
// "and" only after a scale ("five hundred and twenty"): "two and three" stays two numbers.
const PHRASE = new RegExp(
  String.raw`\b(?:(minus|negative)\s+)?(${WORD}(?:(?:\s*-\s*|\s+|(?<=hundred|thousand)\s+and\s+)${WORD})*)(?:\s+point((?:\s+${DIGIT})+))?\b`,
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
      if (SCALES[word] === 1000) {
        total += (current || 1) * 1000;
        current = 0;
      } else current = (current || 1) * 100;
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

const CN_DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const CN_SCALES: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

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
    } else if (ch === '万') {
      total += (section + (digit ?? 0)) * 10_000;
      section = 0;
      digit = undefined;
    } else return undefined;
  }
  return total + section + (digit ?? 0);
}

// Chinese numerals also make words (一定, 十分, 两个电荷), so only one followed by a unit is a quantity:
// a Chinese unit name, or a unit symbol ("三 mT", as the tools chat writes 三毫特斯拉 before this).
const CN_UNIT =
  '(?:皮库|纳库|微库|毫库|库仑|库|匝|毫安|安培|安|毫米|厘米|千米|公里|米|度|伏特|伏|特斯拉|高斯|电子伏|焦耳|焦|牛顿|牛)';
const CN_NUMBER = new RegExp(
  `(负|正)?([零〇一二两三四五六七八九十百千万]+)(?:点([零〇一二三四五六七八九]+))?(?=\\s*(?:${CN_UNIT}|[A-Za-zμµ]))`,
  'g',
);

export function numeralsToDigits(text: string): string {
  return text
    .replace(PHRASE, (written, sign: string | undefined, whole: string, decimals: string | undefined) => {
      const value = englishValue(whole);
      if (value === undefined) return written;
      const fraction = decimals
        ? `.${decimals
            .trim()
            .split(/\s+/)
            .map((d) => ONES[d.toLowerCase()])
            .join('')}`
        : '';
      return `${sign ? '-' : ''}${value}${fraction}`;
    })
    .replace(CN_NUMBER, (written, sign: string | undefined, whole: string, decimals: string | undefined) => {
      const value = chineseValue(whole);
      if (value === undefined) return written;
      const fraction = decimals ? `.${[...decimals].map((d) => CN_DIGITS[d]).join('')}` : '';
      return `${sign === '负' ? '-' : ''}${value}${fraction}`;
    });
}
