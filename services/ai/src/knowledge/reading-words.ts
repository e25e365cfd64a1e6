import { escapeRegExp } from '../regexp.js';
import type { Reading } from './reading.js';
import { mentions } from './solver-math.js';
import type { UnitsFile } from './units-schema.js';

/** Quantities a question gives by words rather than by a unit or a symbol: see each reader. */

/** Words that give a medium's relative permittivity and permeability (units.json `relative`). */
export interface RelativeWords {
  permittivity: string[];
  permeability: string[];
}

/**
 * "相对介电常数为 2.25", "εr = 4 … μr = 1": a medium written by its relative permittivity (and
 * permeability) is a medium of refractive index n = √(εr μr), the notes' relation, so the results
 * that take a medium's index (v = c/n, λ = c/(nf)) take it. Unwritten, μr is 1 (a dielectric).
 * The spans are the numbers read, not to be read again; two permittivities are two media, not read.
 */
export function relativeIndex(
  text: string,
  words: RelativeWords,
): { readings: Reading[]; spans: [number, number][] } {
  const find = (list: string[]) => {
    const names = list.map((w) => escapeRegExp(w) + (/[A-Za-z]$/.test(w) ? '(?![A-Za-z])' : '')).join('|');
    const pattern = new RegExp(
      `(?:${names})\\s*(?:of|is|为|是|=|:|：)?\\s*(?:[εμ]_?r\\s*=\\s*)?(\\d+(?:\\.\\d+)?)(?!\\d|\\.\\d)`,
      'gi',
    );
    return [...text.matchAll(pattern)].map((m) => ({
      value: Number(m[1]),
      span: [m.index, m.index + m[0].length] as [number, number],
    }));
  };
  const eps = find(words.permittivity);
  const mu = find(words.permeability);
  if (eps.length !== 1 || mu.length > 1) return { readings: [], spans: [] };
  const e = eps[0]!;
  const m = mu[0];
  const n = Math.sqrt(e.value * (m?.value ?? 1));
  const reading: Reading = {
    kind: 'index',
    value: n,
    written: m ? `√(εr μr) = √(${e.value} × ${m.value})` : `√εr = √${e.value}`,
    index: e.span[0],
    end: e.span[1],
  };
  return { readings: [reading], spans: [e.span, ...(m ? [m.span] : [])] };
}

/**
 * "a Courant number of 0.5", "Courant 数 S = cΔt/Δx 取 0.5": a number given to a symbol by the words
 * that name it (units.json `symbolWords`), read as given to the symbol, as "S = 0.5" is. The number
 * follows the words with no other number between, within a few words.
 */
export function givenByWords(text: string, words: Record<string, string[]>): Reading[] {
  return Object.entries(words).flatMap(([symbol, names]) => {
    const alternatives = names
      .map((w) => escapeRegExp(w) + (/[A-Za-z]$/.test(w) ? '(?![A-Za-z])' : ''))
      .join('|');
    const pattern = new RegExp(
      `(?:${alternatives})[^\\d]{0,24}?(?<![\\w.])(\\d+(?:\\.\\d+)?)(?!\\d|\\.\\d)`,
      'gi',
    );
    return [...text.matchAll(pattern)].map((m) => ({
      kind: `=${symbol}`,
      value: Number(m[1]),
      written: m[1]!,
      index: m.index,
      end: m.index + m[0].length,
    }));
  });
}

/** How a point's coordinates are written (units.json `coordinates`): "(0.30 m, 0)", "（3 cm，4 cm）". */
type CoordinateNotation = UnitsFile['coordinates'];

/**
 * "P at (0.15 m, 0.20 m)": numbers written as a point's coordinates are a position, not a distance
 * from anything; a length read there is of the coordinates' kind, which no result takes as a length.
 */
export function asCoordinates(text: string, readings: Reading[], notation: CoordinateNotation): Reading[] {
  const any = (list: string[]) => list.map(escapeRegExp).join('|');
  const inside = `[^${notation.close.map(escapeRegExp).join('')}${notation.open.map(escapeRegExp).join('')}]*`;
  const pattern = new RegExp(
    `(?:${any(notation.open)})\\s*[-+]?\\d${inside}(?:${any(notation.separators)})${inside}(?:${any(notation.close)})`,
    'g',
  );
  const spans = [...text.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length] as const);
  return readings.map((r) =>
    notation.of.includes(r.kind) && spans.some(([from, to]) => from <= r.index && r.end <= to)
      ? { ...r, kind: notation.kind }
      : r,
  );
}

/**
 * "五十纳库（50 nC）", "fifty nanocoulombs (50 nC)": a quantity written again in brackets just after
 * itself (same kind, same value) is one quantity, not a second one left unused.
 */
export function withoutRestated(
  text: string,
  readings: Reading[],
  brackets: { open: string[]; close: string[] },
) {
  const chars = (list: string[]) => `[${list.map(escapeRegExp).join('')}]`;
  const before = new RegExp(`^\\s*${chars(brackets.open)}\\s*$`);
  const after = new RegExp(`^\\s*${chars(brackets.close)}`);
  return readings.filter(
    (r) =>
      !readings.some(
        (first) =>
          first !== r &&
          first.kind === r.kind &&
          Math.abs(first.value - r.value) <= 1e-9 * Math.abs(r.value) &&
          first.end <= r.index &&
          before.test(text.slice(first.end, r.index)) &&
          after.test(text.slice(r.end)),
      ),
  );
}

/**
 * Where a clause ends: a value's words stand in its own clause. A mark followed by a space, the end
 * or a Chinese character (full-width marks are ASCII once the text is in compatibility form).
 */
const CLAUSE_END = /[.;,?!](?=\s|$|\p{Script=Han})|[。；，？！]/gu;

/**
 * "an rms electric field of 60 V/m", "电场有效值（方均根值）为 50 V/m", "60 V/m rms": a value said to be
 * root-mean-square, by a word in its clause before it or just after it.
 */
export function markedRms(text: string, readings: Reading[], words: string[]): Reading[] {
  const lower = text.toLowerCase();
  return readings.map((r) => {
    const ends = [...lower.slice(0, r.index).matchAll(CLAUSE_END)];
    const clause = lower.slice(ends.length > 0 ? ends.at(-1)!.index + 1 : 0, r.index);
    // Just after it, in its own clause: "300 V/m，电场有效值是多少" asks the rms value of the 300 V/m.
    const after = lower.slice(r.end, r.end + 8).split(CLAUSE_END)[0]!;
    return mentions(clause, words) || mentions(after, words) ? { ...r, rms: true } : r;
  });
}
