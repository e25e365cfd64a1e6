import { absoluteHttpUrl } from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CorpchatLogin } from './corpchat.service.js';
import {
  assertRedirectAllowed,
  DEV_APPROVE_PATH,
  DEV_AUTHORIZE_PATH,
  type DevCorpchatProvider,
  devAuthorizePage,
  devMemberSchema,
} from './dev-provider.js';

const tags = ['auth'];
const authorizeQuery = z.object({
  redirect_uri: absoluteHttpUrl,
  state: z.string().min(1).max(128),
});

/** The backend's own origins: as this request reached it, and its public address. */
function ownOrigins(request: FastifyRequest): string[] {
  return [`${request.protocol}://${request.host}`, new URL(request.server.config.publicUrl).origin];
}

/** The development provider's two pages; registered only when it stands in (never in production). */
export function devProviderRoutes(corpchat: CorpchatLogin, provider: DevCorpchatProvider) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      DEV_AUTHORIZE_PATH,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Development provider: pick a made-up corporate chat member (outside production only)',
          querystring: authorizeQuery.passthrough(),
          produces: ['text/html'],
        },
      },
      async (request, reply) => {
        corpchat.assertState(request.query.state);
        assertRedirectAllowed(request.query.redirect_uri, ownOrigins(request));
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(devAuthorizePage(request.query.redirect_uri, request.query.state));
      },
    );

    routes.get(
      DEV_APPROVE_PATH,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Development provider: go back to redirect_uri with a code naming the chosen member',
          querystring: authorizeQuery.extend(devMemberSchema.shape),
        },
      },
      async (request, reply) => {
        const { redirect_uri, state, userid, name } = request.query;
        corpchat.assertState(state);
        assertRedirectAllowed(redirect_uri, ownOrigins(request));
        const back = new URL(redirect_uri);
        const code = provider.issueCode({ userid, name: name || undefined, email: undefined });
        back.searchParams.set('code', code);
        back.searchParams.set('state', state);
        return reply.redirect(back.toString(), 302);
      },
    );
  };
}
