import { ApiError, createFaradayClient } from '@faraday/client';
import { session } from './session';

/** The one client of the web app: token from the session, a 401 anywhere signs out. */
export const api = createFaradayClient({
  getToken: () => session.token(),
  onUnauthorized: (error) => session.expire(error.code === 'TOKEN_EXPIRED' ? 'expired' : 'signed-out'),
});

export { ApiError };
