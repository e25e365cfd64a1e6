import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BackendConfig } from './config.js';

export const DEV_SECRET_FILE = 'jwt-secret';

/**
 * The signing secret: JWT_SECRET when set; otherwise (development only; the config schema
 * refuses prod without it) a random secret generated on first start and kept in DATA_DIR, so
 * tokens survive restarts.
 */
export function resolveJwtSecret(config: BackendConfig): string {
  if (config.jwtSecret !== undefined) return config.jwtSecret;
  const file = join(config.dataDir, DEV_SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 'wx' never overwrites a secret another process wrote first; then we read theirs.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
