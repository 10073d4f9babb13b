import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

/**
 * The real server (click redirect, group commit, reports ingest) on DATABASE_URL or PGlite in
 * DATA_DIR. BENCH_LOG=1 turns the log on at info, to standard output as in production (the bench
 * points it at a file, as a service manager captures it), with TRACKING_LOG as given.
 */
const logging = process.env['BENCH_LOG'] === '1';
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: logging ? 'info' : 'silent',
  DEMO_SEED: 'false',
  PORT: '0',
  NODE_ENV: 'production',
});
const app = await buildApp({ config, ...(logging ? {} : { logger: false }) });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const ready = `READY ${typeof address === 'object' && address ? address.port : 0}`;
// Standard output may be the log file: then the port goes over the IPC channel.
if (process.send) process.send(ready);
else process.stdout.write(`${ready}\n`);
for (const s of ['SIGTERM', 'SIGINT'] as const) process.on(s, () => void app.close().then(() => process.exit(0)));
