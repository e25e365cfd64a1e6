import type { CourseResult } from '../knowledge/knowledge-base.js';
import type { ChoiceDefinition } from './exercise-data.js';
import type { Phrasing } from './phrasing.js';
import { generator, shuffled } from './seed.js';
import type { Bilingual, CheckResult, ChoiceKey, Drawn, ExerciseAnswer, Instance } from './types.js';

/**
 * Multiple choice: the right statement among wrong ones that students hold, each wrong one with
 * its own feedback (the result's recorded misconception, or the item's own). The order is drawn
 * from the seed, and the choices are labelled by position, so the view says nothing of the key.
 */
const LABELS = 'abcdefgh';

export class ChoiceExercises {
  constructor(private readonly phrasing: Phrasing) {}

  draw(result: CourseResult, item: ChoiceDefinition, seed: string, template: string): Drawn {
    const options: { text: Bilingual; code: string; feedback: Bilingual }[] = [
      { text: item.answer, code: 'choice-correct', feedback: this.phrasing.both('feedback.choice-correct') },
      ...item.distractors.map((d) => {
        const text = { en: d.en, zh: d.zh };
        if ('misconception' in d) {
          const m = result.misconceptions!;
          return {
            text,
            code: 'misconception',
            feedback: { en: m.en[d.misconception]!, zh: m.zh[d.misconception]! },
          };
        }
        return { text, code: 'choice-wrong', feedback: d.feedback };
      }),
    ];
    const order = shuffled(options, generator(seed, template));
    const labelled = order.map((o, i) => ({ ...o, id: LABELS[i]! }));
    const correct = labelled.find((o) => o.code === 'choice-correct')!;
    const key: ChoiceKey = {
      kind: 'choice',
      correct: correct.id,
      feedback: Object.fromEntries(labelled.map((o) => [o.id, { code: o.code, text: o.feedback }])),
    };
    return {
      view: {
        template,
        kind: 'choice',
        result: result.id,
        topic: result.topic,
        difficulty: item.difficulty,
        prompt: this.phrasing.both('choice.prompt', { question: item.question }),
        choices: labelled.map((o) => ({ id: o.id, text: o.text })),
      },
      key,
      solution: { en: `${correct.id}) ${item.answer.en}`, zh: `${correct.id}) ${item.answer.zh}` },
      hint: this.phrasing.both('hint.choice', { section: result.section }),
    };
  }

  check(instance: Instance, answer: Extract<ExerciseAnswer, { kind: 'choice' }>): CheckResult {
    const key = instance.key as ChoiceKey;
    const id = answer.choice.trim().toLowerCase();
    // hasOwn: "constructor" is no choice.
    const chosen = Object.hasOwn(key.feedback, id) ? key.feedback[id] : undefined;
    if (!chosen) throw this.phrasing.invalid('unknown-choice', { choice: answer.choice.slice(0, 8) });
    const correct = chosen.code === 'choice-correct';
    return {
      correct,
      score: correct ? 1 : 0,
      feedback: { code: chosen.code, ...chosen.text },
      hint: instance.hint,
      solution: instance.solution,
    };
  }
}
