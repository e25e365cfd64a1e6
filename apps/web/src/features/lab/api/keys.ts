/** Query keys of the lab, built in one place. */
export const labKeys = {
  history: ['sim', 'history'] as const,
  historyPage: (page: number, type: string, course: string) =>
    [...labKeys.history, page, type, course] as const,
  /** A solver's latest runs, whose timings estimate how long a sweep will take. */
  recentRuns: (solver: string) => [...labKeys.history, 'recent', solver] as const,
  run: (id: string) => ['sim', 'run', id] as const,
  sweep: (id: string) => ['sim', 'sweep', id] as const,
  sweepResults: (id: string) => [...labKeys.sweep(id), 'results'] as const,
};
