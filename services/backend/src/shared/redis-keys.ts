/**
 * Where every Redis key the backend and its workers write starts: `faraday-<APP_ENV>`, so
 * environments sharing one Redis (development, staging, a test run, production) never count
 * each other's requests or take each other's work. The backend and its workers must agree on
 * APP_ENV. Build Redis keys only from here.
 */
export function redisNamespace(appEnv: string): string {
  return `faraday-${appEnv.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** The rate-limit counters' prefix (the plugin appends the route's and the caller's key). */
export function rateLimitKeyPrefix(appEnv: string): string {
  return `${redisNamespace(appEnv)}:rl:`;
}
