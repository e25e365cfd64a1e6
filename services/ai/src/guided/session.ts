import { MAX_LEARNING_STEPS, MIN_LEARNING_STEPS } from '@faraday/contracts';
import { z } from 'zod';

/**
 * A guided learning session as it is stored: the path, where the student is on it, what they
 * found hard, and the conversation. Stores keep it as JSON and check it with this schema when
 * they read it back, so a row written by an older version cannot crash a turn.
 */

export const exerciseSchema = z.object({
  /** The answer in SI units (degrees for angles). */
  expected: z.number(),
  unit: z.string(),
  /** Relative tolerance of a numeric answer. */
  tolerance: z.number().positive(),
  /** Hint 1: the relation to use. */
  formula: z.string(),
  /** Hint 2: the numbers put in. */
  substitution: z.string(),
  /** Shown only after the hints: the result, written out. */
  answer: z.string(),
});
export type Exercise = z.infer<typeof exerciseSchema>;

export const stepSchema = z.object({
  title: z.string().min(1),
  goal: z.string(),
  key_terms: z.array(z.string()),
  question: z.string().min(1),
  exercise: exerciseSchema.optional(),
  /** The course-notes section the step was built from (corpus paths), for citing and hinting. */
  source: z.object({ source: z.string(), section: z.string(), text: z.string() }).optional(),
});
export type Step = z.infer<typeof stepSchema>;

export const storedWeakPointSchema = z.object({
  step: z.number().int().min(1),
  title: z.string(),
  note: z.string(),
});

export const historyEntrySchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** 0-based step the message belongs to. */
  step: z.number().int().min(0),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const SESSION_FORMAT = 1;

export const guidedSessionSchema = z.object({
  format: z.literal(SESSION_FORMAT),
  id: z.string(),
  user_id: z.string(),
  /** null: a practice session on the shipped notes only. */
  course_id: z.string().nullable(),
  topic: z.string(),
  lang: z.enum(['en', 'zh']),
  path_source: z.enum(['model', 'corpus', 'generic']),
  steps: z.array(stepSchema).min(MIN_LEARNING_STEPS).max(MAX_LEARNING_STEPS),
  /** 0-based index of the step being worked on; equal to steps.length once the path is done. */
  current: z.number().int().min(0),
  /** Answers on the current step that did not show understanding yet (drives the hint ladder). */
  attempts: z.number().int().min(0),
  weak_points: z.array(storedWeakPointSchema),
  history: z.array(historyEntrySchema),
  model: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
  /** Epoch ms; the session is gone after this (inactivity TTL, renewed by every turn). */
  expires_at: z.number(),
});
export type GuidedSession = z.infer<typeof guidedSessionSchema>;

/** Enough history for a model to follow the thread, bounded so a long session stays small. */
export const MAX_HISTORY = 60;

export function isCompleted(session: GuidedSession): boolean {
  return session.current >= session.steps.length;
}

export function progressOf(session: GuidedSession): number {
  return Math.round((100 * Math.min(session.current, session.steps.length)) / session.steps.length);
}

export function remember(session: GuidedSession, role: HistoryEntry['role'], content: string): void {
  session.history.push({ role, content, step: Math.min(session.current, session.steps.length - 1) });
  if (session.history.length > MAX_HISTORY) session.history.splice(0, session.history.length - MAX_HISTORY);
}

/** Adds what the student found hard; one note per step, the latest wins. */
export function noteWeakPoint(session: GuidedSession, note: string): void {
  const step = session.current + 1;
  const title = session.steps[session.current]?.title ?? '';
  const existing = session.weak_points.find((w) => w.step === step);
  if (existing) existing.note = note;
  else session.weak_points.push({ step, title, note });
}
