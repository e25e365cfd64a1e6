import { join } from 'node:path';
import Database from 'better-sqlite3';
import { courseExercises } from '../../src/exercises/engine.js';
import type { ExerciseAnswer, Instance } from '../../src/exercises/types.js';
import { guidedSessionSchema } from '../../src/guided/session.js';

/**
 * The right answer to a guided session's current exercise, for tests: read from the session as
 * the SQLite store keeps it (template and seed) and drawn again with the engine, exactly as the
 * service does when it checks. The client never sees any of this.
 */
export function currentInstance(dir: string, sessionId: string): Instance {
  const db = new Database(join(dir, 'guided-sessions.db'), { readonly: true });
  try {
    const row = db.prepare('SELECT data FROM guided_sessions WHERE id = ?').get(sessionId) as {
      data: string;
    };
    const session = guidedSessionSchema.parse(JSON.parse(row.data));
    const exercise = session.steps[session.current]!.exercises[session.exercise]!;
    return courseExercises().draw(exercise.template, exercise.seed);
  } finally {
    db.close();
  }
}

/** The answer the exercise's input would send, right. */
export function rightAnswer(instance: Instance): ExerciseAnswer {
  const { key } = instance;
  switch (key.kind) {
    case 'numeric':
      return { kind: 'numeric', value: Number(key.value.toPrecision(5)), unit: key.unit };
    case 'choice':
      return { kind: 'choice', choice: key.correct };
    case 'formula':
      // |q| is written q, as a student writes it: the check draws positive values.
      return { kind: 'formula', formula: key.expr.replace(/abs\(([^()]*)\)/g, '($1)') };
    case 'explain':
      throw new Error('explanations never gate a guided step');
  }
}

/** The same right answer as a student types it in the chat. */
export function rightText(instance: Instance): string {
  const answer = rightAnswer(instance);
  if (answer.kind === 'numeric') return `So the result = ${answer.value} ${answer.unit}.`;
  if (answer.kind === 'choice') return `${answer.choice})`;
  if (answer.kind === 'formula') return answer.formula;
  return '';
}

/** The session touched last (for a browser test, which never sees the session id). */
export function latestSessionId(dir: string): string {
  const db = new Database(join(dir, 'guided-sessions.db'), { readonly: true });
  try {
    const row = db.prepare('SELECT id FROM guided_sessions ORDER BY expires_at DESC LIMIT 1').get() as {
      id: string;
    };
    return row.id;
  } finally {
    db.close();
  }
}
