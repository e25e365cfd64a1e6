import type { Role } from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { generatePassword, type PasswordHasher, passwordProblems } from '../auth/passwords.js';
import type { BackendConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { isoNow } from '../shared/time.js';
import { countUsers, insertUser } from './users.repository.js';

interface DemoAccount {
  role: Role;
  username: string;
  name: string;
  email: string;
  developmentPassword: string;
}

const demoAccounts: readonly DemoAccount[] = [
  {
    role: 'admin',
    username: 'admin',
    name: 'Administrator',
    email: 'admin@faraday.local',
    developmentPassword: 'admin123',
  },
  {
    role: 'teacher',
    username: 'teacher',
    name: 'Demo Teacher',
    email: 'teacher@faraday.local',
    developmentPassword: 'teacher123',
  },
  {
    role: 'student',
    username: 'student',
    name: 'Demo Student',
    email: 'student@faraday.local',
    developmentPassword: 'student123',
  },
];

/** Thrown at start when a configured demo password may not be used. */
export class DemoPasswordError extends Error {}

/** Whether a username is one of the demo accounts seeded on the first start. */
export function isDemoUsername(username: string): boolean {
  return demoAccounts.some((account) => account.username === username);
}

function initialPassword(
  account: DemoAccount,
  config: BackendConfig,
): { password: string; generated: boolean } {
  const configured = config.demoPasswords[account.role];
  if (configured !== undefined) {
    const problems = passwordProblems(configured, account.username);
    if (problems.length > 0) {
      throw new DemoPasswordError(`DEMO_${account.role.toUpperCase()}_PASSWORD needs ${problems.join(', ')}`);
    }
    if (config.isProduction && configured === account.developmentPassword) {
      throw new DemoPasswordError(
        `DEMO_${account.role.toUpperCase()}_PASSWORD may not be the default in production`,
      );
    }
    return { password: configured, generated: false };
  }
  if (config.isProduction) return { password: generatePassword(), generated: true };
  return { password: account.developmentPassword, generated: false };
}

/**
 * On the first start (no users at all) creates the admin, teacher and student demo accounts,
 * marked must-change. In production the default passwords are never used: they come from the
 * DEMO_*_PASSWORD variables or are generated and printed once here.
 */
export async function seedDemoAccounts(
  db: Db,
  config: BackendConfig,
  hasher: PasswordHasher,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const passwords = demoAccounts.map((account) => initialPassword(account, config));
  if ((await countUsers(db)) > 0) return false;
  const hashes = await Promise.all(passwords.map((p) => hasher.hash(p.password)));
  const now = isoNow();
  try {
    await db.transaction().execute(async (trx: Db) => {
      for (const [i, account] of demoAccounts.entries()) {
        await insertUser(trx, {
          id: newId(),
          username: account.username,
          name: account.name,
          email: account.email,
          role: account.role,
          password_hash: hashes[i]!,
          must_change_password: 1,
          disabled: 0,
          created_at: now,
          updated_at: now,
          last_login: null,
          corpchat_user_id: null,
        });
      }
    });
  } catch (error) {
    // Another instance seeded first (unique usernames); that is fine.
    if ((await countUsers(db)) > 0) return false;
    throw error;
  }
  const lines = demoAccounts.map((account, i) => {
    const { password, generated } = passwords[i]!;
    const shown = generated || !config.isProduction ? password : '(from DEMO_*_PASSWORD)';
    return `${account.role}: ${account.username} / ${shown}`;
  });
  log.warn(`Demo accounts created (change these passwords): ${lines.join('; ')}`);
  return true;
}
