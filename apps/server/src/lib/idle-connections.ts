import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How a stop closes keep-alive connections without resetting a client's request.
 *
 * Node's `closeIdleConnections()` (which `server.close()` calls, and the stop's sweep after it)
 * destroys every connection that has no request in progress. Under load a keep-alive connection
 * is "idle" for the instant between a response and the client's next request, which is already on
 * its way: destroyed then, that request meets a reset connection. Here a connection is ended (a
 * FIN, after which a client opens a new connection) only once it has been idle for `idleMs`; one
 * that carries a request meanwhile is answered with `Connection: close` (the stop's hooks in
 * app.ts) and closed by Node after that answer.
 */
export function closeIdleConnectionsGently(server: Server, idleMs = 100): void {
  const connections = new Map<Socket, { busy: number; idleSince: number; seenIdle: number }>();
  let sweeps = 0;
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, idleSince: performance.now(), seenIdle: -1 });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: { socket: Socket }, res: { once(event: 'close', fn: () => void): unknown }) => {
    const state = connections.get(req.socket);
    if (!state) return;
    state.busy++;
    state.seenIdle = -1;
    res.once('close', () => {
      state.busy--;
      state.idleSince = performance.now();
    });
  });
  // A connection is ended on the sweep after the one that first saw it idle: between the two the
  // event loop has read what the client sent meanwhile (a request waiting in the socket while the
  // loop was busy, with the embedded database, makes the connection busy again, not idle).
  server.closeIdleConnections = () => {
    sweeps++;
    const now = performance.now();
    for (const [socket, state] of connections) {
      if (state.busy > 0 || now - state.idleSince < idleMs || socket.writableEnded) continue;
      if (state.seenIdle === -1) state.seenIdle = sweeps;
      else if (state.seenIdle < sweeps) socket.end();
    }
  };
}
