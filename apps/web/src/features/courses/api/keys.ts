import { courseKeys as shared } from '../../../lib/query-keys';

/** Query keys of the courses feature: the shared course roots, the paged list and a course's members. */
export const courseKeys = {
  ...shared,
  list: (page: number, search: string) => [...shared.all, 'list', page, search] as const,
  members: (id: string) => [...shared.detail(id), 'members'] as const,
};
