import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { session } from '../../../lib/session';

/** Revokes the token on the server, then forgets it here. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await api.auth.logout().catch(() => undefined);
    session.expire('signed-out');
    queryClient.clear();
    navigate('/sign-in', { replace: true, state: { reason: 'signed-out-by-user' } });
  };
}
