import { AppError, type Role, type UserView } from '@faraday/contracts';
import { revokeAllTokensOfUser } from '../auth/auth-tokens.repository.js';
import type { IdentityContext } from '../auth/identity-context.js';
import { clearAllLoginFailures } from '../auth/login-throttle.repository.js';
import { assertStrongPassword, generatePassword } from '../auth/passwords.js';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import { toUserView } from './user-views.js';
import {
  findUserById,
  findUserByUsername,
  insertUser,
  type NewUserRow,
  normaliseUsername,
  type UserRow,
  updateUser,
} from './users.repository.js';

export interface NewUser {
  username: string;
  password: string;
  name: string;
  email: string;
  role: Role;
}

export async function requireUser(db: Db, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

export function newUserRow(user: Omit<NewUser, 'password'>, passwordHash: string): NewUserRow {
  const now = isoNow();
  return {
    id: newId(),
    username: normaliseUsername(user.username),
    name: user.name,
    email: user.email,
    role: user.role,
    password_hash: passwordHash,
    must_change_password: 1,
    disabled: 0,
    created_at: now,
    updated_at: now,
    last_login: null,
    corpchat_user_id: null,
  };
}

/** An admin creates an account; the user must change the password at first login. */
export async function createUser(ctx: IdentityContext, user: NewUser): Promise<UserView> {
  assertStrongPassword(user.password, user.username);
  if (await findUserByUsername(ctx.db, user.username)) {
    throw new AppError('VALIDATION_ERROR', 'That username is taken', { details: 'username' });
  }
  const row = newUserRow(user, await ctx.hasher.hash(user.password));
  try {
    await insertUser(ctx.db, row);
  } catch (error) {
    // The unique index caught a concurrent create of the same username.
    if (await findUserByUsername(ctx.db, user.username)) {
      throw new AppError('VALIDATION_ERROR', 'That username is taken', { details: 'username' });
    }
    throw error;
  }
  return toUserView(row as UserRow);
}

/**
 * Changing the role revokes the user's tokens: the role and permissions travel in the token,
 * so old tokens would otherwise keep the old rights for up to a day.
 */
export async function updateUserProfile(
  db: Db,
  actor: Principal,
  id: string,
  changes: { name?: string | undefined; email?: string | undefined; role?: Role | undefined },
): Promise<UserView> {
  const user = await requireUser(db, id);
  if (changes.role !== undefined && changes.role !== user.role && user.id === actor.userId) {
    throw new AppError('VALIDATION_ERROR', 'You cannot change your own role');
  }
  const roleChanged = changes.role !== undefined && changes.role !== user.role;
  await db.transaction().execute(async (trx: Db) => {
    await updateUser(trx, id, {
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.email === undefined ? {} : { email: changes.email }),
      ...(changes.role === undefined ? {} : { role: changes.role }),
      updated_at: isoNow(),
    });
    if (roleChanged) await revokeAllTokensOfUser(trx, id);
  });
  return toUserView(await requireUser(db, id));
}

/** Disabling revokes every token at once; a disabled user cannot log in. */
export async function setUserDisabled(
  db: Db,
  actor: Principal,
  id: string,
  disabled: boolean,
): Promise<UserView> {
  const user = await requireUser(db, id);
  if (disabled && user.id === actor.userId) {
    throw new AppError('VALIDATION_ERROR', 'You cannot disable your own account');
  }
  await db.transaction().execute(async (trx: Db) => {
    await updateUser(trx, id, { disabled: disabled ? 1 : 0, updated_at: isoNow() });
    if (disabled) await revokeAllTokensOfUser(trx, id);
  });
  return toUserView(await requireUser(db, id));
}

/** Sets a new password (given, or generated and returned once), marks it must-change, revokes tokens. */
export async function resetUserPassword(
  ctx: IdentityContext,
  id: string,
  newPassword: string | undefined,
): Promise<{ user_id: string; temporary_password?: string; must_change_password: true }> {
  const user = await requireUser(ctx.db, id);
  const password = newPassword ?? generatePassword();
  assertStrongPassword(password, user.username);
  const passwordHash = await ctx.hasher.hash(password);
  await ctx.db.transaction().execute(async (trx: Db) => {
    await updateUser(trx, id, { password_hash: passwordHash, must_change_password: 1, updated_at: isoNow() });
    await revokeAllTokensOfUser(trx, id);
    // The new password is meant to be used at once: no lock from anyone's failures may stand in its way.
    await clearAllLoginFailures(trx, user.username);
  });
  return {
    user_id: id,
    ...(newPassword === undefined ? { temporary_password: password } : {}),
    must_change_password: true,
  };
}

/** Lifts every login lock and failure count of a user, from every address (an admin's unlock). */
export async function unlockUser(db: Db, id: string): Promise<UserView> {
  const user = await requireUser(db, id);
  await clearAllLoginFailures(db, user.username);
  return toUserView(user);
}
