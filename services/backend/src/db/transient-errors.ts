import { setTimeout } from 'node:timers/promises';

/**
 * Errors a database raises when it aborted a transaction to break a deadlock or a
 * serialization conflict; the transaction rolled back whole and is safe to run again.
 * MySQL/MariaDB: ER_LOCK_DEADLOCK (1213); PostgreSQL: 40P01 deadlock, 40001 serialization.
 */
export function isTransientTransactionError(error: unknown): boolean {
  const { code, errno } = (error ?? {}) as { code?: unknown; errno?: unknown };
  return code === 'ER_LOCK_DEADLOCK' || errno === 1213 || code === '40P01' || code === '40001';
}

/**
 * Runs `work`, again (up to `attempts` times in all) when the database aborted it as a deadlock
 * victim. Each retry first waits a short random while that grows with the attempt, so writers
 * that deadlocked together do not meet again in the same order.
 */
export async function retryTransient<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransientTransactionError(error)) throw error;
      await setTimeout(attempt * (5 + Math.random() * 20));
    }
  }
}

/** A unique or primary-key violation, as each of the three databases reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, errno } = (error ?? {}) as { code?: unknown; errno?: unknown };
  return (
    code === 'ER_DUP_ENTRY' ||
    errno === 1062 ||
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
