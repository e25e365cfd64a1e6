import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { session } from '../../../lib/session';

/** Changes the password; the server answers with a fresh token (and a new session cookie), which replace the session's. */
export function useChangePassword(onChanged: () => void) {
  return useMutation({
    mutationFn: ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) =>
      api.auth.changePassword(oldPassword, newPassword),
    onSuccess: (token) => {
      session.start(token, 'none');
      onChanged();
    },
  });
}
