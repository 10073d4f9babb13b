import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../apps/server/test/helpers/free-port.ts';

/** One server process of the browser suite: where it listens, where its files are, how to stop it. */
export interface PortalProcess {
  baseUrl: string;
  port: number;
  /** Its DATA_DIR: the embedded database (pgdata/) and the e-mail outbox (outbox/). */
  dataDir: string;
  stop: () => Promise<void>;
}

export const JWT_SECRET = 'e2e-secret-0123456789abcdef0123456789abcdef';

/**
 * Starts the production bundle on a free port with the demo network (DEMO_SEED seeds an empty
 * database and leaves a seeded one as it is) and waits until it answers its health check.
 */
export async function startPortal(opts: {
  root: string;
  serverBundle: string;
  dataDir: string;
  databaseUrl?: string;
}): Promise<PortalProcess> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, [opts.serverBundle], {
    cwd: opts.root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DEMO_SEED: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET,
      PUBLIC_URL: baseUrl,
      // Each browser context sends its own X-Forwarded-For, so per-address throttles do not
      // add up across the whole suite.
      TRUST_PROXY: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(t);
  };

  const deadline = Date.now() + 170_000;
  for (;;) {
    if (exited) throw new Error(`the server on port ${port} exited during start`);
    try {
      const r = await fetch(`${baseUrl}/api/v1/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server on port ${port} did not become healthy in time`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, port, dataDir: opts.dataDir, stop };
}
