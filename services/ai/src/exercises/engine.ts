import { AppError, type CustomQuestion } from '@faraday/contracts';
import { courseKnowledge, type KnowledgeBase } from '../knowledge/knowledge-base.js';
import { ChoiceExercises } from './choice.js';
import { CustomExercises } from './custom.js';
import {
  type ChoiceDefinition,
  type ExercisesFile,
  loadExercisesFile,
  type NumericDefinition,
} from './exercise-data.js';
import { ExplainExercises, type ExplanationJudge } from './explain.js';
import { FormulaExercises } from './formula.js';
import { NumericExercises } from './numeric.js';
import { Phrasing } from './phrasing.js';
import type { CheckResult, Drawn, ExerciseAnswer, ExerciseKind, Instance, Lang, Template } from './types.js';

/**
 * The exercise engine guided learning and quizzes share: templates built from the course
 * knowledge (every computable result a numeric and a formula exercise, every result an
 * explanation, the multiple-choice items of exercises.json), instances drawn from a seed, and a
 * check that is a pure function of (instance, answer): the same attempt always scores the same.
 * Template ids are `<kind>:<id>`: numeric:loop-centre, choice:coulomb-double-distance.
 */
interface Entry extends Template {
  numeric?: NumericDefinition;
  choice?: ChoiceDefinition;
}

export interface TemplateSummary {
  id: string;
  kind: ExerciseKind;
  result: string;
  topic: string;
  difficulty: number;
}

export class ExerciseEngine {
  private readonly entries = new Map<string, Entry>();
  private readonly numeric: NumericExercises;
  private readonly formula: FormulaExercises;
  private readonly choice: ChoiceExercises;
  private readonly explain: ExplainExercises;
  private readonly phrasing: Phrasing;
  private readonly custom: CustomExercises;
  /** What a model judging explanations is checked with (exercises.json `judge`). */
  readonly judging: ExercisesFile['judge'];

  constructor(kb: KnowledgeBase, data: ExercisesFile) {
    this.judging = data.judge;
    const phrasing = new Phrasing(data.phrases);
    this.phrasing = phrasing;
    this.numeric = new NumericExercises(kb, data, phrasing);
    this.formula = new FormulaExercises(kb, data, phrasing);
    this.choice = new ChoiceExercises(phrasing);
    this.explain = new ExplainExercises(phrasing);
    this.custom = new CustomExercises(kb, phrasing, {
      numeric: this.numeric,
      choice: this.choice,
      formula: this.formula,
    });
    const resultOf = (id: string, where: string) => {
      const result = kb.byId(id);
      if (!result) throw new Error(`exercises.json ${where}: no result "${id}" in results.json`);
      return result;
    };
    for (const [id, numeric] of Object.entries(data.numeric)) {
      const result = resultOf(id, 'numeric');
      if (!result.compute) throw new Error(`exercises.json numeric: "${id}" is not computable`);
      for (const name of Object.keys(result.variables ?? {}))
        if (!(name in numeric.ranges) && !result.derive?.[name])
          throw new Error(`exercises.json numeric ${id}: no range for ${name}`);
      for (const [name, range] of Object.entries(numeric.ranges)) {
        const variable = result.variables?.[name];
        if (!variable) throw new Error(`exercises.json numeric ${id}: ${name} is not a variable`);
        if ('unit' in range) this.numeric.factorOf(variable.kind, range.unit);
      }
      for (const slip of numeric.slips ?? [])
        if (!data.slip_feedback[slip.key]) throw new Error(`exercises.json: no slip_feedback "${slip.key}"`);
      this.add({ id: `numeric:${id}`, kind: 'numeric', result, difficulty: numeric.difficulty, numeric });
    }
    for (const result of kb.results)
      if (this.formula.eligible(result))
        this.add({ id: `formula:${result.id}`, kind: 'formula', result, difficulty: 2 });
    for (const item of data.choice) {
      const result = resultOf(item.result, `choice ${item.id}`);
      for (const d of item.distractors)
        if ('misconception' in d && !result.misconceptions?.en[d.misconception])
          throw new Error(
            `exercises.json choice ${item.id}: ${result.id} has no misconception ${d.misconception}`,
          );
      this.add({
        id: `choice:${item.id}`,
        kind: 'choice',
        result,
        difficulty: item.difficulty,
        choice: item,
      });
    }
    for (const result of kb.results)
      this.add({ id: `explain:${result.id}`, kind: 'explain', result, difficulty: 2 });
  }

  private add(entry: Entry): void {
    if (this.entries.has(entry.id)) throw new Error(`exercises.json: two templates ${entry.id}`);
    this.entries.set(entry.id, entry);
  }

  templates(): TemplateSummary[] {
    return [...this.entries.values()].map((e) => ({
      id: e.id,
      kind: e.kind,
      result: e.result.id,
      topic: e.result.topic,
      difficulty: e.difficulty,
    }));
  }

  private entry(template: string): Entry {
    const entry = this.entries.get(template);
    if (!entry) throw new AppError('NOT_FOUND', `No exercise template "${template.slice(0, 80)}"`);
    return entry;
  }

  /** The instance of a template for a seed (see seedFor): the same seed, the same instance. */
  draw(template: string, seed: string): Instance {
    const e = this.entry(template);
    return { seed, ...this.drawn(e, seed) };
  }

  private drawn(e: Entry, seed: string): Drawn {
    switch (e.kind) {
      case 'numeric':
        return this.numeric.draw(e.result, e.numeric!, seed, e.id);
      case 'formula':
        return this.formula.draw(e.result, e.id);
      case 'choice':
        return this.choice.draw(e.result, e.choice!, seed, e.id);
      case 'explain':
        return this.explain.draw(e.result, e.id);
    }
  }

  /**
   * Grades an answer. Throws ExerciseAnswerError (400 EXERCISE_ANSWER_INVALID) for an answer it
   * cannot read; that is no attempt. Explanations are not graded here (see judgeExplanation).
   */
  check(instance: Instance, answer: ExerciseAnswer): CheckResult {
    const e = this.entry(instance.view.template);
    if (answer.kind !== e.kind) throw this.wrongType(e.kind, answer.kind);
    switch (answer.kind) {
      case 'numeric':
        return this.numeric.check(instance, answer);
      case 'formula':
        return this.formula.check(instance, e.result, answer);
      case 'choice':
        return this.choice.check(instance, answer);
      case 'explain':
        return this.explain.check(instance, answer);
    }
  }

  /** A teacher's question (quizzes): drawn and checked by the same kinds' code as the bank's. */
  drawCustom(question: CustomQuestion, id: string, seed: string): Instance {
    return this.custom.draw(question, id, seed);
  }

  checkCustom(question: CustomQuestion, id: string, seed: string, answer: ExerciseAnswer): CheckResult {
    return this.custom.check(question, this.custom.draw(question, id, seed), answer);
  }

  /** An explanation judged by a model against the model answer and the misconceptions. */
  judgeExplanation(
    instance: Instance,
    answer: Extract<ExerciseAnswer, { kind: 'explain' }>,
    judge: ExplanationJudge,
    lang: Lang,
  ): Promise<CheckResult> {
    if (instance.view.kind !== 'explain') throw this.wrongType(instance.view.kind, 'explain');
    return this.explain.judge(instance, answer, judge, lang);
  }

  private wrongType(expected: string, given: string) {
    return this.phrasing.invalid('wrong-type', { expected, given });
  }
}

let shared: ExerciseEngine | undefined;

/** The course's exercise engine, built once from results.json and exercises.json. */
export function courseExercises(): ExerciseEngine {
  shared ??= new ExerciseEngine(courseKnowledge(), loadExercisesFile());
  return shared;
}
