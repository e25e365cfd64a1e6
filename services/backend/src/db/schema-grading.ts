import type { Generated } from 'kysely';

/** Grading tables (extensions, rubrics, gradebook edits and categories, quizzes); conventions as in schema.ts. */

/** A student's own due date for an assignment (docs/adr/0128). */
export interface AssignmentExtensionsTable {
  assignment_id: string;
  student_id: string;
  due_date: string;
  granted_by: string;
  granted_at: string;
}

/** A course's rubric: criteria and their levels as one JSON document (RubricCriterion[]). */
export interface RubricsTable {
  id: string;
  course_id: string;
  title: string;
  criteria: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** The rubric graders of an assignment use; at most one per assignment. */
export interface AssignmentRubricsTable {
  assignment_id: string;
  rubric_id: string;
}

/** One criterion of a graded attempt: the level chosen, its points then, and the comment. */
export interface RubricSelectionsTable {
  submission_id: string;
  attempt: number;
  rubric_id: string;
  criterion_id: string;
  level_id: string;
  points: number;
  comment: string;
}

/** One grade typed into a gradebook cell or imported from CSV: who changed it, when, from what. */
export interface GradeChangesTable {
  id: string;
  assignment_id: string;
  student_id: string;
  /** The attempt graded; null for a grade of a student who handed nothing in. */
  attempt: number | null;
  old_score: number | null;
  new_score: number;
  /** cell | import */
  source: string;
  changed_by: string;
  changed_at: string;
}

/** A grade given in the gradebook to a student with no submission (docs/adr/0129). */
export interface GradebookEntriesTable {
  assignment_id: string;
  student_id: string;
  score: number;
  graded_by: string;
  graded_at: string;
}

/** A weighted group of a course's assignments (the course total is built from them). */
export interface GradeCategoriesTable {
  id: string;
  course_id: string;
  name: string;
  weight: number;
  position: number;
}

export interface AssignmentCategoriesTable {
  assignment_id: string;
  category_id: string;
}

/** A quiz's question: a bank template, or a teacher's definition (JSON CustomQuestion). */
export interface QuizQuestionsTable {
  id: string;
  assignment_id: string;
  position: number;
  points: number;
  template: string | null;
  definition: string | null;
}

/** A student's attempt at a quiz; submitted_at is set (with the answers) before it is graded. */
export interface QuizAttemptsTable {
  id: string;
  assignment_id: string;
  student_id: string;
  attempt: number;
  started_at: string;
  deadline_at: string | null;
  submitted_at: string | null;
  auto_submitted: Generated<number>;
  /** The submission attempt (gradebook) this quiz attempt was handed in as. */
  submission_attempt: number | null;
  score: number | null;
  graded_at: string | null;
}

/** One question of an attempt: the drawn view (JSON, no answer), the answer and its result (JSON). */
export interface QuizAttemptItemsTable {
  attempt_id: string;
  question_id: string;
  position: number;
  seed: string;
  view: string;
  answer: string | null;
  correct: number | null;
  earned: number | null;
  result: string | null;
}
