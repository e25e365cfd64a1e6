import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of the lab, built in one place. */
export const labKeys = {
  history: ['sim', 'history'] as const,
  historyPage: (page: number, type: string, course: string) =>
    ['sim', 'history', page, type, course] as const,
  run: (id: string) => ['sim', 'run', id] as const,
  sweep: (id: string) => ['sim', 'sweep', id] as const,
  sweepResults: (id: string) => ['sim', 'sweep', id, 'results'] as const,
  myCourses: ['sim', 'courses'] as const,
};

/** The courses the user belongs to, for the course pickers (runs are recorded under one). */
export function useMyCourses() {
  return useQuery({
    queryKey: labKeys.myCourses,
    queryFn: () => api.courses.list({ limit: 100 }),
    select: (data) => data.courses.map((c) => ({ value: c.id, label: `${c.code} — ${c.name}` })),
    staleTime: 60_000,
  });
}
