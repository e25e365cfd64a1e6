import { absoluteHttpUrl } from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CorpchatLogin } from './corpchat.service.js';
import {
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
        const back = new URL(redirect_uri);
        const code = provider.issueCode({ userid, name: name || undefined, email: undefined });
        back.searchParams.set('code', code);
        back.searchParams.set('state', state);
        return reply.redirect(back.toString(), 302);
      },
    );
  };
}
