import type { CheckResult, Instance } from '../exercises/types.js';
import { catalogue, phrase } from '../knowledge/data-file.js';
import type { TextLang } from '../writing/text-segments.js';
import { allExercises, exerciseNumber, type GuidedSession, progressOf } from './session.js';

/**
 * The guided tutor's words, in English and Chinese. A step explains (the notes' own words), then
 * asks an exercise; every reply ends with exactly one exercise (or, at the end, one question).
 * Help comes in the order a tutor gives it: on a wrong answer the engine's feedback on the slip
 * and a hint, on a second the worked solution, and the exercise comes back later with new numbers.
 */

const PHRASES = catalogue('guided');
const say = (lang: TextLang, key: string, values: Record<string, string | number> = {}) =>
  phrase(PHRASES, lang, key, values);

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
  return marker ? say(lang, 'cite', { marker }) : '';
}

/** The step's header and explanation: said when a step begins. */
function stepIntro(session: GuidedSession, marker: string | undefined): string {
  const { lang } = session;
  const step = session.steps[session.current]!;
  return [
    say(lang, 'step', {
      n: session.current + 1,
      total: session.steps.length,
      title: step.title,
      cite: cite(marker, lang),
    }),
    explanationOf(step.source.text),
  ].join('\n\n');
}

/** The exercise as the reply asks it: its prompt, the choices, what to write. */
export function exerciseText(session: GuidedSession, instance: Instance): string {
  const { lang } = session;
  const { view } = instance;
  const total = allExercises(session).length;
  const lines = [say(lang, 'exercise', { n: exerciseNumber(session), total, prompt: view.prompt[lang] })];
  if (view.kind === 'choice') {
    // A Markdown list: one choice a line however the reply is rendered.
    lines.push((view.choices ?? []).map((c) => `- ${c.id}) ${c.text[lang]}`).join('\n'));
    lines.push(say(lang, 'chooseLetter'));
  }
  if (view.kind === 'numeric' && view.unit) lines.push(say(lang, 'numberWithUnit', { unit: view.unit }));
  if (view.kind === 'formula') lines.push(say(lang, 'writeFormula'));
  return lines.join('\n\n');
}

export function introReply(session: GuidedSession, marker: string | undefined, instance: Instance): string {
  const { lang } = session;
  const path = session.steps.map((s, i) => `${i + 1}. ${s.title}`).join('\n');
  const total = allExercises(session).length;
  return [
    say(lang, 'intro', { topic: session.topic, steps: session.steps.length, total }),
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
    check.correct ? check.feedback[lang] : say(lang, 'notQuite', { feedback: check.feedback[lang] }),
  );
  if (help.hint) parts.push(say(lang, 'hint', { hint: help.hint[lang] }));
  if (help.solution) {
    const worked = help.solution.tex
      ? `$$${help.solution.tex}$$\n\n${help.solution[lang]}`
      : help.solution[lang];
    parts.push(say(lang, 'worked', { worked }), say(lang, 'notPassed'));
  }
  if (!next.instance) return [...parts, completedText(session)].join('\n\n');
  if (next.review) parts.push(say(lang, 'review'));
  if (next.newStep) parts.push(stepIntro(session, next.marker));
  else if (!check.correct && help.hint) parts.push(say(lang, 'tryAgain'));
  parts.push(exerciseText(session, next.instance));
  return parts.join('\n\n');
}

function completedText(session: GuidedSession): string {
  const { lang } = session;
  const total = allExercises(session).length;
  const weak = session.weak_points.map((w) => `- ${w.title}: ${w.note}`).join('\n');
  return [
    say(lang, 'completed', { topic: session.topic, total, progress: progressOf(session) }),
    weak ? say(lang, 'worthReviewing', { weak }) : say(lang, 'noHints'),
    say(lang, 'revisit'),
  ].join('\n\n');
}

/** A turn on a finished path: nothing is checked, the student is pointed to a new session. */
export function finishedReply(session: GuidedSession): string {
  const { lang } = session;
  return [say(lang, 'finished', { topic: session.topic }), say(lang, 'whatNext')].join('\n\n');
}
