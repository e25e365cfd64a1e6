import {
  corpchatJsConfigRequestSchema,
  corpchatJsConfigSchema,
  corpchatLoginRequestSchema,
  corpchatOAuthUrlQuerySchema,
  corpchatOAuthUrlSchema,
  ok,
  successEnvelopeSchema,
  tokenResponseSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import type { CorpchatConfig } from '../../config.js';
import type { IdentityContext } from '../identity-context.js';
import { sessionCookieOf } from '../session-cookie.js';
import { CorpchatLogin } from './corpchat.service.js';
import { devProviderRoutes } from './dev-provider.routes.js';

const tags = ['auth'];
const bearer = [{ bearerAuth: [] }];

export function corpchatRoutes(ctx: IdentityContext, config: CorpchatConfig) {
  return async (app: FastifyInstance): Promise<void> => {
    const corpchat = new CorpchatLogin(ctx, config, app.config.jwtSecret, app.config.isProduction);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const cookie = sessionCookieOf(app.config);

    routes.get(
      '/api/v1/auth/corpchat/oauth-url',
      {
        config: { access: 'public', errors: ['UPSTREAM_UNAVAILABLE'] },
        schema: {
          tags,
          summary:
            "The corporate chat provider's authorization address, with a signed state valid 10 minutes",
          querystring: corpchatOAuthUrlQuerySchema,
          response: { 200: successEnvelopeSchema(corpchatOAuthUrlSchema) },
        },
      },
      async (request) =>
        ok({
          oauth_url: corpchat.oauthUrl(request.query.redirect_uri, `${request.protocol}://${request.host}`),
        }),
    );

    routes.post(
      '/api/v1/auth/corpchat',
      {
        config: {
          errors: [
            'INVALID_CREDENTIALS',
            'UNAUTHORIZED',
            'UPSTREAM_UNAVAILABLE',
            'UPSTREAM_TIMEOUT',
            'UPSTREAM_BAD_RESPONSE',
          ],
          access: 'public',
          rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' },
        },
        schema: {
          tags,
          summary: 'Log in with a corporate chat authorization code (first login creates a student account)',
          body: corpchatLoginRequestSchema,
          response: { 200: successEnvelopeSchema(tokenResponseSchema) },
        },
      },
      async (request, reply) => {
        if (request.body.browser_session) cookie.assertSameOrigin(request);
        return ok(cookie.answer(reply, await corpchat.login(request.body, request.log)));
      },
    );

    if (corpchat.devProvider) await app.register(devProviderRoutes(corpchat, corpchat.devProvider));

    routes.post(
      '/api/v1/auth/corpchat/jsconfig',
      {
        config: {
          access: 'signed-in',
          errors: ['UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT', 'UPSTREAM_BAD_RESPONSE'],
        },
        schema: {
          tags,
          security: bearer,
          summary: 'JS-SDK configuration (wx.config) for a page of the corporate chat app',
          body: corpchatJsConfigRequestSchema,
          response: { 200: successEnvelopeSchema(corpchatJsConfigSchema) },
        },
      },
      async (request) => ok(await corpchat.jsConfig(request.body.url)),
    );
  };
}
