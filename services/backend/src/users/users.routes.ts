import {
  bulkCreateResultSchema,
  createUserRequestSchema,
  ok,
  pageOffset,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  successEnvelopeSchema,
  updateUserRequestSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { IdentityContext } from '../auth/identity-context.js';
import { activeLocks } from '../auth/login-throttle.repository.js';
import { toUserView } from './user-views.js';
import { listUsers } from './users.repository.js';
import {
  createUser,
  requireUser,
  resetUserPassword,
  setUserDisabled,
  unlockUser,
  updateUserProfile,
} from './users.service.js';
import { importUsersFromCsv } from './users-import.js';

const tags = ['users'];
const security = [{ bearerAuth: [] }];
const config = { access: 'user:manage' as const };
const userIdParams = z.object({ user_id: z.string().min(1).max(64) });
const userEnvelope = successEnvelopeSchema(userSchema);

export function usersRoutes(ctx: IdentityContext) {
  return async (app: FastifyInstance): Promise<void> => {
    // CSV imports arrive as text/csv; up to 1000 rows fit well within 2 MB.
    app.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/v1/users',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'List users (search over username, name and email)',
          querystring: userListQuerySchema,
          response: { 200: successEnvelopeSchema(userListSchema) },
        },
      },
      async (request) => {
        const { page, limit, search, role } = request.query;
        const { rows, total } = await listUsers(ctx.db, {
          search,
          role,
          offset: pageOffset({ page, limit }),
          limit,
        });
        const locks = await activeLocks(
          ctx.db,
          rows.map((r) => r.username),
          new Date(),
        );
        return ok({
          users: rows.map((r) => toUserView(r, locks.get(r.username) ?? null)),
          total,
          page,
          limit,
        });
      },
    );

    routes.post(
      '/api/v1/users',
      {
        config: { ...config, errors: ['WEAK_PASSWORD'] },
        schema: {
          tags,
          security,
          summary: 'Create a user',
          body: createUserRequestSchema,
          response: { 201: userEnvelope },
        },
      },
      async (request, reply) => reply.status(201).send(ok(await createUser(ctx, request.body))),
    );

    routes.post(
      '/api/v1/users/import',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Create users from CSV (username,name,email,role[,password]); a result per row',
          consumes: ['text/csv'],
          body: z.string().min(1).describe('CSV text with a header row'),
          response: { 200: successEnvelopeSchema(bulkCreateResultSchema) },
        },
      },
      async (request) => {
        const results = await importUsersFromCsv(ctx, request.body);
        const created = results.filter((r) => r.status === 'created').length;
        const failed = results.filter((r) => r.status === 'failed').length;
        return ok({ created_count: created, failed_count: failed, results });
      },
    );

    routes.get(
      '/api/v1/users/:user_id',
      {
        config: { ...config, errors: ['USER_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Get a user',
          params: userIdParams,
          response: { 200: userEnvelope },
        },
      },
      async (request) => {
        const user = await requireUser(ctx.db, request.params.user_id);
        const locks = await activeLocks(ctx.db, [user.username], new Date());
        return ok(toUserView(user, locks.get(user.username) ?? null));
      },
    );

    routes.put(
      '/api/v1/users/:user_id',
      {
        config: { ...config, errors: ['USER_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: "Update a user's name, email or role (a role change revokes their tokens)",
          params: userIdParams,
          body: updateUserRequestSchema,
          response: { 200: userEnvelope },
        },
      },
      async (request) =>
        ok(await updateUserProfile(ctx.db, principalOf(request), request.params.user_id, request.body)),
    );

    for (const [action, disabled] of [
      ['disable', true],
      ['enable', false],
    ] as const) {
      routes.post(
        `/api/v1/users/:user_id/${action}`,
        {
          config: { ...config, errors: ['USER_NOT_FOUND'] },
          schema: {
            tags,
            security,
            summary: disabled ? 'Disable a user (revokes their tokens)' : 'Enable a disabled user',
            params: userIdParams,
            response: { 200: userEnvelope },
          },
        },
        async (request) =>
          ok(await setUserDisabled(ctx.db, principalOf(request), request.params.user_id, disabled)),
      );
    }

    routes.post(
      '/api/v1/users/:user_id/unlock',
      {
        config: { ...config, errors: ['USER_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Lift the login locks of a user (failed logins from every address are forgotten)',
          params: userIdParams,
          response: { 200: userEnvelope },
        },
      },
      async (request) => ok(await unlockUser(ctx.db, request.params.user_id)),
    );

    routes.post(
      '/api/v1/users/:user_id/reset-password',
      {
        config: { ...config, errors: ['USER_NOT_FOUND', 'WEAK_PASSWORD'] },
        schema: {
          tags,
          security,
          summary: 'Set a new password (or generate one); the user must change it; tokens are revoked',
          params: userIdParams,
          body: resetPasswordRequestSchema.nullish().describe('Optional; omit to generate a password'),
          response: { 200: successEnvelopeSchema(resetPasswordResponseSchema) },
        },
      },
      async (request) => ok(await resetUserPassword(ctx, request.params.user_id, request.body?.new_password)),
    );
  };
}
