import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { courseKeys } from '../lib/query-keys';

/** One course with the user's role in it (the course page, and an assignment's breadcrumb and role). */
export function useCourse(courseId: string) {
  return useQuery({ queryKey: courseKeys.detail(courseId), queryFn: () => api.courses.get(courseId) });
}
