import { escapeRegExp } from '../regexp.js';
import { type CourseResult, fold, type KnowledgeBase } from './knowledge-base.js';

/**
 * The student's notation: a question that names a quantity with its own letter ("离球心d", "at
 * distance x") is answered in that letter, as a teaching assistant would, not in the notes'
 * (q' = −qR/d, not −qR/a). Only single-letter variables, and only when the reading is beyond doubt:
 * the letter stands just after a cue word of exactly one variable that names the quantity (not a
 * place: "the centre O"), each variable has one letter and each letter one variable, and the new
 * letter is no other symbol of the formula.
 */

const LETTER = /(?<![A-Za-z0-9_'′])[A-Za-z](?![A-Za-z0-9_])/g;
/** Characters that make a letter next to them part of a formula, not of prose. */
const MATH = /[/=^²³⁴'′()+\-−·*₀-₉0-9]/;

/** The result's variables the question renames: its symbol → the student's letter. */
export function studentLetters(
  kb: KnowledgeBase,
  result: CourseResult,
  question: string,
): Map<string, string> {
  const { notLetters, joins, naming, from } = kb.units.notation;
  const variables = Object.entries(result.variables ?? {}).filter(([name]) => /^[A-Za-z]$/.test(name));
  // Lower case only, so the offsets are the question's.
  const text = question.toLowerCase();
  const gap = new RegExp(`^(?:\\s|${joins.map((j) => escapeRegExp(fold(j))).join('|')})*$`);
  const byVariable = new Map<string, Set<string>>();
  const byLetter = new Map<string, Set<string>>();
  for (const m of question.matchAll(LETTER)) {
    const letter = m[0];
    if (notLetters.includes(letter) || /\d\s*$/.test(question.slice(0, m.index))) continue;
    // The variable whose cue ends nearest before the letter, with only joining words between.
    let best: { name: string; end: number } | undefined;
    let tied = false;
    for (const [name, v] of variables) {
      for (const cue of v.cues ?? []) {
        const c = cue.toLowerCase();
        const at = text.lastIndexOf(c, m.index - c.length);
        if (at < 0 || at + c.length > m.index || !gap.test(text.slice(at + c.length, m.index))) continue;
        // A cue that names the quantity ("radius R"), or a place it is measured from ("离球心d"):
        // after a place alone the letter names the place ("the centre O").
        const place = from.some((w) => text.slice(0, at).trimEnd().endsWith(w));
        if (!naming.includes(c) && !place) continue;
        const end = at + c.length;
        if (best && best.name !== name && end === best.end) tied = true;
        else if (!best || end > best.end) [best, tied] = [{ name, end }, false];
      }
    }
    if (!best || tied) continue;
    byVariable.set(best.name, (byVariable.get(best.name) ?? new Set()).add(letter));
    byLetter.set(letter, (byLetter.get(letter) ?? new Set()).add(best.name));
  }
  const renames = new Map<string, string>();
  const taken = new Set(texLetters(result.tex));
  for (const [name, letters] of byVariable) {
    const [letter] = [...letters];
    if (letters.size !== 1 || letter === name || byLetter.get(letter!)?.size !== 1) continue;
    if (taken.has(letter!) || result.variables?.[letter!]) continue;
    renames.set(name, letter!);
  }
  return renames;
}

/** The letters that are symbols of a TeX formula: not command names, text or subscripts. */
function texLetters(tex: string): string[] {
  const out: string[] = [];
  renameTex(tex, new Map(), (l) => out.push(l));
  return out;
}

/** The TeX formula with its symbols renamed (commands, \text{…} and subscripts untouched). */
export function renameTex(
  tex: string,
  renames: Map<string, string>,
  seen?: (letter: string) => void,
): string {
  const group = /^\{[^{}]*\}/;
  let out = '';
  let i = 0;
  while (i < tex.length) {
    const rest = tex.slice(i);
    const command = /^\\[A-Za-z]+/.exec(rest);
    if (command) {
      const verbatim = /^\\(text|mathrm|operatorname)$/.test(command[0])
        ? (group.exec(tex.slice(i + command[0].length))?.[0] ?? '')
        : '';
      out += command[0] + verbatim;
      i += command[0].length + verbatim.length;
      continue;
    }
    const subscript = /^_(\{[^{}]*\}|.)/.exec(rest);
    if (subscript) {
      out += subscript[0];
      i += subscript[0].length;
      continue;
    }
    const ch = tex[i]!;
    if (/[A-Za-z]/.test(ch)) {
      seen?.(ch);
      out += renames.get(ch) ?? ch;
    } else out += ch;
    i++;
  }
  return out;
}

/**
 * A statement with its symbols renamed: a run of letters that are all the result's symbols, where it
 * is a formula's (a single letter, or letters touching a formula character: "−qR/a"); a letter that
 * is also a word ("a") only where no word follows it (the article in "a charge" stays).
 */
export function renameText(
  kb: KnowledgeBase,
  result: CourseResult,
  text: string,
  renames: Map<string, string>,
): string {
  if (renames.size === 0) return text;
  const symbols = new Set([...Object.keys(result.variables ?? {}), ...Object.keys(kb.constants)]);
  const { notLetters } = kb.units.notation;
  return text.replace(/[A-Za-z]+/g, (run, at: number) => {
    if (![...run].every((l) => symbols.has(l))) return run;
    const before = text.charAt(at - 1);
    const after = text.slice(at + run.length);
    const touches = MATH.test(before) || MATH.test(after.charAt(0));
    if (run.length > 1 && !touches) return run;
    if (/[A-Za-z]/.test(before) || /^[A-Za-z]/.test(after)) return run;
    const wordLike = notLetters.includes(run) && !touches && /^\s+[A-Za-z]/.test(after);
    return wordLike ? run : [...run].map((l) => renames.get(l) ?? l).join('');
  });
}
