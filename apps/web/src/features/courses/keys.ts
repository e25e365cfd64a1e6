/** Query keys of the courses feature, built in one place. */
export const courseKeys = {
  all: ['courses'] as const,
  list: (page: number, search: string) => ['courses', 'list', page, search] as const,
  detail: (id: string) => ['courses', id] as const,
  members: (id: string) => ['courses', id, 'members'] as const,
  assignments: (id: string) => ['courses', id, 'assignments'] as const,
  resources: (id: string) => ['courses', id, 'resources'] as const,
  grades: (id: string) => ['courses', id, 'grades'] as const,
};
