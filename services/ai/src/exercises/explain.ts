import type { CourseResult } from '../knowledge/knowledge-base.js';
import type { Phrasing } from './phrasing.js';
import type { Bilingual, CheckResult, Drawn, ExerciseAnswer, ExplainKey, Instance, Lang } from './types.js';
import { MAX_ANSWER_CHARS } from './types.js';

/**
 * Explain in your own words. Offline nothing grades prose: the check returns the model answer
 * (the result's statement, its formula and conditions) for the student to mark themselves, and
 * it never gates progress. With an LLM, a judge compares the text with the model answer's points
 * and the recorded misconceptions; the judge is an interface so the engine stays pure and
 * testable (the model's, with its checks of the verdict, is llm-judge.ts; docs/adr/0132).
 */
export interface ExplanationJudgement {
  /** 0 … 1: the share of the model answer's points the text states. */
  score: number;
  feedback: string;
  /** How many of the points the text states. */
  covered?: number;
  /** A misconception of the result the text states, if any. */
  misconception?: string;
}

export interface ExplanationJudge {
  judge(input: {
    lang: Lang;
    question: string;
    model: string;
    /** The model answer cut into the points a complete explanation states. */
    points: string[];
    misconceptions: string[];
    answer: string;
  }): Promise<ExplanationJudgement>;
}

/**
 * A judge that gives no verdict: the model failed or answered unusably ('failed'), or the
 * answer carries instructions to the grader ('instructions'). The student marks themselves.
 */
export class JudgeDeclined extends Error {
  constructor(
    readonly reason: 'failed' | 'instructions',
    readonly detail: string,
  ) {
    super(`explanation not judged (${reason}): ${detail}`);
    this.name = 'JudgeDeclined';
  }
}

/** The statement's clauses (split at ; and ；) and each condition: what a full explanation states. */
function pointsOf(result: CourseResult): Bilingual[] {
  const en = result.statement.en.split(/;\s*/).filter((p) => p.trim() !== '');
  const zh = result.statement.zh.split(/[；;]\s*/).filter((p) => p.trim() !== '');
  // The two languages may cut differently; then the statement stays one point.
  const statement =
    en.length === zh.length ? en.map((p, i) => ({ en: p, zh: zh[i]! })) : [{ ...result.statement }];
  return [...statement, ...(result.conditions ?? []).map((c) => ({ en: c.en, zh: c.zh }))];
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
      points: pointsOf(result),
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
    return this.selfMarked(instance, 'explain-self');
  }

  private selfMarked(instance: Instance, code: string): CheckResult {
    return {
      correct: null,
      score: null,
      feedback: { code, ...this.phrasing.both(`feedback.${code}`) },
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
    let verdict: ExplanationJudgement;
    try {
      verdict = await judge.judge({
        lang,
        question: instance.view.prompt[lang],
        model: key.model[lang],
        points: key.points.map((p) => p[lang]),
        misconceptions: key.misconceptions.map((m) => m[lang]),
        answer: answer.text,
      });
    } catch (error) {
      // No verdict is never a verdict: the student gets the model answer to mark themselves.
      if (!(error instanceof JudgeDeclined)) throw error;
      return this.selfMarked(instance, `explain-self-${error.reason}`);
    }
    const score = Math.min(1, Math.max(0, Number.isFinite(verdict.score) ? verdict.score : 0));
    const sep = lang === 'zh' ? '' : ' ';
    const parts = [
      verdict.covered === undefined
        ? undefined
        : this.phrasing.say(lang, 'feedback.explain-judged', {
            covered: verdict.covered,
            total: key.points.length,
          }),
      verdict.feedback,
      verdict.misconception,
    ];
    const text = parts.filter((p) => p !== undefined).join(sep);
    return {
      // A stated misconception is wrong however much else is right.
      correct: score >= JUDGED_RIGHT && !verdict.misconception,
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
