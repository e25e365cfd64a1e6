import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { session } from '../../../lib/session';
import { authKeys } from './keys';

/** What the new session asks of the user first: nothing, a password change, or a reminder to make one. */
export type PasswordChange = 'none' | 'required' | 'reminder';

interface Token {
  access_token: string;
  must_change_password: boolean;
}

/**
 * Whether the server enforces the change: it does for admin-created and reset accounts (and every
 * demo account in production); outside production the demo accounts are only reminded.
 */
async function mustChangeFirst(): Promise<boolean> {
  try {
    await api.me.dueAssignments(1);
    return false;
  } catch (error) {
    return error instanceof ApiError && error.code === 'PASSWORD_CHANGE_REQUIRED';
  }
}

/** Keeps the token for the session; with a must-change flag, asks the server whether it insists. */
async function startSession(token: Token): Promise<PasswordChange> {
  let change: PasswordChange = 'none';
  if (token.must_change_password) {
    session.start(token.access_token, 'reminder');
    change = (await mustChangeFirst()) ? 'required' : 'reminder';
  }
  session.start(token.access_token, change);
  return change;
}

/** Sign-in with username and password. */
export function useSignIn(onSignedIn: (change: PasswordChange) => void) {
  return useMutation({
    mutationFn: async ({ username, password }: { username: string; password: string }) =>
      startSession(await api.auth.login(username, password)),
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
      const change = await startSession(await api.auth.corpchatLogin(code as string, state));
      onSignedIn(change);
      return change;
    },
    enabled: code !== null,
    retry: false,
  });
}
