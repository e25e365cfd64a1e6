import type { CheckResult, Instance } from '../exercises/types.js';
import { t } from '../lang.js';
import type { TextLang } from '../writing/text-segments.js';
import { allExercises, exerciseNumber, type GuidedSession, progressOf } from './session.js';

/**
 * The guided tutor's words, in English and Chinese. A step explains (the notes' own words), then
 * asks an exercise; every reply ends with exactly one exercise (or, at the end, one question).
 * Help comes in the order a tutor gives it: on a wrong answer the engine's feedback on the slip
 * and a hint, on a second the worked solution, and the exercise comes back later with new numbers.
 */

/** The notes' opening paragraphs of a step: what the student needs before the exercise. */
export function explanationOf(text: string, max = 420): string {
  const out: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/).map((p) => p.trim())) {
    if (!paragraph || /^#/.test(paragraph)) continue;
    if (out.length > 0 && out.join('\n\n').length + paragraph.length > max) break;
    out.push(paragraph);
  }
  return out.join('\n\n');
}

function cite(marker: string | undefined, lang: TextLang): string {
  return marker ? t(lang, ` (see ${marker})`, `（参见 ${marker}）`) : '';
}

/** The step's header and explanation: said when a step begins. */
function stepIntro(session: GuidedSession, marker: string | undefined): string {
  const { lang } = session;
  const step = session.steps[session.current]!;
  return [
    t(
      lang,
      `**Step ${session.current + 1} of ${session.steps.length}: ${step.title}.**${cite(marker, lang)}`,
      `**第 ${session.current + 1} 步（共 ${session.steps.length} 步）：${step.title}。**${cite(marker, lang)}`,
    ),
    explanationOf(step.source.text),
  ].join('\n\n');
}

/** The exercise as the reply asks it: its prompt, the choices, what to write. */
export function exerciseText(session: GuidedSession, instance: Instance): string {
  const { lang } = session;
  const { view } = instance;
  const total = allExercises(session).length;
  const lines = [
    `${t(lang, `**Exercise ${exerciseNumber(session)} of ${total}:**`, `**练习 ${exerciseNumber(session)}/${total}：**`)} ${view.prompt[lang]}`,
  ];
  if (view.kind === 'choice') {
    // A Markdown list: one choice a line however the reply is rendered.
    lines.push((view.choices ?? []).map((c) => `- ${c.id}) ${c.text[lang]}`).join('\n'));
    lines.push(t(lang, 'Answer with the letter of one choice.', '请回答一个选项的字母。'));
  }
  if (view.kind === 'numeric' && view.unit)
    lines.push(
      t(
        lang,
        `Give a number with its unit (in ${view.unit} or any equivalent).`,
        `请给出带单位的数值（${view.unit} 或等价单位）。`,
      ),
    );
  if (view.kind === 'formula')
    lines.push(t(lang, 'Write the formula (TeX or plain text).', '请写出公式（TeX 或纯文本均可）。'));
  return lines.join('\n\n');
}

export function introReply(session: GuidedSession, marker: string | undefined, instance: Instance): string {
  const { lang } = session;
  const path = session.steps.map((s, i) => `${i + 1}. ${s.title}`).join('\n');
  const total = allExercises(session).length;
  return [
    t(
      lang,
      `Let’s learn **${session.topic}** step by step: ${session.steps.length} steps, ${total} exercises with checked answers.`,
      `我们一步一步来学习 **${session.topic}**：共 ${session.steps.length} 步，${total} 道有标准答案的练习。`,
    ),
    path,
    stepIntro(session, marker),
    exerciseText(session, instance),
  ].join('\n\n');
}

/** The reply to a checked answer: the feedback, then the hint or the worked solution, then what comes next. */
export function checkedReply(
  session: GuidedSession,
  check: { feedback: CheckResult['feedback'] | { en: string; zh: string }; correct: boolean },
  help: { hint?: CheckResult['hint']; solution?: CheckResult['solution'] },
  next: { instance: Instance | undefined; newStep: boolean; review: boolean; marker: string | undefined },
): string {
  const { lang } = session;
  const parts: string[] = [];
  parts.push(
    check.correct ? check.feedback[lang] : `${t(lang, 'Not quite: ', '还不对：')}${check.feedback[lang]}`,
  );
  if (help.hint) parts.push(`${t(lang, '*Hint:*', '*提示：*')} ${help.hint[lang]}`);
  if (help.solution) {
    const worked = help.solution.tex
      ? `$$${help.solution.tex}$$\n\n${help.solution[lang]}`
      : help.solution[lang];
    parts.push(
      `${t(lang, '**Worked solution:**', '**解答：**')}\n\n${worked}`,
      t(
        lang,
        'This exercise does not count as passed; it comes back with new numbers after the last step.',
        '这道练习不算通过；走完最后一步后，它会换一组数字再次出现。',
      ),
    );
  }
  if (!next.instance) return [...parts, completedText(session)].join('\n\n');
  if (next.review)
    parts.push(
      t(lang, 'Now the exercises you missed, with new numbers.', '现在回到你没做对的练习，换了新的数字。'),
    );
  if (next.newStep) parts.push(stepIntro(session, next.marker));
  else if (!check.correct && help.hint) parts.push(t(lang, 'Try again:', '再试一次：'));
  parts.push(exerciseText(session, next.instance));
  return parts.join('\n\n');
}

function completedText(session: GuidedSession): string {
  const { lang } = session;
  const total = allExercises(session).length;
  const weak = session.weak_points.map((w) => `- ${w.title}: ${w.note}`).join('\n');
  return [
    t(
      lang,
      `That completes the path on **${session.topic}**: all ${total} exercises answered correctly (${progressOf(session)} %).`,
      `关于 **${session.topic}** 的学习路径已全部完成：${total} 道练习全部答对（${progressOf(session)}%）。`,
    ),
    weak
      ? `${t(lang, 'Worth reviewing, from your earlier answers:', '根据你之前的回答，建议复习：')}\n${weak}`
      : t(lang, 'You needed no hints along the way.', '整个过程中你没有用到提示。'),
    t(
      lang,
      '**Question:** Which step would you like to revisit, or shall we try another topic?',
      '**问题：** 你想回顾哪一步，还是换一个主题？',
    ),
  ].join('\n\n');
}

/** A turn on a finished path: nothing is checked, the student is pointed to a new session. */
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
