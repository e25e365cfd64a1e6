import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { courseKeys } from '../lib/query-keys';

export type CourseList = Awaited<ReturnType<typeof api.courses.list>>;

/**
 * The courses the user belongs to, asked for once and cached under one key: the dashboard and the
 * lab's and tutor's course pickers read it, each in its own shape (`select`), and joining or
 * creating a course refreshes all of them.
 */
export function useMyCourses<T = CourseList>(select?: (data: CourseList) => T) {
  return useQuery({
    queryKey: courseKeys.mine,
    queryFn: () => api.courses.list({ limit: 100 }),
    select,
  });
}
