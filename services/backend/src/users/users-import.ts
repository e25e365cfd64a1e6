import { AppError, createUserRequestSchema } from '@faraday/contracts';
import { parse } from 'csv-parse/sync';
import type { IdentityContext } from '../auth/identity-context.js';
import { generatePassword, passwordProblems } from '../auth/passwords.js';
import type { Db } from '../db/database.js';
import { insertUser, type NewUserRow, normaliseUsername } from './users.repository.js';
import { newUserRow } from './users.service.js';

export const MAX_IMPORT_ROWS = 1000;

export interface ImportRowResult {
  row: number;
  username: string;
  status: 'created' | 'failed' | 'not_imported';
  user_id?: string;
  temporary_password?: string;
  reason?: string;
}

function parseCsv(csv: string): Record<string, string>[] {
  try {
    return parse(csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      // The password column is optional row by row: a short row leaves it empty.
      relax_column_count: true,
    });
  } catch (error) {
    throw new AppError('VALIDATION_ERROR', 'The CSV could not be read', {
      details: error instanceof Error ? error.message : String(error),
    });
  }
}

async function existingUsernames(db: Db, usernames: string[]): Promise<Set<string>> {
  if (usernames.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('username').where('username', 'in', usernames).execute();
  return new Set(rows.map((r) => r.username));
}

/**
 * Creates accounts from CSV (header: username,name,email,role[,password]). Each row is judged
 * on its own and reported ("field: problem" in the validator's wording, which the app
 * translates). A file is imported whole or not at all: with any row refused, nothing is written
 * and the good rows are reported as not imported, so fixing the file and sending it again is
 * safe. Generated passwords are returned once.
 */
export async function importUsersFromCsv(ctx: IdentityContext, csv: string): Promise<ImportRowResult[]> {
  const records = parseCsv(csv);
  if (records.length === 0) throw new AppError('VALIDATION_ERROR', 'The CSV has no data rows');
  if (records.length > MAX_IMPORT_ROWS) {
    throw new AppError('VALIDATION_ERROR', `At most ${MAX_IMPORT_ROWS} rows per import`);
  }
  const taken = await existingUsernames(
    ctx.db,
    records.map((r) => normaliseUsername(r.username ?? '')),
  );
  const results: ImportRowResult[] = [];
  const accepted: { result: ImportRowResult; password: string; row: Omit<NewUserRow, 'password_hash'> }[] =
    [];
  for (const [index, record] of records.entries()) {
    const parsed = createUserRequestSchema.safeParse({
      ...record,
      password: record.password || generatePassword(),
    });
    const username = normaliseUsername(record.username ?? '');
    const result: ImportRowResult = { row: index + 1, username, status: 'failed' };
    results.push(result);
    if (!parsed.success) {
      result.reason = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      continue;
    }
    const weak = passwordProblems(parsed.data.password, username);
    if (weak.length > 0) {
      result.reason = `password: too weak, needs ${weak.join(', ')}`;
      continue;
    }
    if (taken.has(username)) {
      result.reason = 'username: That username is taken';
      continue;
    }
    taken.add(username);
    if (!record.password) result.temporary_password = parsed.data.password;
    accepted.push({ result, password: parsed.data.password, row: newUserRow(parsed.data, '') });
  }
  if (accepted.length < records.length) {
    for (const { result } of accepted) result.status = 'not_imported';
    return results;
  }
  const hashes = await Promise.all(accepted.map((a) => ctx.hasher.hash(a.password)));
  await ctx.db.transaction().execute(async (trx: Db) => {
    for (const [i, { row }] of accepted.entries())
      await insertUser(trx, { ...row, password_hash: hashes[i]! });
  });
  for (const { result, row } of accepted) {
    result.status = 'created';
    result.user_id = row.id;
  }
  return results;
}
