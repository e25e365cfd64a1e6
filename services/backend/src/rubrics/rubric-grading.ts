import { AppError, type RubricAssessment, type rubricSelectionRequestSchema } from '@faraday/contracts';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/database.js';
import type { RubricSelectionsTable } from '../db/schema.js';
import { criteriaOf, toAssessment } from './rubric-views.js';
import { attachedRubric, rubricById, selectionsOf } from './rubrics.repository.js';

type Selection = z.output<typeof rubricSelectionRequestSchema>;
type SelectionRow = Omit<Insertable<RubricSelectionsTable>, 'submission_id' | 'attempt'>;

const invalid = (message: string, details: string) => new AppError('VALIDATION_ERROR', message, { details });

/**
 * What a grade with the assignment's rubric comes to: one level of each criterion, named by the
 * rubric's own ids, exactly once; the score is the sum of the chosen levels' points, never more
 * than max_score. The client never sends the score: the server computes it from the levels.
 */
export async function scoreFromRubric(
  db: Db,
  assignmentId: string,
  selections: readonly Selection[] | undefined,
  maxScore: number,
): Promise<{ score: number; rows: SelectionRow[] } | null> {
  const rubric = await attachedRubric(db, assignmentId);
  if (!rubric) {
    if (selections === undefined) return null;
    throw invalid('This assignment has no rubric', 'rubric: the assignment has no rubric; give score');
  }
  if (selections === undefined) {
    throw invalid('Grade this assignment with its rubric', 'score: the assignment has a rubric; give rubric');
  }
  const criteria = criteriaOf(rubric);
  const given = new Map<string, Selection>();
  for (const selection of selections) {
    if (given.has(selection.criterion_id)) {
      throw invalid(
        'A criterion was chosen twice',
        `rubric: criterion ${selection.criterion_id} given twice`,
      );
    }
    given.set(selection.criterion_id, selection);
  }
  const known = new Set(criteria.map((criterion) => criterion.id));
  const stranger = selections.find((selection) => !known.has(selection.criterion_id));
  if (stranger) {
    throw invalid(
      'A criterion is not part of the rubric',
      `rubric: ${stranger.criterion_id} is not a criterion of it`,
    );
  }
  const rows = criteria.map((criterion): SelectionRow => {
    const selection = given.get(criterion.id);
    if (!selection) {
      throw invalid(
        `Choose a level for "${criterion.title}"`,
        `rubric: criterion ${criterion.id} has no level`,
      );
    }
    const level = criterion.levels.find((candidate) => candidate.id === selection.level_id);
    if (!level) {
      throw invalid(
        `The level is not one of "${criterion.title}"`,
        `rubric: level ${selection.level_id} is not a level of criterion ${criterion.id}`,
      );
    }
    return {
      rubric_id: rubric.id,
      criterion_id: criterion.id,
      level_id: level.id,
      points: level.points,
      comment: selection.comment,
    };
  });
  const total = rows.reduce((sum, row) => sum + Number(row.points), 0);
  return { score: Math.min(total, maxScore), rows };
}

/** The filled rubric of a submission's graded attempt, or null when it was graded without one. */
export async function assessmentOf(
  db: Db,
  submissionId: string,
  gradedAttempt: number | null,
): Promise<RubricAssessment | null> {
  if (gradedAttempt === null) return null;
  const selections = await selectionsOf(db, submissionId, gradedAttempt);
  const rubricId = selections[0]?.rubric_id;
  if (rubricId === undefined) return null;
  const rubric = await rubricById(db, rubricId);
  return rubric ? toAssessment(rubric, selections) : null;
}
