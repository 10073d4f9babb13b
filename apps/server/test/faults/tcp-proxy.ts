import net from 'node:net';

/**
 * A TCP proxy the harness puts between the server and its database (F3): it passes bytes through,
 * or delays every chunk by a fixed latency (order kept), or stalls (holds every byte, as a network
 * that stopped delivering). Back to `pass`, what it held is delivered in order, as TCP would once
 * the network heals.
 */
export type ProxyMode = { kind: 'pass' } | { kind: 'latency'; ms: number } | { kind: 'stall' };

interface Direction {
  to: net.Socket;
  /** Chunks held while stalled. */
  held: Buffer[];
  /** When the last delayed chunk is due (later chunks go no earlier). */
  lastDue: number;
}

export class TcpProxy {
  private server: net.Server | null = null;
  private mode: ProxyMode = { kind: 'pass' };
  private readonly directions = new Set<Direction>();
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async listen(): Promise<void> {
    this.server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  setMode(mode: ProxyMode): void {
    this.mode = mode;
    if (mode.kind === 'stall') return;
    for (const d of this.directions) {
      // Held chunks are older than any still on a timer: they go out first, now.
      for (const chunk of d.held.splice(0)) if (!d.to.destroyed) d.to.write(chunk);
    }
  }

  /** Connections open through the proxy right now. */
  get connections(): number {
    return this.sockets.size / 2;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(client: net.Socket): void {
    const upstream = net.connect(this.targetPort, this.targetHost);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.setNoDelay(true);
      s.on('error', () => {});
      s.on('close', () => {
        this.sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    const up: Direction = { to: upstream, held: [], lastDue: 0 };
    const down: Direction = { to: client, held: [], lastDue: 0 };
    this.directions.add(up);
    this.directions.add(down);
    client.on('close', () => {
      this.directions.delete(up);
      this.directions.delete(down);
    });
    client.on('data', (chunk: Buffer) => this.forward(up, chunk));
    upstream.on('data', (chunk: Buffer) => this.forward(down, chunk));
  }

  private forward(d: Direction, chunk: Buffer): void {
    const mode = this.mode;
    const now = performance.now();
    // Chunks still on their way (delayed) go first: a new one queues behind them.
    const behind = d.lastDue > now;
    if (mode.kind === 'stall' && !behind) {
      d.held.push(chunk);
      return;
    }
    if (mode.kind === 'pass' && !behind) {
      if (!d.to.destroyed) d.to.write(chunk);
      return;
    }
    const due = Math.max(now + (mode.kind === 'latency' ? mode.ms : 0), d.lastDue);
    d.lastDue = due;
    setTimeout(
      () => {
        if (this.mode.kind === 'stall') d.held.push(chunk);
        else if (!d.to.destroyed) d.to.write(chunk);
      },
      Math.max(0, due - now),
    );
  }
}
