import { inject } from 'vitest';

/**
 * The server of this worker (helpers/global-setup.ts starts one per worker, each on its own copy of
 * the seeded demo network). Vitest numbers the workers running at once from 1 (VITEST_POOL_ID), so
 * two files that run side by side never share a server; files that run one after the other on the
 * same worker do, as the whole suite shared one server before.
 */
export function workerServer(): { baseUrl: string; port: number; dataDir: string } {
  const servers = inject('servers');
  const id = Number(process.env['VITEST_POOL_ID'] ?? '1');
  const server = servers[id - 1];
  if (!server) throw new Error(`worker ${id} has no server of its own: ${servers.length} were started`);
  return server;
}
