import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../shared/time.js';
import {
  findUserByCorpchatId,
  findUserByUsername,
  insertUser,
  type UserRow,
  updateUser,
} from '../../users/users.repository.js';
import { newUserRow } from '../../users/users.service.js';
import type { IdentityContext } from '../identity-context.js';

/** A member as the provider describes them. */
export interface CorpchatPerson {
  userid: string;
  name: string | undefined;
  email: string | undefined;
}

const USERNAME_MAX = 64;
const NAME_MAX = 100;
const emailSchema = z.email().max(254);
const INSERT_ATTEMPTS = 3;

/** `cc_` and the userid lower-cased, anything outside [a-z0-9._@-] replaced by `_`. */
export function corpchatUsername(userid: string): string {
  return `cc_${userid.toLowerCase().replace(/[^a-z0-9._@-]/g, '_')}`.slice(0, USERNAME_MAX);
}

function displayName(person: CorpchatPerson): string {
  const name = person.name?.trim() || person.userid;
  return [...name].slice(0, NAME_MAX).join('');
}

function usableEmail(email: string | undefined): string {
  return email !== undefined && emailSchema.safeParse(email).success ? email : '';
}

/** The derived username, or (when someone already has it) the same with a random suffix. */
async function pickUsername(db: Db, userid: string): Promise<string> {
  const base = corpchatUsername(userid);
  if (!(await findUserByUsername(db, base))) return base;
  return `${base.slice(0, USERNAME_MAX - 7)}_${randomBytes(3).toString('hex')}`;
}

/**
 * The account of a corporate chat member: found by their userid, or created as a student on
 * their first login. The provider is the source of the name, so a later login refreshes it
 * (and fills in an e-mail address the account lacks). Two first logins of one member racing
 * each other create one account: the unique index on corpchat_user_id refuses the second
 * insert, which then takes the winner's row.
 */
export async function syncCorpchatAccount(ctx: IdentityContext, person: CorpchatPerson): Promise<UserRow> {
  const existing = await findUserByCorpchatId(ctx.db, person.userid);
  if (existing) return refreshProfile(ctx.db, existing, person);

  // Nobody knows this password: the account signs in through the provider until an admin resets it.
  const passwordHash = await ctx.hasher.hash(randomBytes(32).toString('base64url'));
  for (let attempt = 1; ; attempt++) {
    const username = await pickUsername(ctx.db, person.userid);
    const row = {
      ...newUserRow(
        { username, name: displayName(person), email: usableEmail(person.email), role: 'student' },
        passwordHash,
      ),
      must_change_password: 0,
      corpchat_user_id: person.userid,
    };
    try {
      await insertUser(ctx.db, row);
      return row as UserRow;
    } catch (error) {
      const winner = await findUserByCorpchatId(ctx.db, person.userid);
      if (winner) return winner;
      // Not our member's row: either the username was taken meanwhile (try another) or a real failure.
      if (attempt >= INSERT_ATTEMPTS || !(await findUserByUsername(ctx.db, username))) throw error;
    }
  }
}

async function refreshProfile(db: Db, user: UserRow, person: CorpchatPerson): Promise<UserRow> {
  const changes: { name?: string; email?: string } = {};
  if (person.name?.trim() && displayName(person) !== user.name) changes.name = displayName(person);
  const email = usableEmail(person.email);
  if (user.email === '' && email !== '') changes.email = email;
  if (Object.keys(changes).length === 0) return user;
  const updatedAt = isoNow();
  await updateUser(db, user.id, { ...changes, updated_at: updatedAt });
  return { ...user, ...changes, updated_at: updatedAt };
}
