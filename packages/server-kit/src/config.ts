import { isIP } from 'node:net';
import { z } from 'zod';

/** Thrown when the environment does not satisfy a service's config schema; lists every problem. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Reads a service's configuration once, at start. Empty strings count as unset so that
 * `FOO=` in a shell or an .env file falls back to the default instead of failing oddly.
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.output<S> {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') cleaned[key] = value.trim();
  }
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    return `${name}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

/** For entry files: parse, or print the list of problems and stop the process. */
export function loadConfigOrExit<S extends z.ZodType>(service: string, schema: S): z.output<S> {
  try {
    return parseConfig(schema);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`[${service}] cannot start. ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Shared pieces of the services' env schemas. */
export const logLevelSchema = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');

export const logFormatSchema = z.enum(['json', 'pretty']).default('json');

export const portSchema = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** `true/false`, `1/0` or `yes/no`, as people write them in env files. */
export const booleanFlagSchema = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Which peers may tell us the client's address: `false` (none), a hop count (that many proxies
 * in front, nearest first), or the proxies' addresses and CIDR ranges. The client is the nearest
 * address in X-Forwarded-For that is not a trusted proxy, never its client-written left end.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for the private ranges, accepted next to addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as operators write it: `false`/`0` (the default: the socket's peer is the client),
 * `true`/`yes` (one proxy: the address it appended), a hop count, or a comma-separated list of
 * proxy addresses and CIDRs (and loopback, linklocal, uniquelocal).
 */
export const trustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim().toLowerCase();
    if (value === 'false' || value === 'no' || value === '0') return false;
    if (value === 'true' || value === 'yes') return 1;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 16) return hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count is at most 16' });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const wrong = entries.filter((entry) => !isProxyAddressOrRange(entry));
    if (entries.length > 0 && wrong.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be true/false, a hop count, or proxy addresses/CIDRs separated by commas (not: ${wrong.join(', ') || raw})`,
    });
    return z.NEVER;
  });

/**
 * The URL a client on this machine reaches a service at, from where it listens: a wildcard
 * interface (0.0.0.0, ::) is reached through loopback.
 */
export function localServiceUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}
