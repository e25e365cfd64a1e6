import { MAX_LEARNING_STEPS, MIN_LEARNING_STEPS } from '@faraday/contracts';
import { z } from 'zod';
import { seedFor } from '../exercises/seed.js';

/**
 * A guided learning session as it is stored: the path (each step a section of the notes with
 * the exercises of the engine that check it), where the student is on it, what they found hard,
 * and the conversation. Stores keep it as JSON and check it with this schema when they read it
 * back, so a row written by an older version cannot crash a turn. Only (template, seed) of an
 * exercise is stored: the instance, key included, is drawn again on the server when it is checked.
 */

export const stepExerciseSchema = z.object({
  /** An exercise template of the engine: numeric:…, choice:…, formula:…. */
  template: z.string(),
  seed: z.string(),
  /** 0 on the path; +1 each time a missed exercise comes back (new numbers, new order). */
  round: z.number().int().min(0),
  status: z.enum(['pending', 'passed', 'missed']),
});
export type StepExercise = z.infer<typeof stepExerciseSchema>;

export const stepSchema = z.object({
  title: z.string().min(1),
  /** The course-notes section the step explains (corpus paths), for explaining and citing. */
  source: z.object({ source: z.string(), section: z.string(), text: z.string() }),
  exercises: z.array(stepExerciseSchema).min(1),
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

/** 2: steps are passed by the exercise engine's checked answers (1 judged key terms). */
export const SESSION_FORMAT = 2;

export const guidedSessionSchema = z.object({
  format: z.literal(SESSION_FORMAT),
  id: z.string(),
  user_id: z.string(),
  /** null: a practice session on the shipped notes only. */
  course_id: z.string().nullable(),
  topic: z.string(),
  lang: z.enum(['en', 'zh']),
  steps: z.array(stepSchema).min(MIN_LEARNING_STEPS).max(MAX_LEARNING_STEPS),
  /** 0-based step of the exercise being asked; equal to steps.length once every exercise is passed. */
  current: z.number().int().min(0),
  /** 0-based exercise within the current step. */
  exercise: z.number().int().min(0),
  /** Misses on the current exercise: the first gets a hint, the second the worked solution. */
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

/** Enough history for the transcript, bounded so a long session stays small. */
export const MAX_HISTORY = 60;

export function isCompleted(session: GuidedSession): boolean {
  return session.current >= session.steps.length;
}

export function allExercises(session: GuidedSession): StepExercise[] {
  return session.steps.flatMap((step) => step.exercises);
}

/** The share of the path's exercises answered correctly. */
export function progressOf(session: GuidedSession): number {
  const all = allExercises(session);
  return Math.round((100 * all.filter((e) => e.status === 'passed').length) / all.length);
}

export function stepPassed(step: Step): boolean {
  return step.exercises.every((e) => e.status === 'passed');
}

export function currentExercise(session: GuidedSession): StepExercise | undefined {
  return session.steps[session.current]?.exercises[session.exercise];
}

/** 1-based position of the current exercise among all of the path's. */
export function exerciseNumber(session: GuidedSession): number {
  const before = session.steps.slice(0, session.current).reduce((n, s) => n + s.exercises.length, 0);
  return before + session.exercise + 1;
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

/** A drawn exercise as the session keeps it: the seed is the session's own, per round. */
export function drawn(sessionId: string, template: string, round: number): StepExercise {
  return {
    template,
    seed: seedFor({ student: sessionId, template, attempt: round }),
    round,
    status: 'pending',
  };
}

/**
 * To the next exercise not passed yet, in path order; after the last step, back to the first one
 * missed. A missed exercise is drawn again (new numbers, new order of choices) when it comes back.
 */
export function moveOn(session: GuidedSession): { newStep: boolean; review: boolean } {
  const positions = session.steps.flatMap((step, s) => step.exercises.map((_, e) => ({ s, e })));
  const here = positions.findIndex((p) => p.s === session.current && p.e === session.exercise);
  const open = (p: { s: number; e: number }) => session.steps[p.s]!.exercises[p.e]!.status !== 'passed';
  const ahead = positions.slice(here + 1).find(open);
  const target = ahead ?? positions.find(open);
  const before = session.current;
  session.attempts = 0;
  if (!target) {
    session.current = session.steps.length;
    session.exercise = 0;
    return { newStep: false, review: false };
  }
  const step = session.steps[target.s]!;
  const exercise = step.exercises[target.e]!;
  if (exercise.status === 'missed')
    step.exercises[target.e] = drawn(session.id, exercise.template, exercise.round + 1);
  session.current = target.s;
  session.exercise = target.e;
  return { newStep: !ahead || target.s !== before, review: !ahead };
}
