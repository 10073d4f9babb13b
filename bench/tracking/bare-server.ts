import Fastify from 'fastify';

/** The baseline: a bare Fastify server answering the same 302, nothing stored. */
const app = Fastify({ logger: false });
app.get('/c/:offerId/:publisherId', async (_req, reply) => reply.redirect('https://shop.example/landing?clickid=0190b3c2-0000-7000-8000-000000000000', 302));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
