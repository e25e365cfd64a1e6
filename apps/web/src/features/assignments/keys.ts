export const assignmentKeys = {
  detail: (courseId: string, id: string) => ['courses', courseId, 'assignments', id] as const,
  submissions: (courseId: string, id: string) =>
    ['courses', courseId, 'assignments', id, 'submissions'] as const,
  attempts: (courseId: string, id: string, submissionId: string) =>
    ['courses', courseId, 'assignments', id, 'submissions', submissionId, 'attempts'] as const,
};
