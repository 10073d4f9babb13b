import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

/** The real server (click redirect, group commit, reports ingest) on DATABASE_URL or PGlite in DATA_DIR. */
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DEMO_SEED: 'false', PORT: '0', NODE_ENV: 'production' });
const app = await buildApp({ config, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
for (const s of ['SIGTERM', 'SIGINT'] as const) process.on(s, () => void app.close().then(() => process.exit(0)));
