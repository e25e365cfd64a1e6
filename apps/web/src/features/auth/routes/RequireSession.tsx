import { Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { type EndReason, session } from '../../../lib/session';
import { restoreSession } from '../api/restore';

/**
 * Pages behind sign-in. A tab without a token (new tab, reload) first asks the server to restore
 * the browser session from its cookie. Without one, or when any call answers 401, the user goes
 * to sign-in with the reason and comes back here afterwards. A must-change account goes to the
 * password form.
 */
export function RequireSession() {
  const { t } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [token, setToken] = useState(session.token());
  const [ended, setEnded] = useState<EndReason | null>(null);
  const [restoring, setRestoring] = useState(token === null);

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

  useEffect(() => {
    if (!restoring) return;
    let mounted = true;
    void restoreSession().then((reason) => {
      if (!mounted) return;
      if (reason) setEnded(reason);
      setToken(session.token());
      setRestoring(false);
    });
    return () => {
      mounted = false;
    };
  }, [restoring]);

  if (restoring) {
    return (
      <Center mih="100vh" component="main">
        <Loader aria-label={t('auth.restoring')} />
      </Center>
    );
  }
  const from = `${location.pathname}${location.search}`;
  if (!token) return <Navigate to="/sign-in" replace state={{ from, reason: ended ?? undefined }} />;
  if (session.mustChangePassword() && location.pathname !== '/change-password') {
    return <Navigate to="/change-password" replace state={{ from }} />;
  }
  return <Outlet />;
}
