import { z } from 'zod';
import { systemPrompts } from '../modes/modes.js';
import type { ConversationMessage } from '../upstream/assistant-turn.js';
import { askForJson } from '../upstream/json-answer.js';
import type { RoutedLlm } from '../upstream/routed-llm.js';
import type { GuidedSession } from './session.js';

/**
 * One guided turn judged by the model: it sees the path, the step, the hints given so far and
 * the course passages, and answers with JSON — whether the student has shown understanding,
 * why, what they found hard, and the Socratic reply (which moves on to the next step when the
 * answer was good). A reply that is not that JSON after one repair is not used: the rules judge
 * instead.
 */
export const modelTurnSchema = z.object({
  understood: z.boolean(),
  reason: z.string().max(600).default(''),
  weak_point: z.string().max(300).nullish(),
  reply: z.string().trim().min(1).max(8000),
});
export type ModelTurn = z.infer<typeof modelTurnSchema>;

/** Earlier messages the model sees; the session keeps more. */
const HISTORY_FOR_MODEL = 12;

function guidance(session: GuidedSession, context: string | undefined): string {
  const step = session.steps[session.current]!;
  const next = session.steps[session.current + 1];
  const path = session.steps
    .map(
      (s, i) =>
        `${i + 1}. ${s.title}${i < session.current ? ' (done)' : i === session.current ? ' (current)' : ''}`,
    )
    .join('\n');
  const weak = session.weak_points.map((w) => `- step ${w.step}: ${w.note}`).join('\n') || '- none yet';
  return [
    systemPrompts.tutor,
    `This is a guided learning session on "${session.topic}". The path:\n${path}`,
    `Current step: "${step.title}". Goal: ${step.goal}\nKey terms: ${step.key_terms.join(', ')}\nThe step's question: ${step.question}`,
    `Answers on this step that missed so far: ${session.attempts}. Give hints in this order: a hint aimed at ` +
      'what is missing, then a passage of the course material, and only after three misses the answer, followed ' +
      'by a request to explain it back. Ask exactly one question per reply.',
    `Weak points noticed so far:\n${weak}`,
    next
      ? `If the student has shown understanding, confirm briefly what was right and ask the first question of the next step: "${next.title}" (${next.question}).`
      : 'This is the last step: if the student has shown understanding, congratulate them, name what to review, and ask which step they would like to revisit.',
    ...(context ? [`Course material:\n${context}`] : []),
    'Judge only the student’s latest message. Reply with one JSON object and nothing else: ' +
      '{"understood": true|false, "reason": "why, in one sentence", "weak_point": "what the student found hard, or null", ' +
      `"reply": "your reply to the student, in ${session.lang === 'zh' ? 'Chinese' : 'English'}"}`,
  ].join('\n\n');
}

export async function modelTurn(
  llm: RoutedLlm,
  session: GuidedSession,
  context: string | undefined,
): Promise<ModelTurn | undefined> {
  const history: ConversationMessage[] = session.history
    .slice(-HISTORY_FOR_MODEL)
    .map((entry) => ({ role: entry.role, content: entry.content }));
  const answer = await askForJson(
    llm,
    [{ role: 'system', content: guidance(session, context) }, ...history],
    modelTurnSchema,
  );
  return answer.ok ? answer.value : undefined;
}
