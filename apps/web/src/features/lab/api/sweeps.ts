import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { labKeys } from './keys';

/** How often a running sweep's progress is asked for. */
const POLL_MS = 1000;

/** Starts a parameter sweep on the server; resolves to its task. */
export function useStartSweep(onStarted: (taskId: string) => void) {
  return useMutation({
    mutationFn: (request: Record<string, unknown>) => api.sim.startSweep(request),
    onSuccess: (task) => onStarted(task.task_id),
  });
}

/** A sweep's progress, asked for again every second while it runs. */
export function useSweepProgress(taskId: string) {
  return useQuery({
    queryKey: labKeys.sweep(taskId),
    queryFn: () => api.sim.sweepProgress(taskId),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? POLL_MS : false),
  });
}

/** A finished sweep's runs, metrics and summary figure (in the reader's language); asked for once it is `done`. */
export function useSweepResults(taskId: string, done: boolean) {
  const { i18n } = useTranslation();
  const lang = i18n.language.startsWith('zh') ? 'zh' : 'en';
  return useQuery({
    queryKey: [...labKeys.sweepResults(taskId), lang],
    queryFn: () => api.sim.sweepResults(taskId, lang),
    enabled: done,
  });
}

/** Cancels a running sweep; its answer is the new progress, shown at once. */
export function useCancelSweep(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.sim.cancelSweep(taskId),
    onSuccess: (data) => queryClient.setQueryData(labKeys.sweep(taskId), data),
  });
}

export type SweepResults = Awaited<ReturnType<typeof api.sim.sweepResults>>;
