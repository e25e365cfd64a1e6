import { escapeRegExp } from '../regexp.js';
import type { UnitsFile } from './knowledge-base.js';
import type { Reading } from './reading.js';

/**
 * A quantity given as a change ("the current falls from 4 A to 0 in 0.1 s", "电流0.1秒内从4A均匀降到0"):
 * the two values are one change, not two quantities, and a change in a time is a rate when the
 * result takes the rate (ε = L dI/dt). Which kinds are read so is data (`change` in units.json);
 * a change of another kind is left as the two values it was, so nothing is read into it.
 */

/** English words as whole words, Chinese anywhere. */
const alternatives = (words: string[]) =>
  words.map((w) => (/[A-Za-z]$/.test(w) ? `\\b${escapeRegExp(w)}\\b` : escapeRegExp(w))).join('|');

/** No number and no mark that ends a clause: the words between the parts of one change. */
const FEW_WORDS = '[^\\d,.;:?!，。；：？！]{0,16}?';

export function readChanges(text: string, readings: Reading[], units: UnitsFile): Reading[] {
  const { from, to, before, after, differences, rates, reversed } = units.change;
  const lower = text.toLowerCase();
  const fromWord = new RegExp(`(?:${alternatives(from)})\\s*$`, 'i');
  // "变为反方向的 0.40 T": a word reversing the last value may stand between the to-word and it.
  const toWord = new RegExp(
    `^${FEW_WORDS}(?:${alternatives(to)})\\s*(?:(${alternatives(reversed)})\\s*)?([-+]?\\d+(?:\\.\\d+)?)`,
    'i',
  );
  const reversedAfter = new RegExp(`^\\s*(?:${alternatives(reversed)})`, 'i');
  // "rises from 0 to 3 A": a first value of zero needs no unit; the change ends at the reading.
  const fromZero = new RegExp(
    `(?:${alternatives(from)})\\s*0(?:\\.0*)?\\s*${FEW_WORDS}(?:${alternatives(to)})\\s*$`,
    'i',
  );
  let out = readings;
  for (const first of readings) {
    const rate = rates[first.kind];
    if (!rate && !differences.includes(first.kind)) continue;
    const zero = fromZero.exec(lower.slice(Math.max(0, first.index - 40), first.index));
    if (zero && rate) {
      const start = first.index - zero[0].length;
      const interval = intervalOf(lower, readings, start, first.end, first.kind, before, after);
      if (!interval) continue;
      const written = `|0 → ${text.slice(first.index, first.end).trim()}|`;
      out = [
        ...out.filter((r) => r !== first && r !== interval),
        {
          kind: rate,
          value: first.value / interval.value,
          written: `${written} / ${interval.written.trim()}`,
          index: Math.min(start, interval.index),
          end: Math.max(first.end, interval.end),
          ...(units.si[rate] ? { symbol: units.si[rate] } : {}),
        },
      ];
      continue;
    }
    if (!fromWord.test(lower.slice(Math.max(0, first.index - 8), first.index))) continue;
    const last = toWord.exec(lower.slice(first.end));
    if (!last) continue;
    const lastAt = first.end + last[0].length - last[2]!.length;
    // The last value with its own unit is a reading of the same kind; without one only a zero
    // ("降到0", "to 0") is read, which needs no unit.
    const own = readings.find((r) => r.index === lastAt);
    if (own ? own.kind !== first.kind : Number(last[2]) !== 0) continue;
    const valueEnd = own?.end ?? lastAt + last[2]!.length;
    // Reversed ("to 0.40 T in the opposite direction"), the last value counts against the first.
    const behind = reversedAfter.exec(lower.slice(valueEnd));
    const flip = last[1] !== undefined || behind ? -1 : 1;
    const end = valueEnd + (behind?.[0].length ?? 0);
    const size = Math.abs(flip * (own?.value ?? 0) - first.value);
    const written = `${text.slice(first.index, first.end).trim()} → ${flip < 0 ? '−' : ''}${text.slice(lastAt, valueEnd).trim()}`;
    const change = { ...first, value: size, written, end };
    if (!rate) {
      out = [...out.filter((r) => r !== first && r !== own), change];
      continue;
    }
    const interval = intervalOf(lower, readings, first.index, end, first.kind, before, after);
    if (!interval) continue;
    out = [
      ...out.filter((r) => r !== first && r !== own && r !== interval),
      {
        kind: rate,
        value: size / interval.value,
        written: `|${written}| / ${interval.written.trim()}`,
        index: Math.min(first.index, interval.index),
        end: Math.max(end, interval.end),
        ...(units.si[rate] ? { symbol: units.si[rate] } : {}),
      },
    ];
  }
  return out.sort((a, b) => a.index - b.index);
}

/** The time the change takes: a time with an interval word just before it or just after it, in the change's clause. */
function intervalOf(
  lower: string,
  readings: Reading[],
  start: number,
  end: number,
  kind: string,
  before: string[],
  after: string[],
): Reading | undefined {
  const wordBefore = new RegExp(`(?:${alternatives(before)})\\s*$`, 'i');
  const wordAfter = new RegExp(`^\\s*(?:${alternatives(after)})`, 'i');
  // Just after the change only its interval word stands between them ("to 0 in 0.1 s"): an
  // interval further on ("… and then in 1 s falls to 0") is another change's.
  const justAfter = new RegExp(`^[\\s,，]*(?:${alternatives(before)})\\s*$`, 'i');
  return readings.find((r) => {
    if (r.kind !== 'time') return false;
    if (r.index >= end) return justAfter.test(lower.slice(end, r.index));
    if (r.end > start) return false;
    // Before it, in the same clause, with no other time or value of the changing kind between
    // ("In 20 ms the current in a 40 mH coil drops from 2 A to 0": the coil's inductance may stand there).
    const between = readings.filter((o) => o.index >= r.end && o.end <= start);
    if (between.some((o) => o.kind === 'time' || o.kind === kind)) return false;
    const gap = between.reduceRight(
      (g, o) => g.slice(0, o.index - r.end) + g.slice(o.end - r.end),
      lower.slice(r.end, start),
    );
    if (gap.length > 48 || /[.;:?!，。；：？！]/.test(gap) || /\d/.test(gap)) return false;
    return (
      wordBefore.test(lower.slice(Math.max(0, r.index - 10), r.index)) || wordAfter.test(lower.slice(r.end))
    );
  });
}

/**
 * "B = 0.2 + 0.5t（T）", "I = (3 − 2t) A": a quantity written as a linear function of the time t (in s)
 * changes at the rate of its coefficient of t; of a kind in `change.rates` that rate is read
 * (dB/dt = 0.5 T/s), and the function's numbers are no quantities of their own.
 */
export function readLinearInTime(
  text: string,
  readings: Reading[],
  units: UnitsFile,
  unitAt: (text: string) => { kind: string; factor: number; text: string } | undefined,
): Reading[] {
  const linear =
    /(?<![A-Za-z])([A-Za-z])\s*=\s*(\()?\s*[-+]?\d+(?:\.\d+)?\s*([-+])\s*(\d+(?:\.\d+)?)\s*\*?\s*t(?![A-Za-z])\s*(\))?\s*/g;
  let out = readings;
  for (const m of text.matchAll(linear)) {
    const after = text.slice(m.index + m[0].length);
    // The unit after the function, or in brackets after it ("（T）" is "(T)" once folded).
    const bracket = /^\(\s*/.exec(after);
    const open = m[2] !== undefined;
    if (open && m[5] === undefined) continue;
    const skip = bracket && !open ? bracket[0].length : 0;
    const unit = unitAt(after.slice(skip));
    const rate = unit && units.change.rates[unit.kind];
    if (!unit || !rate) continue;
    let end = m.index + m[0].length + skip + unit.text.length;
    if (skip > 0) {
      const close = /^\s*\)/.exec(text.slice(end));
      if (!close) continue;
      end += close[0].length;
    }
    const value = Number(`${m[3]}${m[4]}`) * unit.factor;
    out = [
      ...out.filter((r) => r.end <= m.index || r.index >= end),
      {
        kind: rate,
        value,
        written: `d${m[1]}/dt = ${m[3] === '-' ? '-' : ''}${m[4]} ${unit.text}/s`,
        index: m.index,
        end,
        ...(units.si[rate] ? { symbol: units.si[rate] } : {}),
      },
    ];
  }
  return out.sort((a, b) => a.index - b.index);
}
