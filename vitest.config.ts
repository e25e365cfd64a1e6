import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@faraday/contracts': src('contracts'),
      '@faraday/server-kit': src('server-kit'),
      '@faraday/physics': src('physics'),
      '@faraday/plot': src('plot'),
    },
  },
  test: {
    include: [
      'test/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'services/*/src/**/*.test.ts',
      'services/*/test/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
