import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../helpers/free-port.ts';

/**
 * A PostgreSQL 15 cluster of the harness's own (initdb / pg_ctl), on a port of its own, so that a
 * fault test may stop it, slow it or fill its disk without touching the machine's server that
 * other tests and people use. Its files live on tmpfs (/dev/shm): fast, and gone with the run.
 * PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user.
 */

const BIN = process.env['PG_BIN_DIR'] ?? '/usr/lib/postgresql/15/bin';
const BASE = fs.existsSync('/dev/shm') ? '/dev/shm' : '/tmp';
const asRoot = process.getuid?.() === 0;

function run(cmd: string, args: string[], opts: { allowFail?: boolean } = {}): { ok: boolean; output: string } {
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, cmd), ...args]]
    : [path.join(BIN, cmd), args];
  const r = spawnSync(file, argv, { encoding: 'utf8', timeout: 60_000 });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0 && !opts.allowFail) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${output}`);
  return { ok: r.status === 0, output };
}

/** Why this machine cannot run a cluster of the harness's own, or null when it can. */
export function pgServerUnavailable(): string | null {
  if (!fs.existsSync(path.join(BIN, 'initdb'))) return `no PostgreSQL binaries at ${BIN} (set PG_BIN_DIR)`;
  if (asRoot && spawnSync('id', ['postgres']).status !== 0)
    return 'running as root and there is no postgres user to run PostgreSQL as';
  return null;
}

export interface PgServerOptions {
  /**
   * Put the data directory (not the WAL) on a tmpfs of its own of this many megabytes, which the
   * harness can fill (F4). Needs root (mount); the WAL stays on the roomy tmpfs, so a full disk
   * fails the statements that need space (SQLSTATE 53100) instead of stopping the server.
   */
  dataFsMb?: number;
}

export class PgServer {
  private constructor(
    readonly root: string,
    readonly dataDir: string,
    readonly port: number,
    /** The small filesystem holding the data directory (F4), when there is one. */
    readonly dataMount: string | null,
  ) {}

  static async create(opts: PgServerOptions = {}): Promise<PgServer> {
    const unavailable = pgServerUnavailable();
    if (unavailable) throw new Error(unavailable);
    const root = fs.mkdtempSync(path.join(BASE, 'portal-faults-pg-'));
    fs.chmodSync(root, 0o755);
    let dataMount: string | null = null;
    const dataParent = path.join(root, 'data-fs');
    fs.mkdirSync(dataParent);
    if (opts.dataFsMb) {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${opts.dataFsMb}m,mode=0755`, 'tmpfs', dataParent]);
      dataMount = dataParent;
    }
    const dataDir = path.join(dataParent, 'pgdata');
    const walDir = path.join(root, 'wal');
    const sockets = path.join(root, 'sockets');
    for (const d of [dataDir, walDir, sockets]) fs.mkdirSync(d, { mode: 0o700 });
    if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', root]);
    run('initdb', [
      '-D',
      dataDir,
      '--waldir',
      walDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    const port = await freePort();
    fs.appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${sockets}'`,
        'max_connections = 60',
        'shared_buffers = 32MB',
        // Durability as in production: a reported COMMIT is on disk (the tmpfs makes it cheap).
        'fsync = on',
        'synchronous_commit = on',
        'logging_collector = off',
        '',
      ].join('\n'),
    );
    return new PgServer(root, dataDir, port, dataMount);
  }

  url(database = 'postgres', port = this.port): string {
    return `postgres://postgres@127.0.0.1:${port}/${database}`;
  }

  start(): void {
    run('pg_ctl', ['-D', this.dataDir, '-l', path.join(this.root, 'server.log'), '-w', '-t', '60', 'start']);
  }

  /** `-m immediate`: the server ends at once, as in a crash (F2); `fast` rolls back and ends cleanly. */
  stop(mode: 'immediate' | 'fast'): void {
    run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop'], { allowFail: true });
  }

  isRunning(): boolean {
    return run('pg_ctl', ['-D', this.dataDir, 'status'], { allowFail: true }).ok;
  }

  /** Creates an empty database and answers its URL. */
  createDatabase(): string {
    const name = `portal_faults_${crypto.randomBytes(4).toString('hex')}`;
    run('createdb', ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', name]);
    return this.url(name);
  }

  /** The server's log, for a failure's message. */
  log(): string {
    try {
      return fs.readFileSync(path.join(this.root, 'server.log'), 'utf8');
    } catch {
      return '';
    }
  }

  /** Stops the server and removes every file of it. */
  remove(): void {
    this.stop('immediate');
    if (this.dataMount) spawnSync('umount', ['-l', this.dataMount]);
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}
