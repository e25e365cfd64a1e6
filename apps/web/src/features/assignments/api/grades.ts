import type { Gradebook } from '@faraday/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/**
 * Saves a grade typed into a cell; the student's row in the cached gradebook is replaced by the
 * one the server answers (totals included), so the table never shows a stale total.
 */
export function useEditGrade(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { assignmentId: string; studentId: string; score: number; attempt: number | null }) =>
      api.courses.editGrade(courseId, v.assignmentId, v.studentId, { score: v.score, attempt: v.attempt }),
    onSuccess: (row) => {
      queryClient.setQueryData<Gradebook>(assignmentKeys.grades(courseId), (book) =>
        book
          ? { ...book, students: book.students.map((s) => (s.student_id === row.student_id ? row : s)) }
          : book,
      );
      void queryClient.invalidateQueries({ queryKey: [...assignmentKeys.grades(courseId), 'history'] });
    },
  });
}

/** Who typed or imported which grade into a cell, and when. */
export function useGradeHistory(courseId: string, assignmentId: string, studentId: string) {
  return useQuery({
    queryKey: [...assignmentKeys.grades(courseId), 'history', assignmentId, studentId],
    queryFn: () => api.courses.gradeHistory(courseId, assignmentId, studentId),
  });
}

function useRefreshGradebook(courseId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: assignmentKeys.grades(courseId) });
}

export function useSaveGradeCategories(courseId: string) {
  const refresh = useRefreshGradebook(courseId);
  return useMutation({
    mutationFn: (categories: { name: string; weight: number; assignment_ids: string[] }[]) =>
      api.courses.setGradeCategories(courseId, categories),
    onSuccess: () => void refresh(),
  });
}

export function usePreviewGradeImport(courseId: string) {
  return useMutation({ mutationFn: (csv: string) => api.courses.previewGradeImport(courseId, csv) });
}

export function useApplyGradeImport(courseId: string) {
  const refresh = useRefreshGradebook(courseId);
  return useMutation({
    mutationFn: (v: { csv: string; fingerprint: string }) =>
      api.courses.applyGradeImport(courseId, v.csv, v.fingerprint),
    onSuccess: () => void refresh(),
  });
}
