import { courseKeys } from '../../../lib/query-keys';

/** Query keys of the resources feature: a course's files, under the course. */
export const resourceKeys = {
  list: (courseId: string) => [...courseKeys.detail(courseId), 'resources'] as const,
};
