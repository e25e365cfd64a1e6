import {
  type Rubric,
  type RubricAssessment,
  type RubricCriterion,
  type RubricRequest,
  rubricCriterionSchema,
} from '@faraday/contracts';
import { z } from 'zod';
import { newId } from '../shared/ids.js';
import type { RubricRow, RubricSelectionRow } from './rubrics.repository.js';

const storedCriteria = z.array(rubricCriterionSchema);

/** The stored document; a damaged one shows as a rubric without criteria, never a 500. */
export function criteriaOf(row: RubricRow): RubricCriterion[] {
  try {
    const parsed = storedCriteria.safeParse(JSON.parse(row.criteria));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The request's criteria with fresh ids for every criterion and level, as stored. */
export function withIds(input: RubricRequest['criteria']): RubricCriterion[] {
  return input.map((criterion) => ({
    id: newId(),
    title: criterion.title,
    description: criterion.description,
    levels: criterion.levels.map((level) => ({ id: newId(), ...level })),
  }));
}

/** The most a grade with this rubric can give: every criterion's best level. */
export function maxPointsOf(criteria: readonly RubricCriterion[]): number {
  return criteria.reduce((sum, c) => sum + Math.max(0, ...c.levels.map((level) => level.points)), 0);
}

export function toRubricView(row: RubricRow, inUse: boolean, assignmentIds: readonly string[]): Rubric {
  const criteria = criteriaOf(row);
  return {
    id: row.id,
    course_id: row.course_id,
    title: row.title,
    criteria,
    max_points: maxPointsOf(criteria),
    in_use: inUse,
    assignment_ids: [...assignmentIds],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The filled rubric of a graded attempt: the rubric's criteria with the level, points and
 * comment chosen. The points are those stored with the grade (the level's worth when chosen).
 */
export function toAssessment(row: RubricRow, selections: readonly RubricSelectionRow[]): RubricAssessment {
  const criteria = criteriaOf(row);
  const byCriterion = new Map(selections.map((s) => [s.criterion_id, s]));
  const filled = criteria.flatMap((criterion) => {
    const chosen = byCriterion.get(criterion.id);
    if (!chosen) return [];
    return [
      {
        ...criterion,
        selected_level_id: chosen.level_id,
        points: Number(chosen.points),
        comment: chosen.comment,
      },
    ];
  });
  return {
    rubric_id: row.id,
    title: row.title,
    criteria: filled,
    total: filled.reduce((sum, c) => sum + c.points, 0),
    max_points: maxPointsOf(criteria),
  };
}
