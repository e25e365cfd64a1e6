import { AppError } from '@faraday/contracts';
import type { ExercisesFile } from './exercise-data.js';
import type { Bilingual, Lang } from './types.js';

/** The exercise phrases of exercises.json with their {placeholders} filled, in both languages. */
export class Phrasing {
  constructor(private readonly phrases: ExercisesFile['phrases']) {}

  say(lang: Lang, key: string, values: Record<string, string | number | Bilingual> = {}): string {
    const template = this.phrases[lang][key] ?? key;
    return template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) return `{${name}}`;
      return typeof value === 'object' ? value[lang] : String(value);
    });
  }

  both(key: string, values: Record<string, string | number | Bilingual> = {}): Bilingual {
    return { en: this.say('en', key, values), zh: this.say('zh', key, values) };
  }

  /** An answer the engine cannot read: a 400 for the route, with the reason and both languages. */
  invalid(reason: string, values: Record<string, string | number | Bilingual> = {}): ExerciseAnswerError {
    return new ExerciseAnswerError(reason, this.both(`error.${reason}`, values));
  }
}

/**
 * An answer of the wrong type, without a needed unit, unreadable or too long. Not an attempt:
 * nothing is graded, and the error handler turns it into a 400 EXERCISE_ANSWER_INVALID envelope.
 */
export class ExerciseAnswerError extends AppError {
  constructor(
    readonly reason: string,
    readonly messages: Bilingual,
  ) {
    super('EXERCISE_ANSWER_INVALID', messages.en, { details: reason });
  }
}
