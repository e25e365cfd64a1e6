import { escapeRegExp } from '../regexp.js';
import { numeralsToDigits } from '../simulated/number-words.js';
import { plainSuperscripts } from '../tools/superscripts.js';
import { fold, type UnitsFile } from './knowledge-base.js';
import { readChanges, readLinearInTime } from './reading-change.js';
import { asCoordinates, givenByWords, relativeIndex, withoutRestated } from './reading-words.js';

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
  private per(text: string, at: number): { kind?: string; factor: number; end: number } | undefined {
    const { words, square, squared } = this.units.per;
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
    for (const w of this.units.per.words) {
      const word = escapeRegExp(w) + (/[A-Za-z]$/.test(w) ? '(?![A-Za-z])' : '');
      const hit = new RegExp(`^((?:\\s*[A-Za-z\u4e00-\u9fff]+){1,4}?)\\s*(?=${word})`, 'i').exec(window);
      if (!hit || hit[1]!.trim().split(/\s+/).length > 4) continue;
      const quotient = this.per(text, at + hit[0].length);
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
    const { before, joins, kinds } = this.units.per;
    const join = joins.map(escapeRegExp).join('|');
    const out: Reading[] = [];
    for (const word of before) {
      for (const m of text.matchAll(new RegExp(escapeRegExp(word), 'g'))) {
        const start = m.index + word.length;
        const divisor = this.unitAfter(text.slice(start).trimStart());
        if (!divisor) continue;
        const after =
          start + (text.slice(start).length - text.slice(start).trimStart().length) + divisor.text.length;
        const count = new RegExp(`^\\s*(?:${join})?\\s*(\\d+(?:\\.\\d+)?)\\s*`).exec(text.slice(after));
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

  read(question: string): Reading[] {
    const text = this.normalise(question);
    const out: Reading[] = [];
    const taken: [number, number][] = [];
    const relative = relativeIndex(text, this.units.relative);
    const byWords = givenByWords(text, this.units.symbolWords.symbols);
    const written = [...this.writtenIndices(text), ...relative.readings];
    const indexAt = this.indices(text, written);
    for (const m of text.matchAll(NUMBER)) {
      const number = Number(m[1]) * 10 ** Number(m[2] ?? m[3] ?? 0);
      if (written.some((r) => r.index <= m.index && m.index < r.end)) continue;
      if (relative.spans.some(([from, to]) => from <= m.index && m.index < to)) continue;
      if (byWords.some((r) => r.index <= m.index && m.index < r.end)) continue;
      const rest = text.slice(m.index + m[0].length);
      // "a 200-turn coil", "a 10-cm rod": a hyphen joins the number to its unit.
      const gap = /^\s*(?:-(?=[A-Za-z]))?/.exec(rest)![0].length;
      const unit = this.unitAfter(rest.slice(gap));
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
      let end = m.index + m[0].length + gap + unit.text.length;
      let { kind, factor, canonical: symbol } = unit;
      const quotient = this.per(text, end) ?? this.perAfterWords(text, end);
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
    return readLinearInTime(text, changes, this.units, (s) => this.unitAfter(s));
  }

  /**
   * Refractive indices in the order the light meets them: written ones (n = 1.5, index 1.5,
   * 折射率 1.5) and named media (glass, 水); a number written next to a medium's name is that
   * medium's index. The medium after "from"/"从" comes first.
   */
  private writtenIndices(text: string): Reading[] {
    // "n = 1.5" (lower case: N = 500 is a number of turns), "index 1.5", "折射率为 1.5"; an index
    // is between 1 and about 4, so "n = 2500 turns/m" is not one.
    const patterns = [
      /\bn(?:\s*_?\s*[12]|_\{?[a-z]+\}?)?\s*(?:=|is)\s*(\d+(?:\.\d+)?)(?!\d|\.\d|\s*(?:turns|windings|匝|\/))/g,
      // "water n 1.33": with no sign, only a number with decimals, as an index is written.
      /\bn\s+(\d\.\d+)(?!\d|\.\d|\s*(?:turns|windings|匝|\/))/g,
      /(?:refractive )?index(?: of refraction)?(?: of| is| =)?\s*(\d+(?:\.\d+)?)|折射率\s*(?:为|是|=)?\s*(\d+(?:\.\d+)?)/gi,
    ];
    return patterns
      .flatMap((p) => [...text.matchAll(p)])
      .map((m) => ({
        kind: 'index',
        value: Number(m[1] ?? m[2]),
        written: m[0],
        index: m.index,
        end: m.index + m[0].length,
      }))
      .filter((r) => r.value >= 1 && r.value < 5);
  }

  private indices(text: string, written: Reading[]): Reading[] {
    const named: Reading[] = [];
    const lower = fold(text);
    const unknown = this.units.materials.unknown.map(fold);
    for (const { words, n } of this.units.materials.indices) {
      for (const word of words) {
        const pattern = /\p{Script=Han}/u.test(word)
          ? new RegExp(word, 'g')
          : new RegExp(`\\b${word}\\b`, 'g');
        const mentions = [...lower.matchAll(pattern)];
        // The unknown glass named again ("某种玻璃 … 这种玻璃的折射率") is still the unknown one.
        if (mentions.some((m) => unknown.some((u) => lower.slice(0, m.index).trimEnd().endsWith(u))))
          continue;
        for (const m of mentions) {
          if (word === '水' && lower.charAt(m.index + 1) === '平') continue;
          named.push({ kind: 'index', value: n, written: m[0], index: m.index, end: m.index + m[0].length });
        }
      }
    }
    // "折射率 1.5 的玻璃" names the medium after the number; "glass (n = 1.5)", "water n=1.33" before it.
    const described = new Set<Reading>();
    // A medium named again is the same medium, of the index written for it ("glass (n = 1.52) …
    // inside the glass" is not glass of the usual 1.5 there).
    const writtenFor = new Map<string, number>();
    // A number that describes a medium named before it stands where the medium is named, so the
    // order the light meets the media is kept ("water to air n=1.33": water first).
    const placed: Reading[] = [];
    const directions = [...this.units.from, ...this.units.into].map(fold);
    for (const w of written) {
      const after = named.find((m) => /^\s*的\s*$/.test(lower.slice(w.end, m.index)));
      const before = named
        // Next to it ("glass (n = 1.6)"), or a few words on when its usual index is near ("glass
        // surface with n = 1.52"; "air meets a plate with n = 1.6" does not describe the air).
        // A word of direction between them (空气射入折射率为 1.5 的…) leads to another medium.
        .filter((m) => m.end <= w.index && w.index - m.end <= (Math.abs(m.value - w.value) <= 0.1 ? 24 : 12))
        .filter((m) => !directions.some((d) => lower.slice(m.end, w.index).includes(d)))
        .sort((a, b) => b.end - a.end)[0];
      // "water to air n=1.33": the number belongs to the medium whose index it is, if one is near.
      const same = named.find((m) => m.value === w.value && Math.abs(m.index - w.index) <= 24);
      const medium = after ?? same ?? before;
      if (medium) described.add(medium);
      if (medium) writtenFor.set(medium.written, w.value);
      placed.push(medium && medium.index < w.index ? { ...w, index: medium.index } : w);
    }
    // A medium named again is the same medium ("a glass block (n = 1.52) … inside the glass"),
    // and light does not pass from a medium into itself: "water (n = 1.33) … the water-air
    // surface" names water twice, once.
    // Not when a mention comes with a word of direction ("for glass in air: (a) from the air …
    // (b) inside the glass"): each part then has its own direction, which one reading cannot keep.
    const again = named.filter((m) => named.some((o) => o.index < m.index && o.written === m.written));
    const directedAgain = again.some((m) =>
      [...this.units.from, ...this.units.into].some((w) =>
        lower.slice(Math.max(0, m.index - w.length - 8), m.index).includes(fold(w)),
      ),
    );
    const firstMention = (directedAgain ? named : named.filter((m) => !again.includes(m))).map((m) =>
      described.has(m) || !writtenFor.has(m.written) ? m : { ...m, value: writtenFor.get(m.written)! },
    );
    const all = [...placed, ...firstMention.filter((m) => !described.has(m))]
      .sort((a, b) => a.index - b.index)
      .filter((r, i, sorted) => i === 0 || sorted[i - 1]!.value !== r.value);
    // "Into glass (n = 1.5)" with no other medium: the light comes from air (n = 1), the first medium.
    const only = all.length === 1 ? all[0]! : undefined;
    const air = this.units.materials.indices.find((m) => m.n === 1 && m.words.length > 0);
    if (
      only &&
      air &&
      this.units.into.some((w) =>
        lower.slice(Math.max(0, only.index - w.length - 8), only.index).includes(fold(w)),
      )
    )
      return [
        { kind: 'index', value: 1, written: air.words[0]!, index: only.index, end: only.index },
        { ...only, index: only.index + 1 },
      ];
    const from = all.findIndex((r) =>
      this.units.from.some((f) => {
        const before = lower.slice(Math.max(0, r.index - f.length - 8), r.index);
        return before.includes(fold(f));
      }),
    );
    // "From water" with no other medium: the light goes into air (n = 1), the second medium; from
    // air itself, into a medium the question does not name by an index (the one it asks for).
    if (only && air && from === 0 && only.value !== air.n)
      return [only, { kind: 'index', value: 1, written: air.words[0]!, index: only.end, end: only.end + 1 }];
    // One medium and no word of direction anywhere ("the Brewster angle for water"); a direction
    // word not beside a known medium ("inside quartz, n = 1.46") leaves the side unknown.
    const directed = [...this.units.from, ...this.units.into].some((w) =>
      new RegExp(`(?<![a-z])${escapeRegExp(fold(w))}(?![a-z])`).test(lower),
    );
    // Air alone is where the light is, not the medium it meets: that one is not named by an index.
    if (only && !directed) return [only.value === air?.n ? only : { ...only, alone: true }];
    if (from <= 0) return all;
    // The first medium takes the first place, so variables bound in order see it as n₁.
    const places = all.map((r) => r.index);
    all.unshift(...all.splice(from, 1));
    return all.map((r, i) => ({ ...r, index: places[i]!, end: places[i]! + 1 }));
  }
}
