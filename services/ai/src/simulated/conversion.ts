import { conversionPatterns, plainRequest, unitName } from '../tools/request-words.js';

/**
 * A unit conversion asked in prose ("What is 5 eV in joules?", "how many teslas is 350 gauss?",
 * "把 5 电子伏特换算成焦耳。", "三毫特斯拉是多少高斯"): the value and the two units in the
 * calculator's names. Shared by the problem solver and the tool planner, so both read the same
 * requests; the phrasings and unit names are data (corpus/knowledge/tool-requests.json);
 * undefined when either unit is not one mathjs knows.
 */
export interface Conversion {
  value: number;
  from: string;
  to: string;
}

export function parseConversion(raw: string): Conversion | undefined {
  const text = plainRequest(raw);
  for (const { pattern, groups } of conversionPatterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const [v, f, t] = groups;
    const from = unitName(match[f]!);
    const to = unitName(match[t]!);
    if (from && to) return { value: Number(match[v]), from, to };
  }
  return undefined;
}
