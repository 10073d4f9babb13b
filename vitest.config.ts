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
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/build/**/*.test.ts',
            // The hand-written SQL compiled without a database.
            'apps/server/test/sql-snapshots/**/*.test.ts',
          ],
          environment: 'node',
          // Two at once even where the machine reports two cores (the default there is one).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          // The fault tests start servers and databases of their own: a project of their own, run once.
          exclude: ['apps/server/test/faults/**', 'apps/server/test/sql-snapshots/**'],
          globalSetup: ['apps/server/test/helpers/global-setup.ts'],
          // Every file builds its own app on its own database and nothing mocks modules, so files
          // share a worker's module graph (loading the server per file was a third of the run) and
          // two run at once: most of a file's time is spent waiting on the database and the network.
          isolate: false,
          maxWorkers: 2,
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
          // Two files at once, each worker on a server and a copy of the demo network of its own
          // (e2e/README.md): a file spends much of its time waiting on the browser or the server.
          maxWorkers: 2,
        },
      },
    ],
  },
});
