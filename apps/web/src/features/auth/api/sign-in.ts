import { useMutation, useQuery } from '@tanstack/react-query';
import { api, beginSession } from '../../../lib/api';
import type { PasswordChange } from '../../../lib/session';
import { authKeys } from './keys';

export type { PasswordChange } from '../../../lib/session';

/** Sign-in with username and password, starting a browser session (new tabs and reloads stay signed in). */
export function useSignIn(onSignedIn: (change: PasswordChange) => void) {
  return useMutation({
    mutationFn: async ({ username, password }: { username: string; password: string }) =>
      beginSession(await api.auth.login(username, password, { browserSession: true })),
    onSuccess: onSignedIn,
  });
}

/** Where the corporate-chat sign-in starts; fails (and the button stays hidden) when it is not configured. */
export function useCorpchatUrl(callback: string) {
  return useQuery({
    queryKey: authKeys.corpchatUrl,
    queryFn: () => api.auth.corpchatUrl(callback),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The return from corporate chat (`?code=…&state=…`): trades the code for a session, once. */
export function useCorpchatSignIn(
  code: string | null,
  state: string | undefined,
  onSignedIn: (change: PasswordChange) => void,
) {
  return useQuery({
    queryKey: authKeys.corpchatSignIn(code),
    queryFn: async () => {
      const change = await beginSession(
        await api.auth.corpchatLogin(code as string, state, { browserSession: true }),
      );
      onSignedIn(change);
      return change;
    },
    enabled: code !== null,
    retry: false,
  });
}
