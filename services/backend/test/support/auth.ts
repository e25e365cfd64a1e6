import type { Permission, Role } from '@faraday/contracts';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../src/auth/principal.js';

/** Logs in through the API and returns the bearer token (demo accounts: admin123 / teacher123 / student123). */
export async function loginAs(
  app: FastifyInstance,
  username: string,
  password = `${username}123`,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login as ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().data.access_token as string;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/**
 * Creates a user through the admin API and returns its id. An admin-created account must change
 * its password before it can do anything else; unless `keepMustChange` is set, the account is
 * then marked as having done so (as a factory would), so tests can use it at once.
 */
export async function createUserAs(
  app: FastifyInstance,
  adminToken: string,
  user: { username: string; password?: string; name?: string; email?: string; role?: string },
  options: { keepMustChange?: boolean } = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users',
    headers: bearer(adminToken),
    payload: {
      password: 'Passw0rd!x',
      name: user.username,
      email: `${user.username}@example.edu`,
      role: 'student',
      ...user,
    },
  });
  if (res.statusCode !== 201)
    throw new Error(`create user ${user.username} failed: ${res.statusCode} ${res.body}`);
  const id = res.json().data.id as string;
  if (!options.keepMustChange) {
    await app.db.updateTable('users').set({ must_change_password: 0 }).where('id', '=', id).execute();
  }
  return id;
}

/** A principal for calling a service function directly, as the access hook would build it. */
export function principalFor(user: {
  id: string;
  username: string;
  role: Role;
  permissions?: Permission[];
}): Principal {
  const now = new Date().toISOString();
  return {
    userId: user.id,
    username: user.username,
    role: user.role,
    permissions: user.permissions ?? [],
    jti: 'n/a',
    expiresAt: new Date(),
    passwordChangeRequired: false,
    account: {
      id: user.id,
      username: user.username,
      name: user.username,
      email: `${user.username}@example.edu`,
      role: user.role,
      must_change_password: 0,
      disabled: 0,
      created_at: now,
      updated_at: now,
      last_login: null,
      corpchat_user_id: null,
    },
  };
}
