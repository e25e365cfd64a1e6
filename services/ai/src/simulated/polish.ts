import { countWords, splitParagraphs, splitSentences } from '../writing/text-segments.js';

/**
 * Deterministic language improvements for English prose: spelling, repeated words, wordy
 * phrases, contractions in academic writing, spacing and capitals. Every change is listed
 * with its reason, which is what a student learns from.
 */

interface Rule {
  pattern: RegExp;
  replace: (match: string, ...groups: string[]) => string;
  reason: string;
}

const SPELLING: Record<string, string> = {
  recieve: 'receive',
  seperate: 'separate',
  definately: 'definitely',
  occured: 'occurred',
  untill: 'until',
  wich: 'which',
  thier: 'their',
  teh: 'the',
  accross: 'across',
  existance: 'existence',
  electic: 'electric',
  magentic: 'magnetic',
  feild: 'field',
  potencial: 'potential',
  equiation: 'equation',
  caculate: 'calculate',
  calulate: 'calculate',
  paralel: 'parallel',
  dependant: 'dependent',
  arguement: 'argument',
  begining: 'beginning',
  neccessary: 'necessary',
  sucessful: 'successful',
  occurence: 'occurrence',
  refered: 'referred',
  consistant: 'consistent',
};

const WORDY: [string, string][] = [
  ['in order to', 'to'],
  ['due to the fact that', 'because'],
  ['in spite of the fact that', 'although'],
  ['at this point in time', 'now'],
  ['for the purpose of', 'for'],
  ['in the event that', 'if'],
  ['has the ability to', 'can'],
  ['a large number of', 'many'],
  ['it is important to note that ', ''],
  ['very unique', 'unique'],
  ['basically ', ''],
];

const CONTRACTIONS: [string, string][] = [
  ["can't", 'cannot'],
  ["won't", 'will not'],
  ["didn't", 'did not'],
  ["isn't", 'is not'],
  ["aren't", 'are not'],
  ["it's", 'it is'],
  ["that's", 'that is'],
  ["i'm", 'I am'],
  ["i've", 'I have'],
  ['didnt', 'did not'],
  ['cant', 'cannot'],
  ['isnt', 'is not'],
  ['arent', 'are not'],
  ["there's", 'there is'],
];

const keepCase = (original: string, replacement: string) =>
  /^[A-Z]/.test(original) && replacement ? replacement[0]!.toUpperCase() + replacement.slice(1) : replacement;

const rules: Rule[] = [
  ...Object.entries(SPELLING).map(
    ([wrong, right]): Rule => ({
      pattern: new RegExp(`\\b${wrong}\\b`, 'gi'),
      replace: (m) => keepCase(m, right),
      reason: 'spelling',
    }),
  ),
  {
    pattern: /\b(\w+)\s+\1\b/gi,
    replace: (_m, word) => word,
    reason: 'repeated word',
  },
  ...WORDY.map(
    ([long, short]): Rule => ({
      pattern: new RegExp(`\\b${long.trim()}\\b${long.endsWith(' ') ? ' ' : ''}`, 'gi'),
      replace: (m) => keepCase(m, short),
      reason: 'more concise',
    }),
  ),
  {
    // "do" or "does" is chosen by the subject, not by the contraction the writer typed: "it dont"
    // is "it does not". Only a pronoun says its number; after a noun the contraction is left
    // alone (and noted), since "do not" after "the field" would be a new error.
    pattern: /\b(i|you|we|they|these|those|he|she|it|this|that)(\s+)(?:don['’]?t|doesn['’]?t)\b/gi,
    replace: (_m, subject, space) =>
      `${subject}${space}${/^(he|she|it|this|that)$/i.test(subject) ? 'does' : 'do'} not`,
    reason: 'no contractions in academic writing; "do" or "does" agrees with the subject',
  },
  ...CONTRACTIONS.map(
    ([short, long]): Rule => ({
      pattern: new RegExp(`\\b${short.replace("'", "['’]")}\\b`, 'gi'),
      replace: (m) => keepCase(m, long),
      reason: 'no contractions in academic writing',
    }),
  ),
  {
    pattern:
      /\bi(?=\s+(?:am|have|had|think|was|will|would|can|could|do|did|found|used|believe|got|measured|calculated|chose|assumed|know|see|want|need|tried)\b)/g,
    replace: () => 'I',
    reason: 'the pronoun "I" is capitalised',
  },
  {
    pattern:
      /\b(gauss|coulomb|amp[eè]re|faraday|maxwell|laplace|poisson|fresnel|snell|brewster|lenz|biot|savart|ohm)(?=['’]s\b|\s+(?:law|equation|surface|angle|loop|theorem)s?\b)/g,
    replace: (name) => name[0]!.toUpperCase() + name.slice(1),
    reason: 'a name is capitalised (the unit stays lower case)',
  },
  { pattern: / +([,.;:!?])/g, replace: (_m, mark) => mark, reason: 'no space before punctuation' },
  { pattern: /([,;])(?=[A-Za-z])/g, replace: (_m, mark) => `${mark} `, reason: 'a space after punctuation' },
  { pattern: / {2,}/g, replace: () => ' ', reason: 'single spaces between words' },
  {
    // "law.it" but not "e.g.", "3.5" or "faraday.edu".
    pattern: /(?<=\p{Ll}{2})([.!?])(?=\p{L}{2,}\b)(?!(?:com|org|edu|net|io|cn|html|json|md|ts|js|py)\b)/gu,
    replace: (_m, mark) => `${mark} `,
    reason: 'a space after the end of a sentence',
  },
  {
    pattern: /(^|(?<!\b(?:e\.g|i\.e|vs|cf|etc|Eq|Fig|approx))[.!?]\s+)([a-z][\p{L}]*)/gu,
    replace: (_m, before, word) => `${before}${word[0]!.toUpperCase()}${word.slice(1)}`,
    reason: 'a sentence starts with a capital letter',
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
    changes.push({ before: 'end of text', after: '.', reason: 'the last sentence needs a full stop' });
  }
  return { polished, changes };
}

/** Style notes that need the writer's judgement, so they are suggested rather than applied. */
function suggestions(text: string): string[] {
  const notes: string[] = [];
  const sentences = splitParagraphs(text).flatMap((p) => splitSentences(p.text));
  const long = sentences.filter((s) => countWords(s).total > 30);
  if (long.length > 0) {
    notes.push(
      `${long.length} sentence${long.length === 1 ? ' has' : 's have'} more than 30 words; consider splitting: "${long[0]!.slice(0, 80)}…"`,
    );
  }
  const passive = text.match(/\b(?:is|are|was|were|be|been|being)\s+\w+ed\b/gi) ?? [];
  if (passive.length >= 2) {
    notes.push(
      `${passive.length} passive constructions (e.g. "${passive[0]}"); use the active voice where the actor matters.`,
    );
  }
  const agreement = /\b(?:don['’]?t|doesn['’]?t)\b/i.exec(text);
  if (agreement) {
    notes.push(
      `"${agreement[0]}" is left as written: whether it should be "do not" or "does not" depends on its subject, which I cannot tell apart without a model.`,
    );
  }
  if (/\b(very|really|quite)\b/i.test(text))
    notes.push(
      'Intensifiers ("very", "really", "quite") rarely add precision; a number or a comparison does.',
    );
  return notes;
}

/** "Please polish this:", "请润色以下段落：": the request, not the text to polish. */
const INSTRUCTION =
  /^\s*(?:(?:please|pls|can you|could you)\s+)?(?:polish|proofread|improve|correct|fix|edit|check|revise|rewrite)\b[^:：\n]{0,40}[:：]\s*|^\s*请?(?:帮我|帮忙)?(?:润色|修改|改进|校对|修订|改写)[^:：\n]{0,12}[:：]\s*/i;

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
  if (text.trim() === '') {
    return 'Send the text you want polished (the instruction alone has nothing to polish).';
  }
  if (/\p{Script=Han}/u.test(text) && (text.match(/\p{Script=Han}/gu)?.length ?? 0) > text.length / 4) {
    return '中文润色需要语言模型，目前没有配置模型，所以我不修改这段文字，以免改错。配置模型后再试；在此之前可以自己检查错别字、标点和过长的句子。';
  }
  const { polished, changes } = polishText(text);
  const notes = suggestions(polished);
  const lines = ['**Corrected text**', '', ...polished.split('\n').map((l) => `> ${l}`), ''];
  if (changes.length === 0) {
    lines.push(
      '**Changes:** none of the errors I can correct without a model (spelling list, repeated words, spacing, capitals) were found.',
    );
  } else {
    lines.push(`**Changes (${changes.length})**`);
    changes.forEach((c, i) => {
      const after = c.after.trim() === '' ? '(removed)' : `"${c.after}"`;
      lines.push(`${i + 1}. "${c.before}" → ${after} (${c.reason})`);
    });
  }
  if (notes.length > 0) lines.push('', '**Suggestions**', ...notes.map((n) => `- ${n}`));
  lines.push(
    '',
    '**Not done:** grammar, word choice and sentence structure were not checked or rewritten; polishing those needs a model, and none is configured.',
  );
  return lines.join('\n');
}
