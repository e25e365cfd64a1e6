import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { labKeys } from './keys';

/** One page of the runs the user may see, by solver type and course ('' for all). */
export function useHistory(page: number, pageSize: number, type: string, course: string) {
  return useQuery({
    queryKey: labKeys.historyPage(page, type, course),
    queryFn: () =>
      api.sim.history({
        page,
        limit: pageSize,
        ...(type ? { type } : {}),
        ...(course ? { course_id: course } : {}),
      }),
  });
}

/** A solver's ten latest runs, asked for only when `enabled` (no run on screen to time a sweep by). */
export function useRecentRuns(solver: string, enabled: boolean) {
  return useQuery({
    queryKey: labKeys.recentRuns(solver),
    queryFn: () => api.sim.history({ type: solver, limit: 10 }),
    enabled,
  });
}

export function useDeleteRun(on: { success: () => void; error: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.sim.remove(id),
    onSuccess: () => {
      on.success();
      void queryClient.invalidateQueries({ queryKey: labKeys.history });
    },
    onError: on.error,
  });
}
