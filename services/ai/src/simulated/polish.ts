import { z } from 'zod';
import { catalogue, KNOWLEDGE_DIR, phrase, readDataFile } from '../knowledge/data-file.js';
import { escapeRegExp } from '../regexp.js';
import { countWords, splitParagraphs, splitSentences } from '../writing/text-segments.js';

/**
 * Deterministic language improvements for English prose: spelling, repeated words, wordy
 * phrases, contractions in academic writing, spacing and capitals. Every change is listed
 * with its reason, which is what a student learns from.
 */

const words = z.array(z.string().min(1)).min(1);
const pairs = z.array(z.tuple([z.string().min(1), z.string()])).min(1);
/** The polisher's word lists (corpus/knowledge/polish-rules.json). */
const LISTS = readDataFile(
  z.object({
    spelling: z.record(z.string(), z.string()),
    wordy: pairs,
    contractions: pairs,
    pluralSubjects: words,
    singularSubjects: words,
    verbsAfterI: words,
    names: words,
    namedThings: words,
    fileEndings: words,
    abbreviations: words,
    passiveAuxiliaries: words,
    intensifiers: words,
    politeOpenings: words,
    requestVerbs: words,
    requestVerbsZh: words,
    helpMeZh: words,
  }),
  KNOWLEDGE_DIR,
  'polish-rules.json',
);
const PHRASES = catalogue('polish');
/** The report is in English: the polisher corrects English only. */
const say = (key: string, values: Record<string, string | number> = {}) => phrase(PHRASES, 'en', key, values);
/** A list as regular-expression alternatives, each word literal. */
const anyOf = (list: readonly string[]) => list.map((w) => escapeRegExp(w)).join('|');

interface Rule {
  pattern: RegExp;
  replace: (match: string, ...groups: string[]) => string;
  reason: string;
}

const keepCase = (original: string, replacement: string) =>
  /^[A-Z]/.test(original) && replacement ? replacement[0]!.toUpperCase() + replacement.slice(1) : replacement;

const singular = new RegExp(`^(${anyOf(LISTS.singularSubjects)})$`, 'i');

const rules: Rule[] = [
  ...Object.entries(LISTS.spelling).map(
    ([wrong, right]): Rule => ({
      pattern: new RegExp(`\\b${wrong}\\b`, 'gi'),
      replace: (m) => keepCase(m, right),
      reason: say('spelling'),
    }),
  ),
  {
    pattern: /\b(\w+)\s+\1\b/gi,
    replace: (_m, word) => word,
    reason: say('repeatedWord'),
  },
  ...LISTS.wordy.map(
    ([long, short]): Rule => ({
      pattern: new RegExp(`\\b${long.trim()}\\b${long.endsWith(' ') ? ' ' : ''}`, 'gi'),
      replace: (m) => keepCase(m, short),
      reason: say('concise'),
    }),
  ),
  {
    // "do" or "does" is chosen by the subject, not by the contraction the writer typed: "it dont"
    // is "it does not". Only a pronoun says its number; after a noun the contraction is left
    // alone (and noted), since "do not" after "the field" would be a new error.
    pattern: new RegExp(
      `\\b(${anyOf([...LISTS.pluralSubjects, ...LISTS.singularSubjects])})(\\s+)(?:don['’]?t|doesn['’]?t)\\b`,
      'gi',
    ),
    replace: (_m, subject, space) => `${subject}${space}${singular.test(subject) ? 'does' : 'do'} not`,
    reason: say('agreement'),
  },
  ...LISTS.contractions.map(
    ([short, long]): Rule => ({
      pattern: new RegExp(`\\b${short.replace("'", "['’]")}\\b`, 'gi'),
      replace: (m) => keepCase(m, long),
      reason: say('contraction'),
    }),
  ),
  {
    pattern: new RegExp(`\\bi(?=\\s+(?:${anyOf(LISTS.verbsAfterI)})\\b)`, 'g'),
    replace: () => 'I',
    reason: say('pronounI'),
  },
  {
    pattern: new RegExp(
      `\\b(${anyOf(LISTS.names)})(?=['’]s\\b|\\s+(?:${anyOf(LISTS.namedThings)})s?\\b)`,
      'g',
    ),
    replace: (name) => name[0]!.toUpperCase() + name.slice(1),
    reason: say('name'),
  },
  { pattern: / +([,.;:!?])/g, replace: (_m, mark) => mark, reason: say('spaceBefore') },
  { pattern: /([,;])(?=[A-Za-z])/g, replace: (_m, mark) => `${mark} `, reason: say('spaceAfter') },
  { pattern: / {2,}/g, replace: () => ' ', reason: say('singleSpaces') },
  {
    // "law.it" but not "e.g.", "3.5" or "faraday.edu".
    pattern: new RegExp(
      `(?<=\\p{Ll}{2})([.!?])(?=\\p{L}{2,}\\b)(?!(?:${anyOf(LISTS.fileEndings)})\\b)`,
      'gu',
    ),
    replace: (_m, mark) => `${mark} `,
    reason: say('sentenceSpace'),
  },
  {
    pattern: new RegExp(`(^|(?<!\\b(?:${anyOf(LISTS.abbreviations)}))[.!?]\\s+)([a-z][\\p{L}]*)`, 'gu'),
    replace: (_m, before, word) => `${before}${word[0]!.toUpperCase()}${word.slice(1)}`,
    reason: say('sentenceCapital'),
  },
];

export interface Change {
  before: string;
  after: string;
  reason: string;
}

export function polishText(text: string): { polished: string; changes: Change[] } {
  const changes: Change[] = [];
  let polished = text.trim();
  for (const rule of rules) {
    polished = polished.replace(rule.pattern, (match: string, ...rest: unknown[]) => {
      const groups = rest.filter((g): g is string => typeof g === 'string');
      const after = rule.replace(match, ...groups);
      if (after !== match) changes.push({ before: match, after, reason: rule.reason });
      return after;
    });
  }
  if (polished && !/[.!?。！？:)\]"”']$/.test(polished)) {
    polished += '.';
    changes.push({ before: say('endOfText'), after: '.', reason: say('fullStop') });
  }
  return { polished, changes };
}

const PASSIVE = new RegExp(`\\b(?:${anyOf(LISTS.passiveAuxiliaries)})\\s+\\w+ed\\b`, 'gi');
const INTENSIFIER = new RegExp(`\\b(${anyOf(LISTS.intensifiers)})\\b`, 'i');

/** Style notes that need the writer's judgement, so they are suggested rather than applied. */
function suggestions(text: string): string[] {
  const notes: string[] = [];
  const sentences = splitParagraphs(text).flatMap((p) => splitSentences(p.text));
  const long = sentences.filter((s) => countWords(s).total > 30);
  if (long.length > 0)
    notes.push(
      say(long.length === 1 ? 'longOne' : 'longMany', { n: long.length, first: long[0]!.slice(0, 80) }),
    );
  const passive = text.match(PASSIVE) ?? [];
  if (passive.length >= 2) notes.push(say('passive', { n: passive.length, first: passive[0]! }));
  const agreement = /\b(?:don['’]?t|doesn['’]?t)\b/i.exec(text);
  if (agreement) notes.push(say('agreementLeft', { word: agreement[0] }));
  if (INTENSIFIER.test(text))
    notes.push(say('intensifiers', { words: LISTS.intensifiers.map((w) => `"${w}"`).join(', ') }));
  return notes;
}

/** "Please polish this:", "请润色以下段落：": the request, not the text to polish. */
const INSTRUCTION = new RegExp(
  String.raw`^\s*(?:(?:${anyOf(LISTS.politeOpenings)})\s+)?(?:${anyOf(LISTS.requestVerbs)})\b[^:：\n]{0,40}[:：]\s*|^\s*请?(?:${anyOf(LISTS.helpMeZh)})?(?:${anyOf(LISTS.requestVerbsZh)})[^:：\n]{0,12}[:：]\s*`,
  'i',
);

export function stripInstruction(text: string): string {
  return text.replace(INSTRUCTION, '');
}

/**
 * Without a model, polishing is limited to what rules can correct safely: a list of common
 * misspellings, doubled words, spacing, capitals, wordy phrases and contractions. Grammar and
 * style are not rewritten, and the reply says so; Chinese text is not polished at all.
 */
export function polishAnswer(request: string): string {
  const text = stripInstruction(request);
  if (text.trim() === '') return say('sendText');
  if (/\p{Script=Han}/u.test(text) && (text.match(/\p{Script=Han}/gu)?.length ?? 0) > text.length / 4)
    return phrase(PHRASES, 'zh', 'chineseNeedsModel');
  const { polished, changes } = polishText(text);
  const notes = suggestions(polished);
  const lines = [say('correctedTitle'), '', ...polished.split('\n').map((l) => `> ${l}`), ''];
  if (changes.length === 0) {
    lines.push(say('noChanges'));
  } else {
    lines.push(say('changesTitle', { n: changes.length }));
    changes.forEach((c, i) => {
      const after = c.after.trim() === '' ? say('removed') : `"${c.after}"`;
      lines.push(`${i + 1}. "${c.before}" → ${after} (${c.reason})`);
    });
  }
  if (notes.length > 0) lines.push('', say('suggestionsTitle'), ...notes.map((n) => `- ${n}`));
  lines.push('', say('notDone'));
  return lines.join('\n');
}
