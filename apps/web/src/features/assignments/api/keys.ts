import { courseKeys } from '../../../lib/query-keys';

/** Query keys of the assignments feature, under their course (a change to the course refreshes them). */
export const assignmentKeys = {
  list: (courseId: string) => [...courseKeys.detail(courseId), 'assignments'] as const,
  detail: (courseId: string, id: string) => [...assignmentKeys.list(courseId), id] as const,
  submissions: (courseId: string, id: string) =>
    [...assignmentKeys.detail(courseId, id), 'submissions'] as const,
  attempts: (courseId: string, id: string, submissionId: string) =>
    [...assignmentKeys.submissions(courseId, id), submissionId, 'attempts'] as const,
  grades: (courseId: string) => [...courseKeys.detail(courseId), 'grades'] as const,
};
