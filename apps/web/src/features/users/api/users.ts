import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { userKeys } from './keys';

/** One page of the accounts, filtered by a search; the last page stays while the next loads. */
export function useUsers(page: number, pageSize: number, search: string) {
  return useQuery({
    queryKey: userKeys.list(page, search),
    queryFn: () => api.users.list({ page, limit: pageSize, search: search || undefined }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}

export function useSetDisabled(onError: (error: unknown) => void, onDone: () => void = () => {}) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) => api.users.setDisabled(id, disabled),
    onSuccess: () => {
      onDone();
      return refresh();
    },
    onError,
  });
}

export function useSetRole(onError: (error: unknown) => void, onDone: () => void = () => {}) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: string }) => api.users.update(id, { role }),
    onSuccess: () => {
      onDone();
      return refresh();
    },
    onError,
  });
}

/** Lifts a user's login locks (from every address). */
export function useUnlock(onError: (error: unknown) => void, onDone: (user: User) => void) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (user: User) => api.users.unlock(user.id),
    onSuccess: (_, user) => {
      onDone(user);
      return refresh();
    },
    onError,
  });
}

/** A new temporary password, which the user must change at the next sign-in. */
export function useResetPassword(on: {
  success: (temporaryPassword: string | undefined) => void;
  error: (error: unknown) => void;
}) {
  return useMutation({
    mutationFn: (id: string) => api.users.resetPassword(id),
    onSuccess: (result) => on.success(result.temporary_password),
    onError: on.error,
  });
}

export interface NewUser {
  username: string;
  name: string;
  email: string;
  password: string;
  role: string;
}

export function useCreateUser(onCreated: () => void) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (user: NewUser) => api.users.create({ ...user }),
    onSuccess: () => {
      onCreated();
      void refresh();
    },
  });
}

/** Creates accounts from CSV rows; the answer says, row by row, what was created or why not. */
export function useImportUsers() {
  const refresh = useRefreshUsers();
  return useMutation({ mutationFn: (csv: string) => api.users.importCsv(csv), onSuccess: refresh });
}

export type User = Awaited<ReturnType<typeof api.users.list>>['users'][number];
