import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  url: string;
  headers: http.IncomingHttpHeaders;
  at: number;
}

export type ReceiverBehaviour = (req: http.IncomingMessage, res: http.ServerResponse, n: number) => unknown;

/** A local HTTP server that records every request; answers 200 unless told otherwise. */
export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** Requests open right now, and the most seen at once. */
  open: number;
  maxOpen: number;
  behave(fn: ReceiverBehaviour): void;
  close(): Promise<void>;
}

export async function startReceiver(behaviour?: ReceiverBehaviour): Promise<Receiver> {
  let fn: ReceiverBehaviour = behaviour ?? ((_req, res) => res.end('ok'));
  const r: Receiver = {
    url: '',
    port: 0,
    requests: [],
    open: 0,
    maxOpen: 0,
    behave(next) {
      fn = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    r.requests.push({ url: req.url ?? '', headers: req.headers, at: Date.now() });
    r.open++;
    r.maxOpen = Math.max(r.maxOpen, r.open);
    res.on('close', () => r.open--);
    void Promise.resolve(fn(req, res, r.requests.length)).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.port = (server.address() as AddressInfo).port;
  r.url = `http://127.0.0.1:${r.port}`;
  return r;
}
