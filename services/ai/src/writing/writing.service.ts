import { AppError, type WritingAnalysisRequest, type WritingAnalysisResponse } from '@faraday/contracts';
import type { ChatContext, ChatDeps } from '../chat/chat.service.js';
import { SIMULATED_MODEL } from '../simulated/simulate.js';
import { askForJson } from '../upstream/json-answer.js';
import { RoutedLlm } from '../upstream/routed-llm.js';
import { measureText } from './measure.js';
import { analysisPrompt, mergeJudgement, modelJudgementSchema } from './model-analysis.js';
import { analyzeByRules } from './rule-analysis.js';
import { detectLang, langOf, type TextLang } from './text-segments.js';

/** Below this, rates (citations per 1000 words, connectives per sentence) say little. */
export const MIN_WORDS: Record<TextLang, number> = { en: 50, zh: 100 };

function shortTextNotes(words: number, textLang: TextLang, lang: TextLang): string[] {
  if (words >= MIN_WORDS[textLang]) return [];
  const unit = textLang === 'zh' ? (lang === 'zh' ? '字' : 'characters') : lang === 'zh' ? '词' : 'words';
  return [
    lang === 'zh'
      ? `文本只有 ${words} ${unit}（少于 ${MIN_WORDS[textLang]}）：引用密度、衔接词频率等比率类指标仅供参考，不足以可靠评判。`
      : `The text has ${words} ${unit} (fewer than ${MIN_WORDS[textLang]}): rates such as citations per 1000 words and connectives per sentence are shown but too short a sample to judge reliably.`,
  ];
}

/**
 * `POST /v1/writing/analyze`: measure, score by the rubric's rules, and (with an upstream)
 * let the model judge on top. The measurements are ours whoever judges.
 */
export async function analyzeWriting(
  deps: ChatDeps,
  request: WritingAnalysisRequest,
  ctx: ChatContext,
): Promise<WritingAnalysisResponse> {
  const content = request.content.trim();
  if (content === '') {
    throw new AppError('VALIDATION_ERROR', 'There is no text to analyse', {
      details: 'content: must not be empty',
    });
  }
  // The text's language sets how it is measured; the profile's, what the comments are written in.
  const textLang = detectLang(content);
  const lang = langOf(request.student_profile.lang, content);
  const text = measureText(content, textLang);
  const words = text.measurements.word_count;
  const { writing_type: type, student_profile: profile } = request;
  const rules = analyzeByRules(text, type, profile.level, lang);
  const base = {
    writing_type: type,
    lang,
    measurements: text.measurements,
    notes: shortTextNotes(words, textLang, lang),
  };
  const llm = new RoutedLlm(deps, ctx, { kind: 'writing_analyze', privacy: request.privacy });
  if (llm.isSimulated()) return { ...base, ...rules, judged_by: 'rules', model: SIMULATED_MODEL };

  const answer = await askForJson(llm, analysisPrompt(text, type, profile.level, lang), modelJudgementSchema);
  if (!answer.ok) {
    // A model that cannot produce the JSON still leaves the student a full, rule-based analysis.
    ctx.log.warn({ problem: answer.problem }, 'writing analysis: the model’s JSON was unusable; rules only');
    return { ...base, ...rules, judged_by: 'rules', model: llm.model };
  }
  return {
    ...base,
    ...mergeJudgement(answer.value, rules, text, type, profile.level, lang),
    judged_by: 'model',
    model: llm.model,
  };
}
