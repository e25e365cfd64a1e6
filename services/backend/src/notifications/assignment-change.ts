import type { AssignmentsTable } from '../db/schema.js';

type Fields = Pick<
  AssignmentsTable,
  'status' | 'title' | 'description' | 'instructions' | 'due_date' | 'max_score'
>;

/**
 * What students should hear of an edit: its publication, a new due date, or another change of
 * what they read; nothing while it is a draft (they cannot see it) or when only grading settings moved.
 */
export function assignmentChange(
  before: Fields,
  after: Fields,
): 'published' | 'due_date_changed' | 'changed' | null {
  if (after.status === 'draft') return null;
  if (before.status === 'draft') return 'published';
  if (before.due_date !== after.due_date) return 'due_date_changed';
  const fields = ['title', 'description', 'instructions', 'max_score'] as const;
  return fields.some((field) => String(before[field]) !== String(after[field])) ? 'changed' : null;
}
