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
import { principalOf } from './access.js';
import { changeOwnPassword, currentUser, loginWithPassword, logout } from './auth.service.js';
import type { IdentityContext } from './identity-context.js';

const tags = ['auth'];
const bearer = [{ bearerAuth: [] }];

export function authRoutes(ctx: IdentityContext, loginRateLimitPerMinute: number) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/api/v1/auth/login',
      {
        config: {
          errors: ['INVALID_CREDENTIALS', 'ACCOUNT_LOCKED'],
          access: 'public',
          rateLimit: { max: loginRateLimitPerMinute, timeWindow: '1 minute' },
        },
        schema: {
          tags,
          summary: 'Log in with username and password',
          body: loginRequestSchema,
          response: { 200: successEnvelopeSchema(tokenResponseSchema) },
        },
      },
      async (request) => ok(await loginWithPassword(ctx, request.body, request.ip)),
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
          summary: 'Revoke the presented token',
          response: { 200: successEnvelopeSchema(messageSchema) },
        },
      },
      async (request) => {
        await logout(ctx.db, principalOf(request));
        return ok({ message: 'Logged out' });
      },
    );

    routes.post(
      '/api/v1/auth/password',
      {
        config: { access: 'signed-in', beforePasswordChange: true, errors: ['WEAK_PASSWORD'] },
        schema: {
          tags,
          security: bearer,
          summary: 'Change your own password; earlier tokens are revoked and a new one is returned',
          body: changePasswordRequestSchema,
          response: { 200: successEnvelopeSchema(tokenResponseSchema) },
        },
      },
      async (request) => ok(await changeOwnPassword(ctx, principalOf(request), request.body, request.ip)),
    );
  };
}
