import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/format';
import { assignmentKeys } from './keys';

/** The course's gradebook: students × assignments with totals. */
export function useGradebook(courseId: string) {
  return useQuery({ queryKey: assignmentKeys.grades(courseId), queryFn: () => api.courses.grades(courseId) });
}

/**
 * Saves the gradebook as `grades-<course code>-<YYYY-MM-DD>.csv`: named after the course and the
 * day, so a teacher's downloads folder tells the files apart.
 */
export async function downloadGradesCsv(courseId: string, courseCode: string): Promise<void> {
  const day = new Date().toLocaleDateString('sv');
  const name = courseCode.replace(/[^\p{L}\p{N}_-]+/gu, '-');
  saveFile(await api.courses.gradesCsv(courseId), `grades-${name}-${day}.csv`);
}
