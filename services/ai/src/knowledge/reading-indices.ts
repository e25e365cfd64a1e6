import { escapeRegExp } from '../regexp.js';
import { fold } from './knowledge-base.js';
import type { Reading } from './reading.js';
import type { UnitsFile } from './units-schema.js';

/**
 * Refractive indices in the order the light meets them: written ones (n = 1.5, index 1.5,
 * 折射率 1.5) and named media (glass, 水); a number written next to a medium's name is that
 * medium's index. The medium after "from"/"从" comes first.
 */
export function writtenIndices(text: string): Reading[] {
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

/** The media the question names (glass, 水) and the indices written for them, in the order the light meets them. */
export function mediumIndices(text: string, written: Reading[], units: UnitsFile): Reading[] {
  const named: Reading[] = [];
  const lower = fold(text);
  const unknown = units.materials.unknown.map(fold);
  for (const { words, n } of units.materials.indices) {
    for (const word of words) {
      const pattern = /\p{Script=Han}/u.test(word) ? new RegExp(word, 'g') : new RegExp(`\\b${word}\\b`, 'g');
      const mentions = [...lower.matchAll(pattern)];
      // The unknown glass named again ("某种玻璃 … 这种玻璃的折射率") is still the unknown one.
      if (mentions.some((m) => unknown.some((u) => lower.slice(0, m.index).trimEnd().endsWith(u)))) continue;
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
  const directions = [...units.from, ...units.into].map(fold);
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
  // The words just before the mention, not reaching back past another medium's ("光从水里往空气里照，
  // 水的折射率" names water twice: the 从 is the first mention's, the 往 the air's).
  const directedAgain = again.some((m) => {
    const previous = Math.max(...named.filter((o) => o.index < m.index).map((o) => o.end));
    return [...units.from, ...units.into].some((w) =>
      lower.slice(Math.max(0, previous, m.index - w.length - 8), m.index).includes(fold(w)),
    );
  });
  const firstMention = (directedAgain ? named : named.filter((m) => !again.includes(m))).map((m) =>
    described.has(m) || !writtenFor.has(m.written) ? m : { ...m, value: writtenFor.get(m.written)! },
  );
  const air = units.materials.indices.find((m) => m.n === 1 && m.words.length > 0);
  const all = withoutReplaced(
    lower,
    [...placed, ...firstMention.filter((m) => !described.has(m))]
      .sort((a, b) => a.index - b.index)
      .filter((r, i, sorted) => i === 0 || sorted[i - 1]!.value !== r.value),
    named,
    units,
    air,
  );
  // "Into glass (n = 1.5)" with no other medium: the light comes from air (n = 1), the first medium.
  const only = all.length === 1 ? all[0]! : undefined;
  if (
    only &&
    air &&
    units.into.some((w) => lower.slice(Math.max(0, only.index - w.length - 8), only.index).includes(fold(w)))
  )
    return [
      { kind: 'index', value: 1, written: air.words[0]!, index: only.index, end: only.index },
      { ...only, index: only.index + 1 },
    ];
  const from = all.findIndex((r) =>
    units.from.some((f) => {
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
  const directed = [...units.from, ...units.into].some((w) =>
    new RegExp(`(?<![a-z])${escapeRegExp(fold(w))}(?![a-z])`).test(lower),
  );
  // Air alone is where the light is, not the medium it meets: that one is not named by an index.
  if (only && !directed) return [only.value === air?.n ? only : { ...only, alone: true }];
  if (from <= 0) return all;
  // Indices given to a fibre's core and cladding are theirs, whatever the light comes from ("entering
  // the end from air" is the acceptance angle's side): their places keep them by their layers' words.
  const layers = units.materials.layers.map(fold);
  if (written.some((w) => layers.some((l) => lower.slice(Math.max(0, w.index - 16), w.index).includes(l))))
    return all;
  // The first medium takes the first place, so variables bound in order see it as n₁.
  const places = all.map((r) => r.index);
  all.unshift(...all.splice(from, 1));
  return all.map((r, i) => ({ ...r, index: places[i]!, end: places[i]! + 1 }));
}

/**
 * "4 % reflects from glass (n = 1.5); and if it's diamond, n = 2.42?": the medium named after a
 * replacing word takes the place of the one medium (not air) named before it, which the light
 * then never meets. With several before, which one it replaces is not known, and all are kept.
 */
function withoutReplaced(
  lower: string,
  indices: Reading[],
  named: Reading[],
  units: UnitsFile,
  air: { words: string[]; n: number } | undefined,
): Reading[] {
  const at = units.materials.replacing
    .map((w) => lower.search(new RegExp(`(?<![a-z])${escapeRegExp(fold(w))}(?![a-z])`)))
    .filter((i) => i >= 0);
  if (at.length === 0) return indices;
  const cue = Math.min(...at);
  const before = indices.filter((r) => r.index < cue && r.value !== 1);
  if (before.length !== 1 || !named.some((m) => m.index > cue)) return indices;
  const rest = indices.filter((r) => r !== before[0]);
  // One medium before it was met from air, as the other one is now.
  if (rest.length > 1 || !air) return rest;
  return [
    { kind: 'index', value: air.n, written: air.words[0]!, index: before[0]!.index, end: before[0]!.end },
    ...rest,
  ];
}
