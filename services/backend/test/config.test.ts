import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError, parseConfig } from '@faraday/server-kit';
import { describe, expect, it } from 'vitest';
import { backendEnvSchema, toBackendConfig } from '../src/config.js';
import { DEV_SECRET_FILE, resolveJwtSecret } from '../src/secrets.js';
import { TEST_SERVICE_TOKEN } from './support/app.js';
import { testDatabaseFactories } from './support/databases.js';

const configFrom = (env: Record<string, string>) =>
  toBackendConfig(parseConfig(backendEnvSchema, { AI_GATEWAY_SHARED_TOKEN: TEST_SERVICE_TOKEN, ...env }));

describe('backend configuration', () => {
  it('defaults to SQLite under ./data, port 8080 and the local AI and sim services', () => {
    const config = configFrom({});
    expect(config.database).toEqual({ dialect: 'sqlite', file: './data/faraday.db' });
    expect(config.port).toBe(8080);
    expect(config.aiServiceUrl).toBe('http://127.0.0.1:8001');
    expect(config.simServiceUrl).toBe('http://127.0.0.1:8002');
  });

  it('selects MySQL or PostgreSQL from DATABASE_URL', () => {
    expect(configFrom({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/f' }).database.dialect).toBe('mysql');
    expect(configFrom({ DATABASE_URL: 'mariadb://root@db/f' }).database).toEqual({
      dialect: 'mysql',
      url: 'mysql://root@db/f',
    });
    expect(configFrom({ DATABASE_URL: 'postgres://u@h/db' }).database.dialect).toBe('postgres');
    expect(configFrom({ DATABASE_URL: 'sqlite:/tmp/x.db' }).database).toEqual({
      dialect: 'sqlite',
      file: '/tmp/x.db',
    });
  });

  it('selects MySQL from MYSQL_PORT and friends', () => {
    const config = configFrom({
      MYSQL_PORT: '3307',
      MYSQL_HOST: 'db.local',
      MYSQL_USER: 'app',
      MYSQL_PASSWORD: 'p@ss word',
      MYSQL_DATABASE: 'faraday',
    });
    expect(config.database).toEqual({
      dialect: 'mysql',
      url: 'mysql://app:p%40ss%20word@db.local:3307/faraday',
    });
  });

  it('refuses production without JWT_SECRET, and lists every other problem with it', () => {
    try {
      configFrom({ APP_ENV: 'prod', BACKEND_PORT: 'eighty', DATABASE_URL: 'oracle://x' });
      expect.unreachable('should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as ConfigError).message;
      expect(text).toContain('JWT_SECRET');
      expect(text).toContain('BACKEND_PORT');
      expect(text).toContain('DATABASE_URL');
    }
  });

  it('generates the development secret once, keeps it private, and reuses it', async () => {
    const [sqlite] = testDatabaseFactories();
    const database = await sqlite!.create();
    try {
      const config = configFrom({ DATA_DIR: database.dataDir });
      const first = resolveJwtSecret(config);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(resolveJwtSecret(config)).toBe(first);
      expect(statSync(`${database.dataDir}/${DEV_SECRET_FILE}`).mode & 0o777).toBe(0o600);
      expect(resolveJwtSecret({ ...config, jwtSecret: 'x'.repeat(40) })).toBe('x'.repeat(40));
    } finally {
      await database.drop();
    }
  });
});

describe('backend process start', () => {
  const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

  it('stops with one readable list of problems when APP_ENV=prod lacks JWT_SECRET and the service token', () => {
    const run = spawnSync(process.execPath, [main], {
      env: { PATH: process.env.PATH, APP_ENV: 'prod', BACKEND_PORT: '-1' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('cannot start');
    expect(run.stderr).toMatch(/JWT_SECRET: is required when APP_ENV=prod/);
    expect(run.stderr).toMatch(/BACKEND_PORT: /);
    expect(run.stderr).toMatch(/AI_GATEWAY_SHARED_TOKEN: is required/);
    expect(run.stderr).not.toMatch(/at .*\.js:\d+/);
  });
});
