import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { optionalPart } from '../../../../test/support/optional-parts.js';
import type { DatabaseTarget } from '../../src/db/database-target.js';

/** A fresh, empty database for one test file, and how to throw it away. */
export interface TestDatabase {
  name: 'sqlite' | 'mysql' | 'postgres';
  target: DatabaseTarget;
  dataDir: string;
  drop(): Promise<void>;
}

export interface TestDatabaseFactory {
  name: TestDatabase['name'];
  create(): Promise<TestDatabase>;
}

const uniqueName = () => `faraday_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'faraday-test-'));
}

const sqlite: TestDatabaseFactory = {
  name: 'sqlite',
  async create() {
    const dataDir = tempDataDir();
    return {
      name: 'sqlite',
      dataDir,
      target: { dialect: 'sqlite', file: join(dataDir, 'test.db') },
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

export function mysqlFactory(serverUrl: string): TestDatabaseFactory {
  return {
    name: 'mysql',
    async create() {
      const database = uniqueName();
      const admin = await createConnection({ uri: serverUrl });
      await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      const dataDir = tempDataDir();
      return {
        name: 'mysql',
        dataDir,
        target: { dialect: 'mysql', url: url.toString() },
        async drop() {
          const conn = await createConnection({ uri: serverUrl });
          await conn.query(`DROP DATABASE IF EXISTS \`${database}\``);
          await conn.end();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}

export function postgresFactory(serverUrl: string): TestDatabaseFactory {
  return {
    name: 'postgres',
    async create() {
      const database = uniqueName();
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${database}"`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      const dataDir = tempDataDir();
      return {
        name: 'postgres',
        dataDir,
        target: { dialect: 'postgres', url: url.toString() },
        async drop() {
          const conn = new pg.Client({ connectionString: serverUrl });
          await conn.connect();
          await conn.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
          await conn.end();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}

/**
 * SQLite always; MariaDB/MySQL and PostgreSQL when TEST_MYSQL_URL / TEST_POSTGRES_URL point at
 * a server (CI sets both; elsewhere the run ends saying they did not run). Each create() makes its
 * own database, so test files never share state.
 */
export function testDatabaseFactories(): TestDatabaseFactory[] {
  const factories = [sqlite];
  const mysqlUrl = optionalPart('mysql');
  const postgresUrl = optionalPart('postgres');
  if (mysqlUrl) factories.push(mysqlFactory(mysqlUrl));
  if (postgresUrl) factories.push(postgresFactory(postgresUrl));
  return factories;
}
