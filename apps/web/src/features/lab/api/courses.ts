import { type CourseList, useMyCourses } from '../../../hooks/useMyCourses';

const asOptions = (data: CourseList) =>
  data.courses.map((c) => ({ value: c.id, label: `${c.code} — ${c.name}` }));

/** The user's courses as picker options (a run is recorded under one, the history filters by one). */
export function useCourseOptions() {
  return useMyCourses(asOptions);
}
