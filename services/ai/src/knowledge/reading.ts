import { escapeRegExp } from '../regexp.js';
import { numeralsToDigits } from '../simulated/number-words.js';
import { plainSuperscripts } from '../tools/superscripts.js';
import type { UnitsFile } from './knowledge-base.js';
import { readChanges, readLinearInTime } from './reading-change.js';
import { mediumIndices, writtenIndices } from './reading-indices.js';
import { asCoordinates, givenByWords, markedRms, relativeIndex, withoutRestated } from './reading-words.js';

/**
 * The quantities of a question as students write them: digits or words (EN, ZH), × 10^n,
 * superscripts, SI prefixes, Chinese unit names, refractive indices written as n = 1.5 or as the
 * medium's name. Each in SI with the kind of quantity its unit measures.
 */
export interface Reading {
  /** What the unit measures (`length`, `charge` …), or `=N` for a bare number given to symbol N. */
  kind: string;
  /** SI value (angles in degrees, indices and counts as they are). */
  value: number;
  /** As the question wrote it, for "Given". */
  written: string;
  index: number;
  end: number;
  /** The unit as a symbol ("μC" for microcoulombs, "C/m" for nC per metre), when it has one. */
  symbol?: string;
  /** The symbol the question gives it to, as written ("R = 10 cm": `R`; case matters, r is not R). */
  named?: string;
  /** The only medium, in a question with no word of direction: which side it is on is the result's convention. */
  alone?: boolean;
  /** A length labelled a diameter, read as its half. */
  diameter?: boolean;
  /** Said to be a root-mean-square value ("an rms field of 60 V/m"): no amplitude of a result. */
  rms?: boolean;
}

/** "R = ", "εr = " just before a number: the symbol it is given to, as written. */
const namedBefore = (text: string, at: number) =>
  /([A-Za-zα-ωΑ-Ω][\w₀-₉]*)\s*=\s*$/.exec(text.slice(Math.max(0, at - 12), at));

const NUMBER = /(?<![\w.])([-+]?\d+(?:\.\d+)?)(?:\s*(?:[eE]([-+]?\d+)|[×x*]\s*10\s*\^\s*\(?([-+]?\d+)\)?))?/g;

interface UnitSpelling {
  text: string;
  kind: string;
  factor: number;
  symbol: boolean;
  /** The unit's first symbol ("μC" for "microcoulombs"). */
  canonical?: string;
}

export class QuantityReader {
  private readonly spellings: UnitSpelling[];

  constructor(private readonly units: UnitsFile) {
    this.spellings = units.units
      .flatMap((u) => {
        const spelling = (text: string, symbol: boolean) => ({
          text,
          kind: u.kind,
          factor: u.factor,
          symbol,
          canonical: u.symbols?.[0],
        });
        return [
          ...(u.symbols ?? []).map((text) => spelling(text, true)),
          ...(u.words ?? []).map((text) => spelling(text, false)),
        ];
      })
      .sort((a, b) => b.text.length - a.text.length);
  }

  /** Minus signs, exponents, numbers in words and written-out quantities as plain digits. */
  normalise(question: string): string {
    // Exponents first: NFKC turns "10⁶" into "106" and "10⁻⁸" into "10−8".
    let text = question
      .replace(/10([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)/g, (_, exp: string) => `10^${plainSuperscripts(exp)}`)
      .normalize('NFKC');
    for (const { text: phrase, as } of this.units.phrases.as) text = text.split(phrase).join(as);
    return numeralsToDigits(text)
      .replace(/[−–—](?=\s*\d)/g, '-')
      .replace(/(?<![\d.]\s*[×x*]\s*)(?<![\w.])10\s*\^\s*\(?([-+]?\d+)\)?/g, '1e$1');
  }

  unitAfter(text: string): UnitSpelling | undefined {
    const lower = text.toLowerCase();
    for (const s of this.spellings) {
      const head = s.symbol ? text.slice(0, s.text.length) : lower.slice(0, s.text.length);
      if (head !== (s.symbol ? s.text : s.text.toLowerCase())) continue;
      // "5 m" but not "5 metal"; Chinese units need no boundary.
      const next = text.charAt(s.text.length);
      if (/[A-Za-z]/.test(next) && /[A-Za-z]$/.test(s.text)) continue;
      return s;
    }
    return undefined;
  }

  /**
   * The unit a reading's unit is divided by, when one follows ("per metre", "/cm²", "每秒"): `?/kind`
   * with the divisor's factor and where it ends; `kind` undefined when the divisor is no unit.
   */
  private per(
    text: string,
    at: number,
    words = this.units.per.words,
  ): { kind?: string; factor: number; end: number } | undefined {
    const { square, squared } = this.units.per;
    const joined = new RegExp(
      `^\\s*(?:${words.map((w) => escapeRegExp(w) + (/[A-Za-z]$/.test(w) ? '(?![A-Za-z])' : '')).join('|')})\\s*(?:(${square.map(escapeRegExp).join('|')})\\.?\\s*)?`,
      'i',
    ).exec(text.slice(at));
    if (!joined) return undefined;
    const start = at + joined[0].length;
    const divisor = this.unitAfter(text.slice(start));
    if (!divisor) return { factor: 1, end: start };
    let end = start + divisor.text.length;
    // "m2" is m² (compatibility form), but "m 25" is not.
    const power = squared.find((s) => text.startsWith(s, end) && !/^[\d.]/.test(text.slice(end + s.length)));
    if (power) end += power.length;
    const squares = joined[1] !== undefined || power !== undefined;
    return {
      kind: `?/${divisor.kind}${squares ? '^2' : ''}`,
      factor: divisor.factor ** (squares ? 2 : 1),
      end,
    };
  }

  /**
   * "3.5 nC of charge per metre", "2 μC of charge on it per square metre": a few words (no number,
   * no sentence mark) between a unit and its divisor still make a quotient, so the charge is not
   * read as a point charge; only a divisor that is a unit counts.
   */
  private perAfterWords(
    text: string,
    at: number,
  ): { kind?: string; factor: number; end: number } | undefined {
    const window = /^[^\d,.;:?!，。；：？！]{0,40}/.exec(text.slice(at))![0];
    for (const w of [...this.units.per.words, ...this.units.per.each]) {
      const word = escapeRegExp(w) + (/[A-Za-z]$/.test(w) ? '(?![A-Za-z])' : '');
      const hit = new RegExp(`^((?:\\s*[A-Za-z\u4e00-\u9fff]+){1,4}?)\\s*(?=${word})`, 'i').exec(window);
      if (!hit || hit[1]!.trim().split(/\s+/).length > 4) continue;
      const quotient = this.per(text, at + hit[0].length, [w]);
      if (quotient?.kind) return quotient;
    }
    return undefined;
  }

  /**
   * The question with every quantity's unit written as its symbol ("three microcoulombs" → "3 μC"),
   * so results described by unit symbols match however the student spelled the unit.
   */
  symbolic(question: string): string {
    const text = this.normalise(question);
    let out = '';
    let at = 0;
    for (const r of this.read(question)) {
      if (!r.symbol || r.index < at) continue;
      out += `${text.slice(at, r.index)}${r.value} ${r.symbol}`;
      at = r.end;
    }
    return out + text.slice(at);
  }

  /** A diameter's word just before the length ("diameter of 3 cm", "直径为3厘米") or just after it ("3 cm in diameter"). */
  private labelledDiameter(text: string, start: number, end: number): boolean {
    const { words, before, after } = this.units.diameter;
    const lower = text.toLowerCase();
    const near = (gap: string, limit: number) => gap.length <= limit && !/[\d,.;:?!，。；：？！、]/.test(gap);
    // The word labels the length just after it, if there is one ("长 30 cm、直径 2 cm": 2 cm, not 30 cm).
    const labelsNext = (from: number) =>
      /^[^\d,.;:?!，。；：？！、]*\d/.test(lower.slice(from, from + before + 1));
    return words.some((w) => {
      const word = w.toLowerCase();
      const at = lower.lastIndexOf(word, start);
      if (at >= 0 && at + word.length <= start && near(lower.slice(at + word.length, start), before))
        return true;
      const next = lower.indexOf(word, end);
      return next >= 0 && near(lower.slice(end, next), after) && !labelsNext(next + word.length);
    });
  }

  /**
   * "每米 1000 匝", "每厘米绕 20 匝": a quotient written divisor first (`per.before`, a verb of
   * `per.joins` between), read as the quotient's kind like "20 turns per cm".
   */
  private perFirst(text: string): Reading[] {
    const { before, joins, span, kinds } = this.units.per;
    const join = joins.map(escapeRegExp).join('|');
    const measures = span.map(escapeRegExp).join('|');
    const out: Reading[] = [];
    for (const word of before) {
      for (const m of text.matchAll(new RegExp(escapeRegExp(word), 'g'))) {
        const start = m.index + word.length;
        const divisor = this.unitAfter(text.slice(start).trimStart());
        if (!divisor) continue;
        const after =
          start + (text.slice(start).length - text.slice(start).trimStart().length) + divisor.text.length;
        const count = new RegExp(`^\\s*(?:${measures})?\\s*(?:${join})?\\s*(\\d+(?:\\.\\d+)?)\\s*`).exec(
          text.slice(after),
        );
        const unit = count && this.unitAfter(text.slice(after + count[0].length));
        const kind = unit && kinds[`${unit.kind}/${divisor.kind}`];
        if (!count || !unit || !kind) continue;
        const end = after + count[0].length + unit.text.length;
        out.push({
          kind,
          value: (Number(count[1]) * unit.factor) / divisor.factor,
          written: text.slice(m.index, end),
          index: m.index,
          end,
        });
      }
    }
    return out;
  }

  /**
   * "10, 20, 30 and 40 V": the unit written once after the last of a list of numbers, for a number
   * of the list (units.json `list`); none inside a point's brackets, nor before a quotient.
   */
  private listedUnit(text: string, at: number, rest: string): UnitSpelling | undefined {
    const { open, close } = this.units.coordinates;
    const before = text.slice(0, at);
    const lastOpen = Math.max(...open.map((o) => before.lastIndexOf(o)));
    if (lastOpen >= 0 && Math.max(...close.map((c) => before.lastIndexOf(c))) < lastOpen) return undefined;
    const sep = this.units.list.separators
      .map((w) => escapeRegExp(w) + (/[A-Za-z]$/.test(w) ? '(?![A-Za-z])' : ''))
      .join('|');
    const list = new RegExp(`^(?:\\s*(?:${sep})\\s*[-+]?\\d+(?:\\.\\d+)?(?![\\d.]))+\\s*`).exec(rest);
    if (!list) return undefined;
    const unit = this.unitAfter(rest.slice(list[0].length));
    if (!unit) return undefined;
    const after = text.length - rest.length + list[0].length + unit.text.length;
    return this.per(text, after) || this.perAfterWords(text, after) ? undefined : unit;
  }

  read(question: string): Reading[] {
    const text = this.normalise(question);
    const out: Reading[] = [];
    const taken: [number, number][] = [];
    const relative = relativeIndex(text, this.units.relative);
    // A permeability read with a permittivity is the medium's index already, not a core's μr too.
    const byWords = givenByWords(text, this.units.symbolWords.symbols).filter(
      (r) => !relative.spans.some(([from, to]) => r.index < to && from < r.end),
    );
    const written = [...writtenIndices(text), ...relative.readings];
    const indexAt = mediumIndices(text, written, this.units);
    for (const m of text.matchAll(NUMBER)) {
      const number = Number(m[1]) * 10 ** Number(m[2] ?? m[3] ?? 0);
      if (written.some((r) => r.index <= m.index && m.index < r.end)) continue;
      if (relative.spans.some(([from, to]) => from <= m.index && m.index < to)) continue;
      if (byWords.some((r) => r.index <= m.index && m.index < r.end)) continue;
      const rest = text.slice(m.index + m[0].length);
      // "a 200-turn coil", "a 10-cm rod": a hyphen joins the number to its unit.
      const gap = /^\s*(?:-(?=[A-Za-z]))?/.exec(rest)![0].length;
      const own = this.unitAfter(rest.slice(gap));
      const listed = own ? undefined : this.listedUnit(text, m.index, rest);
      const unit = own ?? listed;
      if (!unit) {
        // "N = 500": a number without a unit given to a named symbol.
        const named = namedBefore(text, m.index);
        if (named) {
          const start = m.index - named[0].length;
          out.push({
            kind: `=${named[1]}`,
            value: number,
            written: m[0],
            index: start,
            end: m.index + m[0].length,
          });
        }
        continue;
      }
      let end = m.index + m[0].length + (listed ? 0 : gap + unit.text.length);
      let { kind, factor, canonical: symbol } = unit;
      const quotient = listed ? undefined : (this.per(text, end) ?? this.perAfterWords(text, end));
      if (quotient) {
        // "3 nC per metre": a quotient of a kind nobody listed is not read as its first unit.
        const known = quotient.kind && this.units.per.kinds[quotient.kind.replace('?', unit.kind)];
        if (!known) continue;
        kind = known;
        symbol = this.units.si[known];
        factor = unit.factor / quotient.factor;
        end = quotient.end;
      }
      const named = namedBefore(text, m.index);
      // "3.0 cm in diameter": the formulas take a radius, so the reading is half of it.
      const diameter = kind === 'length' && this.labelledDiameter(text, m.index, end);
      out.push({
        kind,
        value: (number * factor) / (diameter ? 2 : 1),
        written: text.slice(m.index, end) + (diameter ? ' / 2' : ''),
        index: m.index,
        end,
        ...(symbol ? { symbol } : {}),
        ...(named ? { named: named[1] } : {}),
        ...(diameter ? { diameter } : {}),
      });
      taken.push([m.index, end]);
    }
    // Its count ("1000 匝") is part of the quotient, not a number of turns of its own.
    const quotients = this.perFirst(text);
    const kept = withoutRestated(text, out, this.units.coordinates).filter(
      (r) => !quotients.some((q) => q.index <= r.index && r.end <= q.end),
    );
    kept.push(...quotients);
    const changes = readChanges(
      text,
      asCoordinates(text, [...kept, ...indexAt, ...byWords], this.units.coordinates),
      this.units,
    );
    return markedRms(
      text,
      readLinearInTime(text, changes, this.units, (s) => this.unitAfter(s)),
      this.units.rms.words,
    );
  }
}
