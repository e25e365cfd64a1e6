import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { type EndReason, session } from '../../lib/session';

/**
 * Pages behind sign-in. Without a token, or when any call answers 401, the user goes to sign-in
 * with the reason and comes back here afterwards. A must-change account goes to the password form.
 */
export function RequireSession() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [token, setToken] = useState(session.token());

  useEffect(
    () =>
      session.subscribe((reason: EndReason | null) => {
        setToken(session.token());
        if (reason) {
          queryClient.clear();
          const from = `${window.location.pathname}${window.location.search}`;
          navigate('/sign-in', { replace: true, state: { from, reason } });
        }
      }),
    [navigate, queryClient],
  );

  if (!token)
    return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (session.mustChangePassword() && location.pathname !== '/change-password') {
    return (
      <Navigate to="/change-password" replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  return <Outlet />;
}
