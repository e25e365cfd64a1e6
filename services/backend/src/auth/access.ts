import { AppError, type Permission } from '@faraday/contracts';
import type { DocumentedError, RouteDocs } from '@faraday/server-kit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { IdentityContext } from './identity-context.js';
import { authenticate, type Principal } from './principal.js';

/**
 * Who may call a route, declared on the route itself (`config: { access: … }`) and enforced by
 * the one hook below: `public`, `signed-in` (any valid token), or a permission name.
 */
export type RouteAccess = 'public' | 'signed-in' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Answers even while the caller's password must be changed (/auth/me, logout, password change). */
    beforePasswordChange?: true;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The caller of a route that required sign-in; the hook guarantees it is there. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED');
  return request.principal;
}

export function installAccessControl(app: FastifyInstance, ctx: IdentityContext): void {
  app.decorateRequest('principal', null);

  // Safe by default: an API route that forgot to say who may call it stops the server at start.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.config?.access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
  });

  // onRequest runs before the body is parsed or validated: an unauthenticated caller learns
  // nothing about what the endpoint would accept.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const principal = await authenticate(ctx, request.headers.authorization);
    request.principal = principal;
    if (principal.passwordChangeRequired && request.routeOptions.config.beforePasswordChange !== true) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    }
    if (access !== 'signed-in' && !principal.permissions.includes(access)) {
      throw new AppError('INSUFFICIENT_PERMISSIONS', `This action requires the ${access} permission`, {
        requiredPermission: access,
      });
    }
  });
}

/**
 * What a route's declared access means for its documentation: public routes declare no
 * security; the others take a bearer token and can answer the 401s of a bad token, 403 while
 * the password must be changed, and 403 naming the permission they require.
 */
export function accessDocs(route: RouteOptions): RouteDocs {
  const config = route.config as { access?: RouteAccess; beforePasswordChange?: true; rateLimit?: unknown };
  const errors: DocumentedError[] = config?.rateLimit === undefined ? [] : [{ code: 'RATE_LIMITED' }];
  const access = config?.access ?? 'public';
  // A public route may still name a credential of its own (the session cookie of /auth/refresh).
  if (access === 'public')
    return { security: (route.schema?.security as RouteDocs['security']) ?? [], errors };
  errors.push({ code: 'UNAUTHORIZED' }, { code: 'TOKEN_EXPIRED' }, { code: 'TOKEN_REVOKED' });
  if (config.beforePasswordChange !== true) errors.push({ code: 'PASSWORD_CHANGE_REQUIRED' });
  if (access !== 'signed-in') errors.push({ code: 'INSUFFICIENT_PERMISSIONS', requiredPermission: access });
  return { security: [{ bearerAuth: [] }], errors };
}
