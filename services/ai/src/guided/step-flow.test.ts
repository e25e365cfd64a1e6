import { AppError } from '@faraday/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { courseExercises } from '../exercises/engine.js';
import { courseKnowledge } from '../knowledge/knowledge-base.js';
import { loadOutline, type OutlineDocument } from './corpus-outline.js';
import { exercisePath, type PathDeps } from './learning-path.js';
import {
  allExercises,
  currentExercise,
  type GuidedSession,
  isCompleted,
  moveOn,
  progressOf,
  SESSION_FORMAT,
} from './session.js';
import { answerFromText } from './text-answer.js';

/** The step flow of guided learning on the exercise engine, without HTTP. */

let deps: PathDeps;
beforeAll(async () => {
  const outline: OutlineDocument[] = await loadOutline();
  deps = { outline, engine: courseExercises(), kb: courseKnowledge() };
});

function sessionOn(topic: string, lang: 'en' | 'zh'): GuidedSession {
  return {
    format: SESSION_FORMAT,
    id: `s-${topic}`,
    user_id: 'u',
    course_id: null,
    topic,
    lang,
    steps: exercisePath(deps, `s-${topic}`, topic, lang),
    current: 0,
    exercise: 0,
    attempts: 0,
    weak_points: [],
    history: [],
    model: 'simulated',
    created_at: 0,
    updated_at: 0,
    expires_at: 1,
  };
}

describe('the path: sections of the notes with checkable exercises', () => {
  it('makes every step of Gauss’s law checkable by numeric, choice or formula exercises', () => {
    const steps = exercisePath(deps, 's1', "Gauss's law", 'en');
    expect(steps.map((s) => s.title)).toEqual([
      "Statement of Gauss's law",
      'Worked example: a uniformly charged sphere',
      'Line and plane charges',
      'Conductors in electrostatic equilibrium',
    ]);
    for (const step of steps) {
      expect(step.exercises.length).toBeGreaterThanOrEqual(1);
      expect(step.exercises.length).toBeLessThanOrEqual(2);
      for (const e of step.exercises) {
        expect(e.template).toMatch(/^(numeric|choice|formula):/);
        expect(e).toMatchObject({
          round: 0,
          status: 'pending',
          seed: expect.stringMatching(/^[0-9a-f]{16}$/),
        });
      }
    }
    // The same session draws the same numbers; another session draws its own.
    expect(exercisePath(deps, 's1', "Gauss's law", 'en')).toEqual(steps);
    expect(exercisePath(deps, 's2', "Gauss's law", 'en')[0]!.exercises[0]!.seed).not.toBe(
      steps[0]!.exercises[0]!.seed,
    );
  });

  it('builds Chinese paths from the Chinese notes, topics named in either language', () => {
    expect(exercisePath(deps, 's', '高斯定理', 'zh')[0]!.title).toBe('高斯定理的表述');
    expect(exercisePath(deps, 's', '螺线管', 'zh')[0]!.source.source).toBe('zh/solenoids.md');
    expect(exercisePath(deps, 's', "Coulomb's law", 'zh')[0]!.title).toBe('库仑定律');
    const induction = exercisePath(deps, 's', 'electromagnetic induction', 'en');
    expect(induction.map((s) => s.title)).toContain("Induced emf and Faraday's law");
  });

  it('refuses a topic without checked exercises with a 400 that names the topics that have them', () => {
    let error: unknown;
    try {
      exercisePath(deps, 's', 'thermodynamics', 'en');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
    expect((error as AppError).details).toMatch(/^topic: .*Gauss's law/);
  });
});

describe('moving along the path', () => {
  it('counts only passed exercises, brings missed ones back with new numbers, completes when all pass', () => {
    const session = sessionOn("Gauss's law", 'en');
    const total = allExercises(session).length;
    const first = { ...currentExercise(session)! };
    // Missed: the path goes on without it.
    currentExercise(session)!.status = 'missed';
    expect(moveOn(session)).toEqual({ newStep: false, review: false });
    expect(progressOf(session)).toBe(0);
    // The rest passed.
    while (session.current < session.steps.length) {
      const here = currentExercise(session)!;
      if (here.template === first.template && here.round > 0) break;
      here.status = 'passed';
      moveOn(session);
    }
    expect(progressOf(session)).toBe(Math.round((100 * (total - 1)) / total));
    expect(isCompleted(session)).toBe(false);
    // Back to the missed one: drawn again, its own new seed.
    const again = currentExercise(session)!;
    expect(again).toMatchObject({ template: first.template, round: 1, status: 'pending' });
    expect(again.seed).not.toBe(first.seed);
    again.status = 'passed';
    moveOn(session);
    expect(isCompleted(session)).toBe(true);
    expect(progressOf(session)).toBe(100);
  });

  it('starts a new step when the exercises of one are done', () => {
    const session = sessionOn('solenoids', 'en');
    const inFirst = session.steps[0]!.exercises.length;
    for (let i = 0; i < inFirst - 1; i++) {
      currentExercise(session)!.status = 'passed';
      expect(moveOn(session).newStep).toBe(false);
    }
    currentExercise(session)!.status = 'passed';
    expect(moveOn(session)).toEqual({ newStep: true, review: false });
    expect(session.current).toBe(1);
  });
});

describe('a chat message read as an answer', () => {
  const view = (kind: 'numeric' | 'choice' | 'formula') => ({
    template: `${kind}:x`,
    kind,
    result: 'x',
    topic: 'x',
    difficulty: 1,
    prompt: { en: 'p', zh: 'p' },
    choices: [
      { id: 'a', text: { en: 'It halves.', zh: '减半。' } },
      { id: 'b', text: { en: 'It doubles.', zh: '加倍。' } },
    ],
  });

  it('reads the quantity after the last equals sign', () => {
    expect(answerFromText(view('numeric'), 'So B = about 2.5 mT.')).toEqual({
      kind: 'numeric',
      value: '2.5 mT',
    });
    expect(answerFromText(view('numeric'), '算出来 B ≈ 约 2.5 mT。')).toEqual({
      kind: 'numeric',
      value: '2.5 mT',
    });
  });

  it('reads a choice by its letter or its words, never the first word of a sentence', () => {
    for (const text of ['b', '(b)', 'B) it doubles', 'I choose b', '我选 b，加倍', 'it doubles']) {
      expect(answerFromText(view('choice'), text)).toEqual({ kind: 'choice', choice: 'b' });
    }
    expect(answerFromText(view('choice'), 'A charge outside changes nothing')).not.toEqual({
      kind: 'choice',
      choice: 'a',
    });
  });

  it('passes a formula on without its TeX dollars', () => {
    expect(answerFromText(view('formula'), '$E = kQ/r^2$')).toEqual({
      kind: 'formula',
      formula: 'E = kQ/r^2',
    });
  });
});
