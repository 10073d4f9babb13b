import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/**
 * The portal's production process as a fault test runs it: `node <bundle>` with the environment
 * of a production start, on one port that a restart keeps. The harness kills it (`kill -9`),
 * signals it (SIGTERM) and starts it again; every line it wrote, over every start, is kept.
 */

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() of the exit. */
  at: number;
}

export class FaultPortal {
  readonly origin: string;
  readonly lines: string[] = [];
  private child: ChildProcess | null = null;
  private exit: Promise<Exit> = Promise.resolve({ code: null, signal: null, at: 0 });
  private running = false;

  constructor(
    private readonly entry: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.origin = `http://127.0.0.1:${port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Spawns the process; resolves once its health check answers (ok or degraded), throws if it exits first. */
  async start(timeoutMs = 90_000): Promise<void> {
    const firstLine = this.lines.length;
    const child = spawn(process.execPath, [this.entry], {
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.running = true;
    let rest = '';
    const onData = (d: Buffer) => {
      const parts = (rest + d.toString()).split('\n');
      rest = parts.pop() ?? '';
      this.lines.push(...parts);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    this.exit = new Promise<Exit>((resolve) =>
      child.once('exit', (code, signal) => {
        if (rest) this.lines.push(rest);
        rest = '';
        this.running = false;
        resolve({ code, signal, at: performance.now() });
      }),
    );
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`the portal exited while starting:\n${this.lines.slice(-30).join('\n')}`);
      if (this.lines.slice(firstLine).some((l) => l.includes('Publisher portal is running'))) return;
      if (Date.now() > deadline) throw new Error(`the portal did not start:\n${this.lines.slice(-30).join('\n')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** `kill -9`: the process ends at once with whatever it had in hand. */
  async kill9(): Promise<Exit> {
    this.child?.kill('SIGKILL');
    return this.exit;
  }

  /** SIGTERM, and the exit that follows (SIGKILL after `killAfterMs` if it never comes). */
  async terminate(killAfterMs = 30_000): Promise<Exit> {
    if (!this.running) return this.exit;
    this.child?.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), killAfterMs);
    const exit = await this.exit;
    clearTimeout(timer);
    return exit;
  }

  get exited(): Promise<Exit> {
    return this.exit;
  }

  /** Resident memory of the process in MB (Linux /proc), or null once it is gone. */
  rssMb(): number | null {
    if (!this.running || !this.child?.pid) return null;
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${this.child.pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : null;
    } catch {
      return null;
    }
  }

  /** Log lines (pino JSON) whose message is `msg`. */
  logged(msg: string): Record<string, unknown>[] {
    const found: Record<string, unknown>[] = [];
    for (const l of this.lines) {
      if (!l.startsWith('{') || !l.includes(msg)) continue;
      try {
        const j = JSON.parse(l) as Record<string, unknown>;
        if (j['msg'] === msg) found.push(j);
      } catch {
        // a banner line
      }
    }
    return found;
  }

  /** The health check's status: 200 ok, 503 degraded, or null when nothing answers within 5 s. */
  async health(): Promise<number | null> {
    try {
      const r = await fetch(`${this.origin}/api/v1/health`, { signal: AbortSignal.timeout(5000) });
      await r.arrayBuffer();
      return r.status;
    } catch {
      return null;
    }
  }
}
