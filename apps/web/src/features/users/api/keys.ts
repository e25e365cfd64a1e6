/** Query keys of the users feature (admins), built in one place. */
export const userKeys = {
  all: ['users'] as const,
  list: (page: number, search: string) => [...userKeys.all, page, search] as const,
};
