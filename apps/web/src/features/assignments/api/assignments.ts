import type { assignmentDetailSchema, LatePenalty } from '@faraday/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { assignmentKeys } from './keys';

export type Assignment = z.infer<typeof assignmentDetailSchema>;
export type AssignmentRow = Awaited<ReturnType<typeof api.assignments.list>>['assignments'][number];

/** What the assignment form edits. */
export interface AssignmentFields {
  title: string;
  description: string;
  instructions: string;
  /** As a datetime-local input holds it, in the user's time zone. */
  due_date: string;
  max_score: number;
  allow_late: boolean;
  resubmit_after_grading: boolean;
  /** Already as the API takes them (ISO cut-off): LateSettings converts. */
  late_penalty: LatePenalty | null;
  late_cutoff: string | null;
  /** Only when creating: a quiz's questions are set on its page afterwards. */
  kind?: 'submission' | 'quiz';
}

export function useAssignments(courseId: string) {
  return useQuery({
    queryKey: assignmentKeys.list(courseId),
    queryFn: () => api.assignments.list(courseId, { limit: 100 }),
  });
}

export function useAssignment(courseId: string, id: string) {
  return useQuery({
    queryKey: assignmentKeys.detail(courseId, id),
    queryFn: () => api.assignments.get(courseId, id),
  });
}

function useRefreshAssignments(courseId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: assignmentKeys.list(courseId) });
}

/** Publishes, closes or reopens an assignment. */
export function useSetAssignmentStatus(courseId: string, onError: (error: unknown) => void) {
  const refresh = useRefreshAssignments(courseId);
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: string }) =>
      api.assignments.update(courseId, id, { status }),
    onSuccess: refresh,
    onError,
  });
}

/** Saves an assignment's fields; a new one is created as a draft, then published when asked. */
export function useSaveAssignment(courseId: string, assignmentId: string | undefined, onSaved: () => void) {
  const refresh = useRefreshAssignments(courseId);
  return useMutation({
    mutationFn: async ({ fields, publish }: { fields: AssignmentFields; publish: boolean }) => {
      const body = { ...fields, due_date: new Date(fields.due_date).toISOString() };
      if (assignmentId) {
        await api.assignments.update(courseId, assignmentId, body);
        return;
      }
      const created = await api.assignments.create(courseId, body);
      if (publish) await api.assignments.update(courseId, created.id, { status: 'published' });
    },
    onSuccess: () => {
      void refresh();
      onSaved();
    },
  });
}
