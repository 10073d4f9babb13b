import crypto from 'node:crypto';
import Fastify from 'fastify';
import { securityHeaders } from '../../apps/server/src/plugins/security.ts';

/**
 * The baseline: a bare Fastify server answering the same 302 as a click (the same security
 * headers, click cookie, cache-control and request id, a location as long), nothing decided or stored.
 */
const headers = securityHeaders();
const app = Fastify({ logger: false });
app.get('/c/:offerId/:publisherId', async (_req, reply) => {
  const tid = crypto.randomUUID();
  return reply
    .headers(headers)
    .header('x-request-id', crypto.randomUUID())
    .header('set-cookie', `ptid=${tid}; Path=/; Max-Age=7776000; HttpOnly; SameSite=Lax`)
    .header('cache-control', 'no-store')
    .redirect(`https://shop.example/landing?clickid=${tid}&s1=placement-1`, 302);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
