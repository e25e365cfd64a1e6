import type { CourseResult } from '../knowledge/knowledge-base.js';
import type { Phrasing } from './phrasing.js';
import type { Bilingual, CheckResult, Drawn, ExerciseAnswer, ExplainKey, Instance, Lang } from './types.js';
import { MAX_ANSWER_CHARS } from './types.js';

/**
 * Explain in your own words. Offline nothing grades prose: the check returns the model answer
 * (the result's statement, its formula and conditions) for the student to mark themselves, and
 * it never gates progress. With an LLM, a judge compares the text with the model answer and the
 * recorded misconceptions; the judge is an interface so the engine stays pure and testable.
 */
export interface ExplanationJudgement {
  /** 0 … 1. */
  score: number;
  feedback: string;
  /** A misconception of the result the text states, if any. */
  misconception?: string;
}

export interface ExplanationJudge {
  judge(input: {
    lang: Lang;
    question: string;
    model: string;
    misconceptions: string[];
    answer: string;
  }): Promise<ExplanationJudgement>;
}

/** A judged explanation counts as right from this score on. */
const JUDGED_RIGHT = 0.7;

export class ExplainExercises {
  constructor(private readonly phrasing: Phrasing) {}

  draw(result: CourseResult, template: string): Drawn {
    const conditions = (result.conditions ?? []).map((c) => ({ en: c.en, zh: c.zh }));
    const model: Bilingual = {
      en: [result.statement.en, ...conditions.map((c) => `(${c.en})`)].join(' '),
      zh: [result.statement.zh, ...conditions.map((c) => `（${c.zh}）`)].join(''),
    };
    const m = result.misconceptions;
    const key: ExplainKey = {
      kind: 'explain',
      model,
      misconceptions: m ? m.en.map((en, i) => ({ en, zh: m.zh[i] ?? en })) : [],
    };
    return {
      view: {
        template,
        kind: 'explain',
        result: result.id,
        topic: result.topic,
        difficulty: 2,
        prompt: this.phrasing.both('explain.prompt', { section: result.section }),
      },
      key,
      solution: { ...model, tex: result.tex },
      hint: this.phrasing.both('hint.explain'),
    };
  }

  private validate(answer: Extract<ExerciseAnswer, { kind: 'explain' }>): void {
    if (answer.text.length > MAX_ANSWER_CHARS.explain)
      throw this.phrasing.invalid('too-long', { max: MAX_ANSWER_CHARS.explain });
  }

  /** Offline: the model answer to compare with; not graded. */
  check(instance: Instance, answer: Extract<ExerciseAnswer, { kind: 'explain' }>): CheckResult {
    this.validate(answer);
    return {
      correct: null,
      score: null,
      feedback: { code: 'explain-self', ...this.phrasing.both('feedback.explain-self') },
      hint: instance.hint,
      solution: instance.solution,
    };
  }

  async judge(
    instance: Instance,
    answer: Extract<ExerciseAnswer, { kind: 'explain' }>,
    judge: ExplanationJudge,
    lang: Lang,
  ): Promise<CheckResult> {
    this.validate(answer);
    const key = instance.key as ExplainKey;
    const verdict = await judge.judge({
      lang,
      question: instance.view.prompt[lang],
      model: key.model[lang],
      misconceptions: key.misconceptions.map((m) => m[lang]),
      answer: answer.text,
    });
    const score = Math.min(1, Math.max(0, Number.isFinite(verdict.score) ? verdict.score : 0));
    const text = verdict.misconception ? `${verdict.feedback} ${verdict.misconception}` : verdict.feedback;
    return {
      correct: score >= JUDGED_RIGHT,
      score,
      feedback: {
        code: verdict.misconception ? 'explain-misconception' : 'explain-judged',
        en: text,
        zh: text,
      },
      hint: instance.hint,
      solution: instance.solution,
    };
  }
}
