import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { type EndReason, session } from '../../../lib/session';

/**
 * Pages behind sign-in. Without a token, or when any call answers 401, the user goes to sign-in
 * with the reason and comes back here afterwards. A must-change account goes to the password form.
 */
export function RequireSession() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const [token, setToken] = useState(session.token());
  const [ended, setEnded] = useState<EndReason | null>(null);

  useEffect(
    () =>
      session.subscribe((reason) => {
        if (reason) {
          queryClient.clear();
          setEnded(reason);
        }
        setToken(session.token());
      }),
    [queryClient],
  );

  const from = `${location.pathname}${location.search}`;
  if (!token) return <Navigate to="/sign-in" replace state={{ from, reason: ended ?? undefined }} />;
  if (session.mustChangePassword() && location.pathname !== '/change-password') {
    return <Navigate to="/change-password" replace state={{ from }} />;
  }
  return <Outlet />;
}
