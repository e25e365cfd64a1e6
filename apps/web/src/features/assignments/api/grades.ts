import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/format';
import { assignmentKeys } from './keys';

/** The course's gradebook: students × assignments with totals. */
export function useGradebook(courseId: string) {
  return useQuery({ queryKey: assignmentKeys.grades(courseId), queryFn: () => api.courses.grades(courseId) });
}

/** Saves the gradebook as `grades-<course>.csv`. */
export async function downloadGradesCsv(courseId: string): Promise<void> {
  saveFile(await api.courses.gradesCsv(courseId), `grades-${courseId}.csv`);
}
