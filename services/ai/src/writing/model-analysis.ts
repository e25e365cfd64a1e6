import type { WritingType } from '@faraday/contracts';
import { z } from 'zod';
import type { ConversationMessage } from '../upstream/assistant-turn.js';
import type { MeasuredText } from './measure.js';
import { DIMENSIONS, type DimensionId, RUBRICS } from './rubrics.js';
import { type Analysis, orderImprovements, summaryOf, TYPE_NAMES, weightedScore } from './rule-analysis.js';
import { atDocument, atParagraph, atSentence, clampScore, type Finding, type Target } from './rule-kit.js';
import type { TextLang } from './text-segments.js';

/**
 * The model's side of the writing analysis: the prompt (rubric, measured facts, the text with
 * numbered paragraphs and sentences so it can point at them), the schema its JSON must meet,
 * and the merge. The model judges; the numbers stay ours: the overall score is recomputed
 * from its dimension scores with the rubric's weights, every excerpt is cut from our own
 * segmentation, and a target that points at nothing is dropped.
 */

const MAX_PROMPT_TEXT_CHARS = 24_000;

export const modelJudgementSchema = z.object({
  dimensions: z
    .array(
      z.object({ id: z.string(), score: z.number().min(0).max(100), comment: z.string().min(1).max(1000) }),
    )
    .min(1),
  strengths: z.array(z.string().min(1).max(500)).max(10).default([]),
  improvements: z
    .array(
      z.object({
        dimension: z.string(),
        target: z.object({
          kind: z.enum(['sentence', 'paragraph', 'document']),
          index: z.number().int().nullable().optional(),
        }),
        issue: z.string().min(1).max(600),
        suggestion: z.string().min(1).max(800),
      }),
    )
    .max(20)
    .default([]),
  summary: z.string().max(1500).optional(),
});
export type ModelJudgement = z.infer<typeof modelJudgementSchema>;

function numberedText(text: MeasuredText): string {
  const lines: string[] = [];
  let used = 0;
  for (const paragraph of text.paragraphs) {
    lines.push(`[P${paragraph.index}]`);
    for (const sentence of paragraph.sentences) {
      used += sentence.text.length;
      if (used > MAX_PROMPT_TEXT_CHARS) {
        lines.push('[… the rest of the text is omitted]');
        return lines.join('\n');
      }
      lines.push(`(S${sentence.index}) ${sentence.text}`);
    }
  }
  return lines.join('\n');
}

export function analysisPrompt(
  text: MeasuredText,
  type: WritingType,
  level: string,
  lang: TextLang = text.lang,
): ConversationMessage[] {
  const rubric = RUBRICS[type].dimensions
    .map((d) => `- ${d.id} (weight ${d.weight}): ${DIMENSIONS[d.id].name.en} — ${DIMENSIONS[d.id].judges}`)
    .join('\n');
  const language = lang === 'zh' ? 'Chinese (简体中文)' : 'English';
  return [
    {
      role: 'system',
      content:
        'You assess student writing for a university electromagnetics course. Judge only what the text ' +
        'shows, quote nothing you cannot point at, and be specific: every improvement names the sentence ' +
        `(S<n>) or paragraph (P<n>) it concerns. Write comments in ${language}. Reply with one JSON object ` +
        'and nothing else.',
    },
    {
      role: 'user',
      content: [
        `Writing type: ${TYPE_NAMES[type].en}. Student level: ${level}.`,
        `Rubric (score each dimension 0-100):\n${rubric}`,
        `Measured facts (trust these numbers, do not recount):\n${JSON.stringify(text.measurements)}`,
        `Text, with paragraphs [P<n>] and sentences (S<n>):\n${numberedText(text)}`,
        'Answer with JSON of this shape: {"dimensions":[{"id":"<rubric id>","score":<0-100>,"comment":"..."}],' +
          '"strengths":["..."],"improvements":[{"dimension":"<rubric id>","target":{"kind":"sentence"|"paragraph"|"document",' +
          '"index":<n or null>},"issue":"...","suggestion":"..."}],"summary":"..."}',
      ].join('\n\n'),
    },
  ];
}

function targetOf(
  text: MeasuredText,
  target: { kind: Target['kind']; index?: number | null | undefined },
): Target | undefined {
  if (target.kind === 'document') return atDocument(text);
  const index = target.index ?? 0;
  if (target.kind === 'sentence') {
    const sentence = text.sentences[index - 1];
    return sentence ? atSentence(sentence) : undefined;
  }
  const paragraph = text.paragraphs[index - 1];
  return paragraph ? atParagraph(paragraph) : undefined;
}

const sameTarget = (a: Target, b: Target) => a.kind === b.kind && a.index === b.index;

/** The model's judgement on top of the rules' analysis; what the model leaves out, the rules fill in. */
export function mergeJudgement(
  judgement: ModelJudgement,
  rules: Analysis,
  text: MeasuredText,
  type: WritingType,
  level: string,
  lang: TextLang = text.lang,
): Analysis {
  const ids = new Set<string>(RUBRICS[type].dimensions.map((d) => d.id));
  const byId = new Map(judgement.dimensions.filter((d) => ids.has(d.id)).map((d) => [d.id, d]));
  const dimensions = rules.dimensions.map((rule) => {
    const judged = byId.get(rule.id);
    return judged ? { ...rule, score: clampScore(judged.score), comment: judged.comment } : rule;
  });
  const modelFindings: Finding[] = [];
  for (const item of judgement.improvements) {
    const target = targetOf(text, item.target);
    if (!target || !ids.has(item.dimension)) continue;
    modelFindings.push({
      dimension: item.dimension as DimensionId,
      target,
      issue: item.issue,
      suggestion: item.suggestion,
    });
  }
  // Measured problems (a 60-word sentence, an unsupported paragraph) stay, unless the model
  // already spoke about the same sentence or paragraph.
  const measured = rules.improvements.filter(
    (rule) =>
      rule.target.kind !== 'document' && !modelFindings.some((m) => sameTarget(m.target, rule.target)),
  );
  const overall = weightedScore(dimensions);
  return {
    overall_score: overall,
    dimensions,
    strengths: judgement.strengths.length > 0 ? judgement.strengths.slice(0, 6) : rules.strengths,
    improvements: orderImprovements([...modelFindings, ...measured], type),
    summary: judgement.summary ?? summaryOf({ overall_score: overall, dimensions }, type, lang, level),
  };
}
