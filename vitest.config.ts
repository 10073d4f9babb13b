import { defineConfig } from 'vitest/config';

/**
 * Four projects: `unit` (pure logic beside the code), `api` (the server over HTTP on a fresh
 * database; TEST_DB=pglite|postgres picks which), `faults` (the production process under load while
 * faults are injected; both databases, run once) and `e2e` (real Chromium against the real server).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          // The fault tests start servers and databases of their own: a project of their own, run once.
          exclude: ['apps/server/test/faults/**'],
          globalSetup: ['apps/server/test/helpers/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          env: { TZ: 'UTC' },
        },
      },
      {
        test: {
          name: 'faults',
          include: ['apps/server/test/faults/**/*.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          env: { TZ: 'UTC' },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/helpers/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
