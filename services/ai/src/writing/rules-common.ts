import { CONNECTIVES, HEDGES, INFORMAL, OVERCLAIMS } from './lexicon.js';
import { longSentenceLimit } from './measure.js';
import {
  atDocument,
  atParagraph,
  atSentence,
  clampScore,
  type DimensionResult,
  type Finding,
  type RuleContext,
  say,
  wordsPattern,
} from './rule-kit.js';

/** Dimensions every writing type shares: citations, structure and academic language. */

const HEDGE = wordsPattern(HEDGES);
const OVERCLAIM = wordsPattern(OVERCLAIMS);
const INFORMAL_WORD = wordsPattern(INFORMAL);
const CONTRAST = wordsPattern(CONNECTIVES.contrast);

export function scoreCitations(ctx: RuleContext): DimensionResult {
  const { text, lang, rubric } = ctx;
  const m = text.measurements;
  const improvements: Finding[] = [];
  const strengths: string[] = [];
  if (rubric.citationsPer1000 === 0) {
    // Abstracts and lab reports: a citation or two is fine in a report, none belongs in an abstract.
    if (ctx.type !== 'abstract' || m.citation_count === 0) {
      return {
        score: 90,
        comment: say(lang, 'No citations are expected here.', '此类文本对引用不作要求。'),
        strengths,
        improvements,
      };
    }
    for (const paragraph of text.paragraphs.filter((p) => p.citations > 0).slice(0, 2)) {
      improvements.push({
        dimension: 'citations',
        target: atParagraph(paragraph),
        issue: say(lang, 'An abstract should stand on its own.', '摘要应能独立成文。'),
        suggestion: say(
          lang,
          'Remove the in-text citations from the abstract; cite the sources in the paper itself.',
          '删去摘要中的文内引用，把引用放到正文中。',
        ),
      });
    }
    return {
      score: clampScore(100 - 20 * m.citation_count),
      comment: say(
        lang,
        `${m.citation_count} in-text citation(s) in an abstract, which normally has none.`,
        `摘要中出现了 ${m.citation_count} 处文内引用，摘要通常不含引用。`,
      ),
      strengths,
      improvements,
    };
  }
  const target = rubric.citationsPer1000 * ctx.factor;
  const density = m.citations_per_1000_words;
  let score = density >= target ? 88 + Math.min(12, (density - target) / 2) : 35 + (50 * density) / target;
  // A long paragraph of claims without a single source is the most common gap.
  const unsupported = text.paragraphs.filter(
    (p) => p.citations === 0 && p.words >= (text.lang === 'zh' ? 80 : 50),
  );
  for (const paragraph of unsupported.slice(0, 3)) {
    score -= 6;
    improvements.push({
      dimension: 'citations',
      target: atParagraph(paragraph),
      issue: say(
        lang,
        'This paragraph makes claims without citing a source.',
        '该段提出了观点但没有引用任何文献。',
      ),
      suggestion: say(
        lang,
        'Support its main claim with at least one citation, or mark it clearly as your own reasoning.',
        '为该段的主要观点补充至少一处引用，或明确说明这是你自己的推理。',
      ),
    });
  }
  if (m.citation_count > 0 && m.reference_entries === 0) {
    score -= 15;
    improvements.push({
      dimension: 'citations',
      target: atDocument(text),
      issue: say(lang, 'In-text citations but no reference list.', '有文内引用但没有参考文献列表。'),
      suggestion: say(
        lang,
        'Add a References section listing every cited source in one style.',
        '在文末增加“参考文献”，按统一格式列出所有引用的文献。',
      ),
    });
  }
  if (density >= target) {
    strengths.push(
      say(
        lang,
        `Claims are well supported: ${m.citation_count} in-text citations (${density} per 1000 words).`,
        `论述有充分的文献支撑：共 ${m.citation_count} 处文内引用（每千字 ${density} 处）。`,
      ),
    );
  }
  return {
    score: clampScore(score),
    comment: say(
      lang,
      `${m.citation_count} in-text citations, ${density} per 1000 words (about ${Math.round(target)} expected), ${m.reference_entries} reference entries.`,
      `文内引用 ${m.citation_count} 处，每千字 ${density} 处（期望约 ${Math.round(target)} 处），参考文献 ${m.reference_entries} 条。`,
    ),
    strengths,
    improvements,
  };
}

export function scoreStructure(ctx: RuleContext): DimensionResult {
  const { text, lang, rubric } = ctx;
  const m = text.measurements;
  const improvements: Finding[] = [];
  const strengths: string[] = [];
  let score = 90;
  if (m.paragraph_count < rubric.minParagraphs) {
    score -= 12 * (rubric.minParagraphs - m.paragraph_count);
    improvements.push({
      dimension: 'structure',
      target: atDocument(text),
      issue: say(
        lang,
        `Only ${m.paragraph_count} paragraph(s); a text of this kind usually needs at least ${rubric.minParagraphs}.`,
        `只有 ${m.paragraph_count} 个段落，此类文本通常至少需要 ${rubric.minParagraphs} 段。`,
      ),
      suggestion: say(
        lang,
        'Give each main idea its own paragraph: introduction, one paragraph per theme, conclusion.',
        '每个主要观点单独成段：引言、每个主题一段、结论。',
      ),
    });
  }
  if (rubric.expectsHeadings && m.headings.length === 0 && m.word_count > 400) {
    score -= 8;
    improvements.push({
      dimension: 'structure',
      target: atDocument(text),
      issue: say(lang, 'No section headings.', '没有小节标题。'),
      suggestion: say(
        lang,
        'Add headings that name each section’s theme.',
        '为各部分添加能概括主题的小标题。',
      ),
    });
  }
  const thin = text.paragraphs.filter((p) => p.sentences.length === 1 && p.index < m.paragraph_count);
  for (const paragraph of thin.slice(0, 2)) {
    score -= 5;
    improvements.push({
      dimension: 'structure',
      target: atParagraph(paragraph),
      issue: say(lang, 'A one-sentence paragraph.', '该段只有一句话。'),
      suggestion: say(
        lang,
        'Develop it with evidence or an example, or merge it into the neighbouring paragraph.',
        '用论据或例子展开，或与相邻段落合并。',
      ),
    });
  }
  const linking = m.connectives.per_sentence;
  if (linking < 0.1 && m.sentence_count >= 5) {
    score -= 12;
    improvements.push({
      dimension: 'structure',
      target: atDocument(text),
      issue: say(lang, 'Sentences are rarely linked by connectives.', '句子之间很少使用关联词。'),
      suggestion: say(
        lang,
        'Show how ideas relate: however (contrast), therefore (consequence), for example (illustration).',
        '用关联词表明逻辑关系：然而（转折）、因此（因果）、例如（举例）。',
      ),
    });
  } else if (linking >= 0.2) {
    strengths.push(
      say(
        lang,
        `Ideas are linked: ${m.connectives.count} connectives of ${m.connectives.distinct} kinds.`,
        `行文连贯：使用了 ${m.connectives.count} 处、${m.connectives.distinct} 种关联词。`,
      ),
    );
  }
  if (m.headings.length > 0 && rubric.expectsHeadings) {
    strengths.push(
      say(lang, `Clear sections: ${m.headings.join(' / ')}.`, `结构清晰：${m.headings.join(' / ')}。`),
    );
  }
  return {
    score: clampScore(score),
    comment: say(
      lang,
      `${m.paragraph_count} paragraphs, ${m.headings.length} headings, ${linking} connectives per sentence.`,
      `${m.paragraph_count} 个段落，${m.headings.length} 个标题，平均每句 ${linking} 个关联词。`,
    ),
    strengths,
    improvements,
  };
}

export function scoreLanguage(ctx: RuleContext): DimensionResult {
  const { text, lang } = ctx;
  const m = text.measurements;
  const improvements: Finding[] = [];
  const strengths: string[] = [];
  let score = 92;
  // Lengths are the text's own language's norms; the comments are in the student's.
  const [low, high] = text.lang === 'zh' ? [15, 50] : [12, 26];
  const avg = m.avg_sentence_length;
  if (avg > high) score -= Math.min(20, (avg - high) * 1.5);
  if (avg < low && m.sentence_count >= 3) score -= Math.min(15, (low - avg) * 2);
  const limit = longSentenceLimit(text.lang);
  const long = [...text.sentences].filter((s) => s.words > limit).sort((a, b) => b.words - a.words);
  for (const sentence of long.slice(0, 3)) {
    score -= 5;
    improvements.push({
      dimension: 'language',
      target: atSentence(sentence),
      issue: say(
        lang,
        `A ${sentence.words}-word sentence is hard to follow.`,
        `这句话长达 ${sentence.words} 字，不易理解。`,
      ),
      suggestion: say(
        lang,
        'Split it into two or three sentences, one claim each.',
        '拆成两三句，每句只表达一个观点。',
      ),
    });
  }
  // Every informal sentence costs: a text written like a chat message cannot score well here.
  const informal = text.sentences.filter((s) => INFORMAL_WORD.test(s.text));
  score -= Math.min(50, 8 * informal.length);
  for (const sentence of informal.slice(0, 2)) {
    improvements.push({
      dimension: 'language',
      target: atSentence(sentence),
      issue: say(lang, 'Informal wording.', '用语过于口语化。'),
      suggestion: say(
        lang,
        'Use the formal register: no contractions or vague quantifiers ("a lot of" → "many", "it’s" → "it is").',
        '改用书面语，避免口语词（如“挺”“超级”“搞定”“大概”）。',
      ),
    });
  }
  // A certain-sounding claim with neither a hedge nor a source in the same sentence.
  const overclaims = text.sentences.filter(
    (s) => OVERCLAIM.test(s.text) && !HEDGE.test(s.text) && !/\[\d|【\d|\(\p{Lu}|（/u.test(s.text),
  );
  for (const sentence of overclaims.slice(0, 2)) {
    score -= 4;
    improvements.push({
      dimension: 'language',
      target: atSentence(sentence),
      issue: say(lang, 'The claim is stated as certain without support.', '该论断语气过于绝对，且没有依据。'),
      suggestion: say(
        lang,
        'Hedge it ("suggests", "is likely to") or cite the evidence that makes it certain.',
        '适当弱化语气（如“可能”“在一定程度上”），或给出支持它的证据和引用。',
      ),
    });
  }
  const hedging = m.hedging.per_1000_words;
  // A colloquial hedge (大概) is vagueness, not care: it is never praised.
  const careful = Object.keys(m.hedging.terms).filter((term) => !INFORMAL_WORD.test(term));
  if (m.word_count >= 150 && m.hedging.count === 0) {
    score -= 6;
  } else if (hedging > 40) {
    score -= 8;
    improvements.push({
      dimension: 'language',
      target: atDocument(text),
      issue: say(lang, `Heavy hedging (${hedging} per 1000 words).`, `弱化语过多（每千字 ${hedging} 处）。`),
      suggestion: say(
        lang,
        'State well-supported findings directly; keep hedges for claims that are uncertain.',
        '证据充分的结论可以直接陈述，弱化语只用于不确定的论断。',
      ),
    });
  } else if (careful.length > 0) {
    strengths.push(
      say(
        lang,
        `Claims are hedged with care (${careful.join(', ')}).`,
        `论断措辞审慎（${careful.join('、')}）。`,
      ),
    );
  }
  if (avg >= low && avg <= high) {
    strengths.push(
      say(lang, `Readable sentences: ${avg} words on average.`, `句子长度适中：平均每句 ${avg} 字。`),
    );
  }
  return {
    score: clampScore(score),
    comment: say(
      lang,
      `Average sentence ${avg} words (${low}–${high} reads well), ${m.long_sentences} long sentence(s), ${m.hedging.count} hedge(s).`,
      `平均句长 ${avg} 字（${low}–${high} 较为适宜），长句 ${m.long_sentences} 个，弱化语 ${m.hedging.count} 处。`,
    ),
    strengths,
    improvements,
  };
}

/** Contrastive connectives, used by the critical-evaluation and argument rules. */
export function hasContrast(text: string): boolean {
  return CONTRAST.test(text);
}
