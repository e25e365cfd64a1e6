import { t } from '../lang.js';
import { splitParagraphs, splitSentences, type TextLang } from '../writing/text-segments.js';
import { usesTerm } from './key-terms.js';
import { type GuidedSession, isCompleted, progressOf, type Step } from './session.js';
import type { Judgement } from './understanding.js';

/**
 * The simulated tutor's words, in English and Chinese. Every reply asks exactly one question
 * (marked **Question:** / **问题：**), and help comes in the order a tutor gives it: a hint
 * aimed at what was missing, then the course notes' own words, and only on the third miss the
 * answer itself, followed by a request to explain it back.
 */

const QUESTION_FORMS: Record<TextLang, ((title: string, topic: string) => string)[]> = {
  en: [
    (title, topic) => `In your own words, what is “${title}” about, and why does it matter for ${topic}?`,
    (title) => `How would you explain “${title}” to a classmate, including the reason it works?`,
    (title) => `What is the key idea of “${title}”, and what follows from it?`,
  ],
  zh: [
    (title, topic) => `用你自己的话说说，「${title}」讲的是什么？它对理解${topic}为什么重要？`,
    (title) => `如果要向同学解释「${title}」，你会怎么说？请说明它成立的原因。`,
    (title) => `「${title}」的核心思想是什么？由此可以得出什么结论？`,
  ],
};

/** The question of a step without an exercise; the wording varies along the path. */
export function explanationQuestion(title: string, index: number, topic: string, lang: TextLang): string {
  const forms = QUESTION_FORMS[lang];
  return forms[index % forms.length]!(title, topic);
}

export function goalOf(
  step: Pick<Step, 'title' | 'key_terms'>,
  hasExercise: boolean,
  lang: TextLang,
): string {
  const terms = step.key_terms.slice(0, 3).join(lang === 'zh' ? '、' : ', ');
  if (hasExercise) {
    return t(
      lang,
      `Explain “${step.title}” and use it to compute a value.`,
      `理解「${step.title}」并用它完成一道计算。`,
    );
  }
  return t(
    lang,
    `Explain “${step.title}” in your own words${terms ? ` (key terms: ${terms})` : ''}.`,
    `用自己的话解释「${step.title}」${terms ? `（关键词：${terms}）` : ''}。`,
  );
}

/** The sentence of the notes that carries most of the step's key terms. */
export function keySentence(text: string, terms: readonly string[]): string | undefined {
  const sentences = splitParagraphs(text)
    .filter((p) => !p.heading)
    .flatMap((p) => splitSentences(p.text))
    .filter((s) => s.length >= 20);
  let best: { sentence: string; score: number } | undefined;
  for (const sentence of sentences) {
    const score = terms.filter((term) => usesTerm(sentence, term)).length;
    if (!best || score > best.score) best = { sentence, score };
  }
  return best?.sentence;
}

function questionLine(step: Step, lang: TextLang): string {
  return `${t(lang, '**Question:**', '**问题：**')} ${step.question}`;
}

function cite(marker: string | undefined, lang: TextLang): string {
  return marker ? t(lang, ` (see ${marker})`, `（参见 ${marker}）`) : '';
}

function stepHeader(session: GuidedSession, lang: TextLang): string {
  const step = session.steps[session.current]!;
  return t(
    lang,
    `**Step ${session.current + 1} of ${session.steps.length}: ${step.title}.** ${step.goal}`,
    `**第 ${session.current + 1} 步（共 ${session.steps.length} 步）：${step.title}。** ${step.goal}`,
  );
}

export function introReply(session: GuidedSession, marker: string | undefined): string {
  const { lang } = session;
  const path = session.steps.map((s, i) => `${i + 1}. ${s.title}`).join('\n');
  return [
    t(
      lang,
      `Let’s learn **${session.topic}** step by step. Our path has ${session.steps.length} steps:`,
      `我们一步一步来学习 **${session.topic}**。学习路径共 ${session.steps.length} 步：`,
    ),
    path,
    stepHeader(session, lang) + cite(marker, lang),
    questionLine(session.steps[session.current]!, lang),
  ].join('\n\n');
}

function praise(judgement: Judgement, lang: TextLang): string {
  if (judgement.rule === 'numeric') {
    return t(lang, 'Correct — your number is right.', '正确——你的计算结果是对的。');
  }
  if (judgement.rule === 'equation') {
    return t(lang, 'Correct — that is the relation of this step.', '正确——这正是这一步的关系式。');
  }
  if (judgement.rule === 'key_idea') {
    return t(lang, 'Correct — you stated the key idea of this step.', '正确——你说出了这一步的核心思想。');
  }
  return t(
    lang,
    'Good — you explained it in your own words and gave a reason.',
    '很好——你用自己的话作了解释，并说明了原因。',
  );
}

/** The reply after an answer that showed understanding: the next step, or the end of the path. */
export function advanceReply(
  session: GuidedSession,
  judgement: Judgement,
  marker: string | undefined,
): string {
  const { lang } = session;
  if (isCompleted(session)) {
    const weak = session.weak_points.map((w) => `- ${w.title}: ${w.note}`).join('\n');
    return [
      praise(judgement, lang),
      t(
        lang,
        `That completes the path on **${session.topic}**: ${session.steps.length} of ${session.steps.length} steps (${progressOf(session)} %).`,
        `关于 **${session.topic}** 的学习路径已全部完成：${session.steps.length}/${session.steps.length} 步（${progressOf(session)}%）。`,
      ),
      weak
        ? `${t(lang, 'Worth reviewing, from your earlier answers:', '根据你之前的回答，建议复习：')}\n${weak}`
        : t(lang, 'You needed no hints along the way.', '整个过程中你没有用到提示。'),
      t(
        lang,
        '**Question:** Which step would you like to revisit, or shall we try a harder problem?',
        '**问题：** 你想回顾哪一步，还是试一道更难的题？',
      ),
    ].join('\n\n');
  }
  return [
    praise(judgement, lang),
    stepHeader(session, lang) + cite(marker, lang),
    questionLine(session.steps[session.current]!, lang),
  ].join('\n\n');
}

function whatIsMissing(judgement: Judgement, step: Step, lang: TextLang): string {
  const wrong = judgement.missing.misconception;
  if (wrong) return t(lang, `that is a common misconception — ${wrong.en}`, `这是一个常见误解——${wrong.zh}`);
  const numeric = judgement.missing.numeric;
  if (numeric?.startsWith('power_of_ten')) {
    return t(
      lang,
      'your number is off by a power of ten — check the unit prefixes (cm → m, nC → C)',
      '你的结果差了 10 的整数次幂——检查单位换算（cm → m，nC → C）',
    );
  }
  if (numeric) return t(lang, 'your number is not right yet', '你的计算结果还不对');
  if (step.exercise) {
    return t(
      lang,
      'I need the value with its unit, or an explanation of the relation with its reason',
      '请给出带单位的数值，或者说明其中的关系及原因',
    );
  }
  const parts: string[] = [];
  if (judgement.missing.terms.length > 0) {
    parts.push(
      t(
        lang,
        'the explanation does not yet use the key ideas of this step',
        '解释中还没有用到这一步的关键概念',
      ),
    );
  }
  if (judgement.missing.reason)
    parts.push(t(lang, 'say *why*, not only *what*', '不仅要说“是什么”，还要说“为什么”'));
  if (judgement.missing.length)
    parts.push(t(lang, 'a phrase is not yet an explanation', '一个短语还不足以构成解释'));
  return parts.join(t(lang, '; ', '；'));
}

export interface Hint {
  text: string;
  /** Replaces the step's question once the answer has been shown: one question per reply. */
  question?: string;
}

/** The next rung of the hint ladder for a step, after `attempts` answers that missed. */
export function hintFor(
  step: Step,
  judgement: Judgement,
  attempts: number,
  quote: string | undefined,
  marker: string | undefined,
  lang: TextLang,
): Hint {
  const rung = Math.min(attempts, 3);
  const exercise = step.exercise;
  const hint = (text: string) => ({ text: `${t(lang, '*Hint:*', '*提示：*')} ${text}` });
  if (exercise) {
    if (rung === 1) return hint(exercise.formula);
    if (rung === 2) return hint(exercise.substitution);
    return {
      text: exercise.answer,
      question: t(
        lang,
        'Why does the result change the way it does when the quantities in the question change?',
        '当题目中的各个量变化时，结果为什么会这样变化？',
      ),
    };
  }
  if (rung === 1) {
    if (judgement.missing.terms.length > 0) {
      const terms = judgement.missing.terms.slice(0, 2).join(lang === 'zh' ? '、' : ' and ');
      return hint(t(lang, `think about how ${terms} come into it.`, `想一想${terms}在这里起什么作用。`));
    }
    return hint(
      t(
        lang,
        'finish the sentence “… because …” in two or three sentences.',
        '用两三句话完成“……，因为……”这个句子。',
      ),
    );
  }
  const cited = marker ? ` ${marker}` : '';
  // The second hint leads without giving the point away: the notes' sentence with its key
  // terms blanked out, for the student to fill in.
  if (rung === 2 && quote) {
    const blanked = blankTerms(quote, step.key_terms);
    if (blanked !== quote) {
      return hint(
        t(
          lang,
          `fill in the blanks of the notes' sentence: “${blanked}”${cited}`,
          `填出讲义这句话中的空白：“${blanked}”${cited}`,
        ),
      );
    }
    return hint(
      t(
        lang,
        `reread the notes on ${step.title}${cited} and say why it holds.`,
        `重读讲义中“${step.title}”的部分${cited}，并说明它为什么成立。`,
      ),
    );
  }
  return {
    text: t(
      lang,
      `Here is the key point${cited}: “${quote ?? step.goal}”`,
      `要点是${cited}：“${quote ?? step.goal}”`,
    ),
    question: t(
      lang,
      'Can you explain it back in your own words, with the reason it holds?',
      '你能用自己的话复述一遍，并说明它成立的原因吗？',
    ),
  };
}

function blankTerms(sentence: string, terms: readonly string[]): string {
  let out = sentence;
  for (const term of terms.flatMap((t) => t.split('|'))) {
    const escaped = term.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (!escaped) continue;
    const latin = !/\p{Script=Han}/u.test(term);
    out = out.replace(new RegExp(latin ? `\\b${escaped}\\w*` : escaped, 'gi'), '____');
  }
  return out;
}

/** A question of the student's own ("why …?", "什么是…？"), not an answer to the tutor's. */
export function isStudentQuestion(text: string): boolean {
  const trimmed = text.trim();
  return (
    (/^(why|what|how|when|where|which|is|are|does|do|can|could|should|i don'?t (understand|get)|what's|explain)\b[\s\S]*[?？]?$/i.test(
      trimmed,
    ) &&
      /[?？]$|^i don'?t/i.test(trimmed)) ||
    /^(为什么|什么是|怎么|怎样|如何|能不能|我不懂|我不明白|请问)[\s\S]*[?？]?$/.test(trimmed)
  );
}

/** The answer to the student's question from the step's notes, then the step's question again. */
export function questionReply(
  session: GuidedSession,
  sentence: string | undefined,
  marker: string | undefined,
): string {
  const { lang } = session;
  const step = session.steps[session.current]!;
  const cited = marker ? ` ${marker}` : '';
  return [
    sentence
      ? t(
          lang,
          `Good question. The notes answer it: “${sentence}”${cited}`,
          `好问题。讲义中的回答是：“${sentence}”${cited}`,
        )
      : t(
          lang,
          `Good question. The notes on ${step.title} do not answer it directly${cited}; let’s come at it through this step.`,
          `好问题。讲义中“${step.title}”部分没有直接回答它${cited}，我们通过这一步来理解。`,
        ),
    t(lang, `**Question:** With that in mind — ${step.question}`, `**问题：** 结合这一点——${step.question}`),
  ].join('\n\n');
}

/** After the worked explanation: one key idea at a time, a different one each turn. */
export function pieceByPieceReply(session: GuidedSession, attempts: number): string {
  const { lang } = session;
  const step = session.steps[session.current]!;
  const terms = step.key_terms.length > 0 ? step.key_terms : [step.title];
  const term = terms[(attempts - 4) % terms.length]!.split('|')[0]!;
  return [
    t(
      lang,
      `Let’s take it one piece at a time (try ${attempts}).`,
      `我们一次只看一个要点（第 ${attempts} 次尝试）。`,
    ),
    t(
      lang,
      `**Question:** In one sentence of your own, what does “${term}” mean in this step, and what does it have to do with ${step.title}?`,
      `**问题：** 用你自己的一句话说说，“${term}”在这一步中是什么意思？它和“${step.title}”有什么关系？`,
    ),
  ].join('\n\n');
}

/** The reply after an answer that did not show understanding yet: what is missing, a hint, one question. */
export function retryReply(session: GuidedSession, judgement: Judgement, hint: Hint): string {
  const { lang } = session;
  const missing = whatIsMissing(judgement, session.steps[session.current]!, lang);
  const question =
    hint.question ?? `${t(lang, 'Try again —', '再试一次——')} ${session.steps[session.current]!.question}`;
  return [
    t(lang, `Not quite yet${missing ? `: ${missing}` : ''}.`, `还差一点${missing ? `：${missing}` : ''}。`),
    hint.text,
    `${t(lang, '**Question:**', '**问题：**')} ${question}`,
  ].join('\n\n');
}

/** A turn on a finished path: nothing is judged, the student is pointed to a new session. */
export function finishedReply(session: GuidedSession): string {
  const { lang } = session;
  return [
    t(
      lang,
      `This path on **${session.topic}** is complete (100 %). To learn another topic, start a new session (send no session_id).`,
      `关于 **${session.topic}** 的学习路径已经完成（100%）。如需学习其他主题，请开始新的会话（不要传 session_id）。`,
    ),
    t(lang, '**Question:** What would you like to learn next?', '**问题：** 接下来你想学习什么？'),
  ].join('\n\n');
}

/** The note kept as a weak point when an answer missed. */
export function weakPointNote(judgement: Judgement, step: Step, lang: TextLang): string {
  const numeric = judgement.missing.numeric;
  if (numeric) {
    const value = numeric.split(':').at(-1);
    return numeric.startsWith('power_of_ten')
      ? t(
          lang,
          `unit conversion: answered ${value}, off by a power of ten`,
          `单位换算：回答为 ${value}，差了 10 的整数次幂`,
        )
      : t(
          lang,
          `calculation: answered ${value}, not within ${Math.round((step.exercise?.tolerance ?? 0.02) * 100)} % of the result`,
          `计算：回答为 ${value}，与正确结果的偏差超过 ${Math.round((step.exercise?.tolerance ?? 0.02) * 100)}%`,
        );
  }
  if (step.exercise) return t(lang, 'calculation: no value given', '计算：没有给出数值');
  const parts: string[] = [];
  if (judgement.missing.terms.length > 0) {
    parts.push(
      t(
        lang,
        `did not use ${judgement.missing.terms.join(', ')}`,
        `没有用到${judgement.missing.terms.join('、')}`,
      ),
    );
  }
  if (judgement.missing.reason) parts.push(t(lang, 'gave no reason', '没有说明原因'));
  if (judgement.missing.length) parts.push(t(lang, 'answer too short', '回答过短'));
  return parts.join(t(lang, '; ', '；'));
}
