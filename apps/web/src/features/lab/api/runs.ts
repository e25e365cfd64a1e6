import { expandCompactArrays } from '@faraday/contracts';
import type { SolverName } from '@faraday/physics/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/format';
import { labKeys } from './keys';

export type RunOutput = Awaited<ReturnType<typeof api.sim.run>>;

/** The run on screen: its answer, the body that asked for it, and whether it came from this page. */
export interface Shown {
  id: string;
  output: Record<string, unknown> & { png_base64: string; svg?: string | undefined };
  body: Record<string, unknown>;
  fresh: boolean;
}

/** A run to start: its request, and the signal that cancels it when a newer one replaces it. */
export interface RunAsk {
  request: Record<string, unknown>;
  signal?: AbortSignal;
}

/** Runs a solver (the run is recorded, so the history refreshes). */
export function useRunSolver(
  solver: SolverName,
  onRan: (output: RunOutput, request: Record<string, unknown>) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    // float32 arrays: a third of the bytes of JSON numbers and no number parsing, so the figure
    // shows sooner; plenty for the hover readout (4 digits). The download is data.json, whole.
    mutationFn: async ({ request, signal }: RunAsk) =>
      expandCompactArrays(
        await api.sim.run(solver, request, { arrays: 'float32', ...(signal ? { signal } : {}) }),
      ) as RunOutput,
    onSuccess: (output, { request }) => {
      onRan(output, request);
      void queryClient.invalidateQueries({ queryKey: labKeys.history });
    },
  });
}

/** A past run opened from the history: its record and its numbers (data.json); nothing without an id. */
export function usePastRun(runId: string | null) {
  return useQuery({
    queryKey: labKeys.run(runId ?? ''),
    enabled: runId !== null,
    queryFn: async () => {
      const id = runId as string;
      const [detail, data] = await Promise.all([api.sim.result(id), api.sim.data(id).then((b) => b.text())]);
      const stored = JSON.parse(data) as { output?: Record<string, unknown> };
      return { detail, output: stored.output ?? {} };
    },
  });
}

/** Saves a run's whole numeric output and parameters (data.json) as `fileName`. */
export async function downloadRunData(runId: string, fileName: string): Promise<void> {
  saveFile(await api.sim.data(runId), fileName);
}
