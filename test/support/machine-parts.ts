import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The parts of a test machine that `npm install` does not bring, how to find each and how to
 * enable the tests that need it. No vitest here: the test files (through optional-parts.ts), the
 * build step of the lanes and the not-run reporter all read it.
 */

export type PartName = 'mysql' | 'postgres' | 'redis' | 'redisServer' | 'chromium';

export interface PartDescription {
  /** What does not run without the part, as the summary names it. */
  suites: string;
  /** The one command or variable that enables it. */
  enable: string;
}

export const partDescriptions: Record<PartName, PartDescription> = {
  mysql: {
    suites: 'MariaDB/MySQL suites',
    enable: 'set TEST_MYSQL_URL=mysql://root@127.0.0.1:3306',
  },
  postgres: {
    suites: 'PostgreSQL suites',
    enable: 'set TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres',
  },
  redis: {
    suites: 'Redis suites',
    enable: 'set REDIS_URL=redis://127.0.0.1:6379',
  },
  redisServer: {
    suites: 'Redis outage suites (they start a redis-server of their own)',
    enable: '`apt-get install redis-server` (redis-server on PATH)',
  },
  chromium: {
    suites: 'browser tests',
    enable: '`apt-get install chromium` or set CHROMIUM_PATH',
  },
};

/** Set to 1 where every optional part must be present (CI): a missing one fails its test file. */
export const REQUIRE_ALL_VARIABLE = 'TEST_REQUIRE_ALL';

type Found = { found: string } | { missing: string };

const fromVariable = (name: string): Found => {
  const value = process.env[name];
  return value ? { found: value } : { missing: `${name} is unset` };
};

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const finders: Record<PartName, () => Found> = {
  mysql: () => fromVariable('TEST_MYSQL_URL'),
  postgres: () => fromVariable('TEST_POSTGRES_URL'),
  redis: () => fromVariable('REDIS_URL'),
  redisServer: () => {
    const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
    const found = dirs.map((dir) => join(dir, 'redis-server')).find(isExecutable);
    return found ? { found } : { missing: 'no redis-server on PATH' };
  },
  chromium: () => {
    const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
    return isExecutable(path) ? { found: path } : { missing: `no Chromium at ${path}` };
  },
};

/** Where a part is, or why it is missing; no side effects (the build step asks this too). */
export function findPart(name: PartName): Found {
  return finders[name]();
}

export const requireAll = (): boolean => process.env[REQUIRE_ALL_VARIABLE] === '1';
