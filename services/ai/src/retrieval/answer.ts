import { z } from 'zod';
import { KNOWLEDGE_DIR, readDataFile } from '../knowledge/data-file.js';
import { type Citation, citationOf, type Passage, sourceLabel } from './context.js';
import { containsHan, tokenize } from './tokenizer.js';

/**
 * Simulated mode's answer under retrieval: a direct answer first (the best-matching span of the
 * best passage in the question's language, with its formula line when a quantity or a law is
 * asked for), then the evidence from other passages, then the sources. Every quotation is one
 * contiguous slice of a passage; nothing is paraphrased, and only what is quoted is cited.
 */

/** A sentence or a formula line of a passage, as offsets into its text. */
interface Segment {
  start: number;
  end: number;
  formula: boolean;
}

// A display line of its own with "=" (or ≈, ∝) and few words: F = k |q₁ q₂| / r², tan θ_B = n₂ / n₁。
function isFormula(text: string): boolean {
  if (!/[=≈∝]/.test(text)) return false;
  const words = text.match(/[A-Za-z]{3,}/g)?.length ?? 0;
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  return words + han / 2 <= 6;
}

/** Sentences (. ! ? 。！？ then space or end) and paragraph breaks; formula paragraphs whole. */
function segmentsOf(text: string): Segment[] {
  const out: Segment[] = [];
  for (const para of text.matchAll(/[^\n]+(?:\n(?!\s*\n)[^\n]+)*/g)) {
    const base = para.index;
    const body = para[0];
    if (body.trim().startsWith('#')) continue;
    if (isFormula(body)) {
      out.push({ start: base, end: base + body.length, formula: true });
      continue;
    }
    let from = 0;
    for (const end of body.matchAll(/(?<!\b(?:e\.g|i\.e|cf|vs|Fig|Eq))[.!?](?=\s|$)|[。！？]/g)) {
      const stop = end.index + end[0].length;
      const piece = body.slice(from, stop);
      const lead = piece.length - piece.trimStart().length;
      if (piece.trim()) out.push({ start: base + from + lead, end: base + stop, formula: isFormula(piece) });
      from = stop;
    }
    const rest = body.slice(from);
    if (rest.trim()) {
      const lead = rest.length - rest.trimStart().length;
      out.push({ start: base + from + lead, end: base + body.length, formula: isFormula(rest) });
    }
  }
  return out;
}

const wordsSchema = z.object({ en: z.array(z.string().min(1)), zh: z.array(z.string().min(1)) });
/** The question words of corpus/knowledge/answer-words.json. */
const WORDS = readDataFile(
  z.object({ quantityAsked: wordsSchema, opposites: z.array(z.tuple([wordsSchema, wordsSchema])) }),
  KNOWLEDGE_DIR,
  'answer-words.json',
);

/** English entries as whole words, then Chinese ones anywhere; case ignored. */
function wordsPattern({ en, zh }: z.infer<typeof wordsSchema>): RegExp {
  const parts = [...(en.length > 0 ? [String.raw`\b(?:${en.join('|')})\b`] : []), ...zh];
  return new RegExp(parts.join('|'), 'i');
}

// "What is", "how strong", "find", 多少, 公式 …: the answer is a relation or a number.
const QUANTITY_ASKED = wordsPattern(WORDS.quantityAsked);

export function asksForQuantity(question: string): boolean {
  return QUANTITY_ASKED.test(question);
}

export interface AnswerTerms {
  question: string;
  /** Query terms (aliases included) with their search weight. */
  terms: Map<string, number>;
  /** How much a term says (idf); unknown terms say nothing here. */
  idf: (term: string) => number;
}

/**
 * Words whose opposite in a sentence means the sentence is about the other case: asked about
 * the inside of a solid sphere, the sentence on the outside or on the shell is not the answer.
 */
const OPPOSITES = WORDS.opposites.map(([a, b]) => [wordsPattern(a), wordsPattern(b)] as const);

function scoreOf(text: string, query: AnswerTerms): number {
  let score = 0;
  for (const term of new Set(tokenize(text))) {
    const weight = query.terms.get(term);
    if (weight !== undefined) score += weight * query.idf(term);
  }
  for (const [a, b] of OPPOSITES) {
    for (const [asked, other] of [
      [a, b],
      [b, a],
    ] as const) {
      if (asked.test(query.question) && !asked.test(text) && other.test(text)) score *= 0.3;
    }
  }
  return score;
}

/**
 * The best contiguous span of a passage: the best segment, joined with the formula line next to
 * it when a quantity is asked for (or when the sentence leads into it, ending without a full
 * stop), at most three segments.
 */
interface Span {
  text: string;
  score: number;
  /** The span states a relation (has "=" or a formula line). */
  relation: boolean;
}

const RELATION = /[=≈∝]/;

function bestSpan(
  text: string,
  query: AnswerTerms,
  quantity: boolean,
  only: (s: Segment, text: string, next: Segment | undefined) => boolean = () => true,
): Span | undefined {
  const segments = segmentsOf(text);
  if (segments.length === 0) return undefined;
  const scores = segments.map((s, i) => {
    if (!only(s, text, segments[i + 1])) return -1;
    let score = scoreOf(text.slice(s.start, s.end), query);
    // A sentence that states the relation, or the formula line right after it, answers "what is".
    if (quantity && (RELATION.test(text.slice(s.start, s.end)) || segments[i + 1]?.formula)) score *= 1.5;
    return score;
  });
  let best = 0;
  scores.forEach((score, i) => {
    if (score > scores[best]!) best = i;
  });
  if (scores[best]! < 0) return undefined;
  let first = best;
  let last = best;
  const leadsIn = (s: Segment) => !/[.!?。！？]$/.test(text.slice(s.start, s.end).trim());
  const next = segments[last + 1];
  if (next?.formula && (quantity || leadsIn(segments[last]!))) last++;
  else if (segments[best]!.formula && best > 0) first = best - 1;
  // A formula line ending in "," or "with" continues in the sentence after it ("where ε₀ = …").
  const after = segments[last + 1];
  if (segments[last]!.formula && after && leadsIn(segments[last]!) && last - first < 2) last++;
  const span = text.slice(segments[first]!.start, segments[last]!.end).trim();
  return { text: span, score: scores[best]!, relation: RELATION.test(span) };
}

export interface ComposedAnswer {
  reply: string;
  /** The passages the reply cites, renumbered 1..k in the order the reply cites them. */
  citations: Citation[];
}

export function notFoundReply(chinese: boolean): string {
  return chinese
    ? '课程资料中没有找到与这个问题相关的内容，所以我不做猜测。可以换用本主题的物理术语重新提问（例如“高斯定理”或“布儒斯特角”），或请老师补充相关资料。'
    : 'I could not find anything about this in the course material, so I will not guess. Try asking with ' +
        'the physics terms of the topic (for example "Gauss\'s law" or "Brewster angle"), or ask your ' +
        'teacher to add material on it.';
}

export function composeAnswer(
  question: string,
  passages: Passage[],
  relevant: boolean,
  query: AnswerTerms,
): ComposedAnswer {
  const chinese = containsHan(question);
  if (!relevant || passages.length === 0) return { reply: notFoundReply(chinese), citations: [] };
  const quantity = asksForQuantity(question);
  // The answer comes from the best passage in the question's language when there is one.
  const sameLanguage = passages.find((p) => containsHan(p.text) === chinese);
  const lead = sameLanguage ?? passages[0]!;
  const leadSpan = bestSpan(lead.text, query, quantity) ?? {
    text: lead.text.trim(),
    score: 0,
    relation: false,
  };
  // Asked for a quantity or a law and the best sentence states none: the passage's best relation
  // opens the answer, then that sentence (two quotations: they need not be adjacent). A display
  // formula line is the notes' statement of the law; an "=" inside prose (the vector form in a
  // sentence) is a remark on it, taken only when the passage has no display line.
  const relationSpan =
    quantity && !leadSpan.relation
      ? (bestSpan(lead.text, query, quantity, (s, _t, next) => s.formula || next?.formula === true) ??
        bestSpan(lead.text, query, quantity, (s, t) => RELATION.test(t.slice(s.start, s.end))))
      : undefined;
  const direct =
    relationSpan && !leadSpan.text.includes(relationSpan.text)
      ? [relationSpan.text, ...(relationSpan.text.includes(leadSpan.text) ? [] : [leadSpan.text])]
      : [leadSpan.text];
  const cited: { passage: Passage; span: string }[] = [{ passage: lead, span: leadSpan.text }];
  for (const p of passages) {
    if (cited.length >= 3 || p === lead) continue;
    // One quotation per section: a source is listed once, under one number.
    if (cited.some((c) => c.passage.source === p.source && c.passage.section === p.section)) continue;
    // Evidence in the question's language only, unless the material has nothing in it.
    if (sameLanguage && containsHan(p.text) !== chinese) continue;
    const span = bestSpan(p.text, query, quantity);
    if (!span || span.score <= 0 || span.score < 0.5 * leadSpan.score) continue;
    if (!cited.some((c) => c.span === span.text)) cited.push({ passage: p, span: span.text });
  }
  const citations: Citation[] = cited.map(({ passage }, i) => citationOf({ ...passage, n: i + 1 }));
  const otherLanguage = containsHan(lead.text) !== chinese;
  const said = direct.map((span) => `${span} [1]`).join('\n\n');
  const opening = otherLanguage
    ? `${chinese ? '课程资料（英文）中的说法：' : 'The course material (in Chinese) says:'}\n\n${said}`
    : said;
  // Each quotation carries the [n] of the passage it is a slice of; the sources themselves are the
  // `citations`, which clients list once (docs/adr/0134-citations-name-what-they-support.md).
  const evidence = cited
    .slice(1)
    .map(({ passage, span }, i) =>
      chinese
        ? `- ${sourceLabel(passage)}：“${span}” [${i + 2}]`
        : `- ${sourceLabel(passage)}: "${span}" [${i + 2}]`,
    );
  const parts = [opening];
  if (evidence.length > 0)
    parts.push(`${chinese ? '相关内容：' : 'More from the course material:'}\n${evidence.join('\n')}`);
  return { reply: parts.join('\n\n'), citations };
}
