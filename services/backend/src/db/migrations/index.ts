import type { Migration } from 'kysely';
import { createUsers } from './0001-users.js';

/** Every migration in order; names sort in the order they must run. Never edit a shipped one. */
export const migrations: Record<string, Migration> = {
  '0001-users': createUsers,
};
