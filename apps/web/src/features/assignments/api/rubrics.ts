import type { Rubric, RubricInput } from '@faraday/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { courseKeys } from '../../../lib/query-keys';
import { assignmentKeys } from './keys';

export type { Rubric };

const rubricKeys = {
  course: (courseId: string) => [...courseKeys.detail(courseId), 'rubrics'] as const,
  assignment: (courseId: string, id: string) => [...assignmentKeys.detail(courseId, id), 'rubric'] as const,
};

/** The course's rubrics (staff). */
export function useCourseRubrics(courseId: string) {
  return useQuery({ queryKey: rubricKeys.course(courseId), queryFn: () => api.rubrics.list(courseId) });
}

/** The rubric the assignment is graded with, or null. */
export function useAssignmentRubric(courseId: string, assignmentId: string) {
  return useQuery({
    queryKey: rubricKeys.assignment(courseId, assignmentId),
    queryFn: () => api.assignments.rubric(courseId, assignmentId),
  });
}

function useRefreshRubrics(courseId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rubricKeys.course(courseId) });
}

/** Attaches a rubric (or null to detach); the course's rubric list and the assignment's refresh. */
export function useAttachRubric(courseId: string, assignmentId: string, onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const refresh = useRefreshRubrics(courseId);
  return useMutation({
    mutationFn: (rubricId: string | null) => api.assignments.attachRubric(courseId, assignmentId, rubricId),
    onSuccess: (data) => {
      queryClient.setQueryData(rubricKeys.assignment(courseId, assignmentId), data);
      void refresh();
    },
    onError,
  });
}

/** Creates a rubric, or replaces one no grade has used yet. */
export function useSaveRubric(
  courseId: string,
  on: { success: (rubric: Rubric) => void; error: (e: unknown) => void },
) {
  const refresh = useRefreshRubrics(courseId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RubricInput }) =>
      id ? api.rubrics.update(courseId, id, body) : api.rubrics.create(courseId, body),
    onSuccess: (rubric) => {
      void refresh();
      // An edited rubric may be the one an assignment shows.
      void queryClient.invalidateQueries({ queryKey: assignmentKeys.list(courseId) });
      on.success(rubric);
    },
    onError: on.error,
  });
}

/** Copies a rubric (how a used one is changed). */
export function useCopyRubric(
  courseId: string,
  on: { success: (rubric: Rubric) => void; error: (e: unknown) => void },
) {
  const refresh = useRefreshRubrics(courseId);
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => api.rubrics.copy(courseId, id, title),
    onSuccess: (rubric) => {
      void refresh();
      on.success(rubric);
    },
    onError: on.error,
  });
}
