import type { BackendEnv } from '../config.js';

/** Which database the backend opens, and how: read from DATABASE_URL or the MYSQL_* variables. */
export type DatabaseTarget =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'mysql'; url: string }
  | { dialect: 'postgres'; url: string; preparedStatements?: boolean };

export function databaseTargetOf(env: BackendEnv): DatabaseTarget {
  const url = env.DATABASE_URL;
  if (url?.startsWith('sqlite:')) return { dialect: 'sqlite', file: url.slice('sqlite:'.length) };
  if (url?.startsWith('mysql:') || url?.startsWith('mariadb:')) {
    return { dialect: 'mysql', url: url.replace(/^mariadb:/, 'mysql:') };
  }
  if (url !== undefined)
    return { dialect: 'postgres', url, preparedStatements: env.DATABASE_PREPARED_STATEMENTS };
  // MYSQL_PORT or MYSQL_HOST (with MYSQL_USER/PASSWORD/DATABASE) also selects MySQL.
  if (env.MYSQL_PORT !== undefined || env.MYSQL_HOST !== undefined) {
    const user = encodeURIComponent(env.MYSQL_USER ?? 'root');
    const password = env.MYSQL_PASSWORD ? `:${encodeURIComponent(env.MYSQL_PASSWORD)}` : '';
    const host = env.MYSQL_HOST ?? '127.0.0.1';
    const database = encodeURIComponent(env.MYSQL_DATABASE ?? 'faraday');
    return {
      dialect: 'mysql',
      url: `mysql://${user}${password}@${host}:${env.MYSQL_PORT ?? 3306}/${database}`,
    };
  }
  return { dialect: 'sqlite', file: `${env.DATA_DIR.replace(/\/$/, '')}/faraday.db` };
}
