import {
  changePasswordRequestSchema,
  currentUserSchema,
  loginRequestSchema,
  messageSchema,
  ok,
  successEnvelopeSchema,
  tokenResponseSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { DAY_MS } from '../shared/time.js';
import { principalOf } from './access.js';
import { changeOwnPassword, currentUser, loginWithPassword, logout } from './auth.service.js';
import type { IdentityContext } from './identity-context.js';
import { SESSION_COOKIE, SESSION_COOKIE_PATH, sessionCookieOf } from './session-cookie.js';
import {
  BROWSER_SESSION_IDLE_MS,
  BROWSER_SESSION_MAX_MS,
  BROWSER_TOKEN_LIFETIME_SECONDS,
  renewBrowserSession,
} from './sessions.js';

const tags = ['auth'];
const bearer = [{ bearerAuth: [] }];
const REFRESH_DESCRIPTION =
  `The web application's way to stay signed in across tabs and reloads. Signing in with ` +
  `\`browser_session: true\` sets the cookie \`${SESSION_COOKIE}\` (HttpOnly, SameSite=Strict, Secure ` +
  `outside development, Path=${SESSION_COOKIE_PATH}); this call trades it for a token valid ` +
  `${BROWSER_TOKEN_LIFETIME_SECONDS} s and sets it again with the session's new expiry ` +
  `(${BROWSER_SESSION_IDLE_MS / DAY_MS} days after its last renewal, at most ` +
  `${BROWSER_SESSION_MAX_MS / DAY_MS} days after sign-in). The Origin header must name this server. ` +
  'A refused cookie is cleared. API clients use the bearer token from login instead.';

export function authRoutes(ctx: IdentityContext, loginRateLimitPerMinute: number) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const cookie = sessionCookieOf(app.config);

    routes.post(
      '/api/v1/auth/login',
      {
        config: {
          errors: ['INVALID_CREDENTIALS', 'ACCOUNT_LOCKED', 'UNAUTHORIZED'],
          access: 'public',
          rateLimit: { max: loginRateLimitPerMinute, timeWindow: '1 minute' },
        },
        schema: {
          tags,
          summary: 'Log in with username and password (with browser_session, also start a browser session)',
          body: loginRequestSchema,
          response: { 200: successEnvelopeSchema(tokenResponseSchema) },
        },
      },
      async (request, reply) => {
        if (request.body.browser_session) cookie.assertSameOrigin(request);
        return ok(cookie.answer(reply, await loginWithPassword(ctx, request.body, request.ip)));
      },
    );

    routes.post(
      '/api/v1/auth/refresh',
      {
        config: { access: 'public', errors: ['UNAUTHORIZED', 'TOKEN_EXPIRED', 'TOKEN_REVOKED'] },
        schema: {
          tags,
          security: [{ sessionCookie: [] }],
          summary: 'Renew a browser session: a fresh short-lived token for the session cookie',
          description: REFRESH_DESCRIPTION,
          response: { 200: successEnvelopeSchema(tokenResponseSchema) },
        },
      },
      async (request, reply) => {
        cookie.assertSameOrigin(request);
        try {
          return ok(cookie.answer(reply, await renewBrowserSession(ctx, cookie.read(request))));
        } catch (error) {
          // A cookie that cannot renew anything is dropped, so the browser stops sending it.
          if (cookie.read(request) !== undefined) cookie.clear(reply);
          throw error;
        }
      },
    );

    routes.get(
      '/api/v1/auth/me',
      {
        config: { access: 'signed-in', beforePasswordChange: true },
        schema: {
          tags,
          security: bearer,
          summary: 'The signed-in user',
          response: { 200: successEnvelopeSchema(currentUserSchema) },
        },
      },
      async (request) => ok(currentUser(principalOf(request))),
    );

    routes.post(
      '/api/v1/auth/logout',
      {
        config: { access: 'signed-in', beforePasswordChange: true },
        schema: {
          tags,
          security: bearer,
          summary:
            "Revoke the presented token; a browser session's token ends the session and clears its cookie",
          response: { 200: successEnvelopeSchema(messageSchema) },
        },
      },
      async (request, reply) => {
        if (await logout(ctx.db, principalOf(request))) cookie.clear(reply);
        return ok({ message: 'Logged out' });
      },
    );

    routes.post(
      '/api/v1/auth/password',
      {
        config: {
          access: 'signed-in',
          beforePasswordChange: true,
          errors: ['WEAK_PASSWORD', 'ACCOUNT_LOCKED'],
        },
        schema: {
          tags,
          security: bearer,
          summary:
            'Change your own password; earlier tokens and browser sessions are revoked and a new token ' +
            'is returned (in a new browser session, with its cookie, when the token used was of one)',
          body: changePasswordRequestSchema,
          response: { 200: successEnvelopeSchema(tokenResponseSchema) },
        },
      },
      async (request, reply) =>
        ok(
          cookie.answer(reply, await changeOwnPassword(ctx, principalOf(request), request.body, request.ip)),
        ),
    );
  };
}
