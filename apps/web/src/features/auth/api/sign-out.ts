import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { session } from '../../../lib/session';

/** Ends the browser session on the server (every tab's token, the cookie), then here and in every tab. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await api.auth.logout().catch(() => undefined);
    session.signedOut();
    queryClient.clear();
    navigate('/sign-in', { replace: true, state: { reason: 'signed-out-by-user' } });
  };
}
