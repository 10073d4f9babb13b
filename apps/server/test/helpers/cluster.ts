import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { freePort } from './free-port.ts';
import { createDatabase } from './test-db.ts';

/**
 * Several server processes on one PostgreSQL database, as a deployment with replicas runs them:
 * the production bundle (`apps/server/build.mjs`'s settings) started with plain `node`, one port
 * each, the same JWT_SECRET and DATA_DIR. Used by the cluster test and `npm run test:cluster`.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A new, empty database (no migration: the processes started on it migrate it). */
export async function createEmptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return createDatabase('portal_cluster');
}

/**
 * Bundles the server's and the operator CLI's entry points from the current sources into a folder
 * of its own (inside the repository, so the bundle finds node_modules): no build of someone else is
 * overwritten mid-run.
 */
export async function bundleServer(): Promise<{ entry: string; admin: string; remove: () => void }> {
  const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const outdir = path.join(
    serverDir,
    '../../node_modules/.cache',
    `portal-cluster-${process.pid}-${crypto.randomBytes(3).toString('hex')}`,
  );
  await build({
    entryPoints: { server: path.join(serverDir, 'src/server.ts'), admin: path.join(serverDir, 'src/cli/admin.ts') },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: Object.keys(pkg.dependencies),
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    supported: { 'import-attributes': true },
    logLevel: 'error',
  });
  return {
    entry: path.join(outdir, 'server.js'),
    admin: path.join(outdir, 'admin.js'),
    remove: () => fs.rmSync(outdir, { recursive: true, force: true }),
  };
}

/** One server process of the cluster: its current child (a restart replaces it) and every log line it wrote. */
export interface Member {
  index: number;
  port: number;
  origin: string;
  child: ChildProcess;
  /** Lines of every generation of this member, in order. */
  lines: string[];
  /** The child has exited (killed, or crashed). */
  exited: boolean;
  exitCode: number | null;
}

export interface ClusterOptions {
  entry: string;
  databaseUrl: string;
  /** Settings every process gets besides the cluster's own (PORT, DATABASE_URL, DATA_DIR, JWT_SECRET, …). */
  env?: Record<string, string>;
}

export class Cluster {
  readonly members: Member[] = [];
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
  readonly jwtSecret = crypto.randomBytes(32).toString('hex');
  private publicUrl = '';

  constructor(private readonly opts: ClusterOptions) {}

  /** Starts `n` processes at the same moment (not waiting for any to be healthy). */
  async start(n: number): Promise<void> {
    const ports = await Promise.all(Array.from({ length: n }, () => freePort()));
    // One public address for all, as behind a load balancer.
    this.publicUrl = `http://localhost:${ports[0]}`;
    for (const [index, port] of ports.entries()) {
      const member: Member = {
        index,
        port,
        origin: `http://127.0.0.1:${port}`,
        child: null as unknown as ChildProcess,
        lines: [],
        exited: false,
        exitCode: null,
      };
      this.members.push(member);
    }
    for (const m of this.members) this.spawn(m);
  }

  private spawn(m: Member): void {
    m.exited = false;
    m.exitCode = null;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_SEED: 'true',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(m.port),
      DATABASE_URL: this.opts.databaseUrl,
      DATA_DIR: this.dataDir,
      JWT_SECRET: this.jwtSecret,
      PUBLIC_URL: this.publicUrl,
      TZ: 'UTC',
      ...this.opts.env,
    };
    delete env['PUBLIC_TRACKING_URL'];
    const child = spawn(process.execPath, [this.opts.entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    m.child = child;
    let rest = '';
    const onData = (d: Buffer) => {
      const parts = (rest + d.toString()).split('\n');
      rest = parts.pop() ?? '';
      m.lines.push(...parts);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      if (rest) m.lines.push(rest);
      rest = '';
      m.exited = true;
      m.exitCode = code;
    });
  }

  /** Waits until every live member answers its health check; throws if one exits meanwhile. */
  async waitHealthy(timeoutMs = 120_000, members = this.members): Promise<void> {
    await Promise.all(members.map((m) => waitHealthy(m, timeoutMs)));
  }

  /** `kill -9`: the process ends at once, with whatever it had in hand. */
  async kill(m: Member): Promise<void> {
    const exited = new Promise((r) => m.child.once('exit', r));
    m.child.kill('SIGKILL');
    await exited;
  }

  /** Starts the member again on its port (after a kill). */
  restart(m: Member): void {
    this.spawn(m);
  }

  /** Members whose process runs (and is not being killed). */
  live(): Member[] {
    return this.members.filter((m) => !m.exited);
  }

  /** Log lines (pino JSON) of every member whose message is `msg`. */
  logged(msg: string): { member: number; line: Record<string, unknown> }[] {
    const found: { member: number; line: Record<string, unknown> }[] = [];
    for (const m of this.members) {
      for (const l of m.lines) {
        if (!l.startsWith('{')) continue;
        try {
          const j = JSON.parse(l) as Record<string, unknown>;
          if (j['msg'] === msg) found.push({ member: m.index, line: j });
        } catch {
          // a banner line
        }
      }
    }
    return found;
  }

  /** Stops every live member (SIGTERM, then SIGKILL after 15 s) and removes the shared folder. */
  async stop(): Promise<void> {
    await Promise.all(
      this.members.map(async (m) => {
        if (m.exited || !m.child) return;
        const exited = new Promise((r) => m.child.once('exit', r));
        m.child.kill('SIGTERM');
        const t = setTimeout(() => m.child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(t);
      }),
    );
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

async function waitHealthy(m: Member, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (m.exited) throw new Error(`process ${m.index} exited (${m.exitCode}):\n${m.lines.slice(-30).join('\n')}`);
    try {
      if ((await fetch(`${m.origin}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`process ${m.index} did not become healthy:\n${m.lines.slice(-30).join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
