import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { KNOWLEDGE_DIR } from '../knowledge/knowledge-base.js';
import type { Lang } from '../lang.js';
import { escapeRegExp } from '../regexp.js';
import { SI_PREFIX } from '../si-prefix.js';
import { numeralsToDigits } from '../simulated/number-words.js';
import { isUnitName } from './calculator.js';

/**
 * How students ask the tools chat for things (corpus/knowledge/tool-requests.json): unit names,
 * conversion phrasings, the words that ask for a simulation and those that join two requests.
 * The phrasings are data; this module only turns them into matchers.
 */
const keyed = z.object({ en: z.array(z.string()), zh: z.array(z.string()) });
const schema = z.object({
  unitNames: z.object({ en: z.record(z.string(), z.string()), zh: z.record(z.string(), z.string()) }),
  prefixNames: z.object({ zh: z.record(z.string(), z.string()) }),
  notUnits: z.object({ en: z.array(z.string()) }),
  conversions: keyed,
  simulate: keyed,
  joiners: keyed,
  cues: z.object({ wire: keyed, mathAsk: keyed, question: keyed }),
});
const data = schema.parse(JSON.parse(readFileSync(join(KNOWLEDGE_DIR, 'tool-requests.json'), 'utf8')));

const longestFirst = (words: string[]) => [...words].sort((a, b) => b.length - a.length);

/** Chinese unit names, bare and with a prefix name (毫特斯拉 → mT), kept only where mathjs reads the symbol. */
const chineseUnits: Record<string, string> = { ...data.unitNames.zh };
for (const [prefixName, prefix] of Object.entries(data.prefixNames.zh)) {
  if (SI_PREFIX[prefix] === undefined) throw new Error(`tool-requests.json: ${prefix} is not an SI prefix`);
  for (const [name, symbol] of Object.entries(data.unitNames.zh)) {
    if (isUnitName(`${prefix}${symbol}`)) chineseUnits[`${prefixName}${name}`] = `${prefix}${symbol}`;
  }
}
const CHINESE_UNIT = new RegExp(longestFirst(Object.keys(chineseUnits)).map(escapeRegExp).join('|'), 'g');
const ENGLISH_NAMES = new RegExp(
  `\\b(?:${longestFirst(Object.keys(data.unitNames.en).filter((w) => w.includes(' ') || w.includes('-')))
    .map(escapeRegExp)
    .join('|')})\\b`,
  'gi',
);

/**
 * The request with units as symbols and numbers as digits: "三毫特斯拉是多少高斯" → "3 mT 是多少 gauss",
 * "2 千伏" → "2 kV" (units first, so 千 in 千伏 is a prefix, not a thousand).
 */
export function plainRequest(raw: string): string {
  const text = raw
    .normalize('NFKC')
    .replace(/[−–]/g, '-')
    .replace(ENGLISH_NAMES, (name) => data.unitNames.en[name.toLowerCase()] ?? name)
    .replace(CHINESE_UNIT, (name) => ` ${chineseUnits[name]} `);
  return numeralsToDigits(text)
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** A unit word as mathjs's name, or undefined when mathjs does not know it. */
export function unitName(word: string): string | undefined {
  if (data.notUnits.en.includes(word.toLowerCase())) return undefined;
  const name = data.unitNames.en[word] ?? data.unitNames.en[word.toLowerCase()] ?? word;
  return isUnitName(name) ? name : undefined;
}

const NUMBER = String.raw`(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)`;
const UNIT = String.raw`([A-Za-zμµΩ°][\w/·^μµΩ°]*)`;

export interface ConversionPattern {
  pattern: RegExp;
  /** Where the value, the from-unit and the to-unit are among the pattern's groups. */
  groups: [value: number, from: number, to: number];
}

function compile(template: string): ConversionPattern {
  const order = [...template.matchAll(/\{(value|from|to)\}/g)].map((m) => m[1]!);
  const source = template
    .split(/(\{value\}|\{from\}|\{to\})/)
    .map((piece) => {
      if (piece === '{value}') return NUMBER;
      if (piece === '{from}' || piece === '{to}') return UNIT;
      return escapeRegExp(piece).replace(/\s+/g, '\\s*');
    })
    .join('')
    // A unit ends at a word boundary: "in gauss" is not "in g".
    .replace(new RegExp(escapeRegExp(UNIT), 'g'), `${UNIT}(?![\\w])`);
  const at = (name: string) => order.indexOf(name) + 1;
  return { pattern: new RegExp(source, 'i'), groups: [at('value'), at('from'), at('to')] };
}

export const conversionPatterns: readonly ConversionPattern[] = [
  ...data.conversions.en,
  ...data.conversions.zh,
].map(compile);

/** Whether the text is worded as a conversion, whatever its units ("convert 3 mT to bananas"). */
export function looksLikeConversion(text: string): boolean {
  const plain = plainRequest(text);
  return conversionPatterns.some(({ pattern }) => pattern.test(plain));
}

const SIMULATE = new RegExp([...data.simulate.en, ...data.simulate.zh].map(escapeRegExp).join('|'), 'i');

/** Whether the request asks for a simulation ("simulate …", "run a simulation of …", "模拟…"). */
export function asksSimulation(text: string): boolean {
  return SIMULATE.test(text);
}

/** The places a request can be split into two ("…, then find …", "…，再把…"), in the text's language. */
export function joinersOf(lang: Lang): readonly string[] {
  return data.joiners[lang];
}

/** A cue list as one alternation: English whole words, Chinese anywhere. */
function cueSource({ en, zh }: { en: string[]; zh: string[] }): string {
  const english = longestFirst(en).map((cue) => `\\b${escapeRegExp(cue).replace(/\s+/g, '\\s+')}\\b`);
  return [...english, ...longestFirst(zh).map(escapeRegExp)].join('|');
}

/** The planner's cue words (tool-requests.json `cues`): wire, question, calculation. */
export const cue = {
  wire: new RegExp(cueSource(data.cues.wire), 'i'),
  question: new RegExp(`\\?|？|${cueSource(data.cues.question)}`, 'i'),
  /** "what is 2+2", "计算 sin(30°)": the expression after the asking words. */
  mathAsk: new RegExp(
    `(?:${[...data.cues.mathAsk.en, ...data.cues.mathAsk.zh].map((w) => escapeRegExp(w).replace(/\s+/g, '\\s+')).join('|')})\\s*[:：]?\\s*(.+?)\\s*[?？。!！]*$`,
    'i',
  ),
};
