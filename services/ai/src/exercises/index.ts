export { courseExercises, ExerciseEngine, type TemplateSummary } from './engine.js';
export { loadExercisesFile } from './exercise-data.js';
export type { ExplanationJudge, ExplanationJudgement } from './explain.js';
export { ExerciseAnswerError } from './phrasing.js';
export { seedFor } from './seed.js';
export * from './types.js';
