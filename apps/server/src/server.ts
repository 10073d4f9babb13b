import { buildApp, type App } from './app.ts';
import { ConfigError, demoSeedWarning, loadConfig, trustProxyWarning, type Config } from './config.ts';
import { DEMO_LOGINS, seedDemoNetwork } from './seed/demo-seed.ts';
import { advertiserCredentials } from './modules/advertisers/advertiser-credentials.service.ts';
import { publishedLoginsRefusal } from './seed/published-logins.ts';

/**
 * The portal's process, as a service manager runs it (docs/production.md). SIGTERM
 * or SIGINT, or the end of the parent that started it with an IPC channel (`npm start`), stops
 * it: no new connections, the requests in flight answered (new ones on open connections get 503),
 * idle connections closed, pending clicks committed, postback attempts in hand finished or given
 * back, the database closed, exit 0, all within SHUTDOWN_TIMEOUT_SECONDS: a second before it, the
 * connections of requests still open are cut. Only a stop that cannot finish even then (a database
 * that does not answer) exits 1 at the bound; whatever it left (stored click batches, claimed
 * postbacks) is taken up at the next start.
 */
/** When a stop cuts the connections still open: 1 s before its bound (at least at three quarters). */
const cutConnectionsAfterMs = (seconds: number) => Math.max(seconds * 1000 - 1000, seconds * 750);

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let app: App | null = null;
  let listening = false;
  let stopping: string | null = null;
  const log = (level: 'info' | 'warn' | 'error', obj: object, msg: string) =>
    app ? app.log[level](obj, msg) : console.error(msg, obj);

  const close = (a: App) => {
    const started = performance.now();
    a.close().then(
      () => {
        a.log.info({ ms: Math.round(performance.now() - started) }, 'stopped');
        process.exit(0);
      },
      (err: unknown) => {
        a.log.error({ err }, 'stop failed');
        process.exit(1);
      },
    );
  };
  const stop = (reason: string) => {
    if (stopping) {
      // A terminal's Ctrl-C reaches both `npm start` (which passes it on) and the server.
      log('warn', { reason }, 'already stopping');
      return;
    }
    stopping = reason;
    const seconds = config.SHUTDOWN_TIMEOUT_SECONDS;
    log('info', { reason, timeoutSeconds: seconds }, 'stopping');
    // A request still open near the bound (a client that never finishes sending, say) is cut, so
    // that the stop still commits the clicks, closes the database and exits 0 within the bound.
    setTimeout(() => {
      if (!app || !listening) return;
      log('warn', { connections: 'all' }, 'requests still open at the stop bound: closing their connections');
      app.server.closeAllConnections();
    }, cutConnectionsAfterMs(seconds)).unref();
    setTimeout(() => {
      log('error', { timeoutSeconds: seconds }, 'stop did not finish in time; exiting');
      process.exit(1);
    }, seconds * 1000).unref();
    // Before it listens, the start sees `stopping` after its current step and closes then.
    if (app && listening) close(app);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // Started with an IPC channel (scripts/start.mjs): when the parent ends, however it ends (even
  // SIGKILL), the channel closes and the portal stops rather than run on unwatched.
  if (process.send) {
    process.on('disconnect', () => stop('parent exited'));
    process.channel?.unref();
  }

  app = await buildApp({ config });
  for (const warning of [demoSeedWarning(config), trustProxyWarning(config)]) if (warning) app.log.warn(warning);
  if (config.DEMO_SEED && !stopping) {
    const { seeded } = await seedDemoNetwork(app.ctx);
    if (seeded) app.log.info('demo network seeded');
  }
  if (stopping) return close(app);
  // Published demo credentials (advertiser tokens and pixel secrets in the repository) must not
  // record money in production, nor the demo network's logins (publishers and the operator) sign
  // in with their published password. A demo on purpose (DEMO_SEED=true, which production never
  // defaults to) has been warned about above.
  if (config.NODE_ENV === 'production' && !config.DEMO_SEED) {
    const refusals = [
      await advertiserCredentials.productionRefusal(app.ctx.db),
      await publishedLoginsRefusal(app.ctx.db),
    ].filter((r): r is string => r !== null);
    if (refusals.length > 0) {
      console.error(refusals.join('\n\n'));
      await app.close();
      process.exit(1);
    }
  }

  await app.listen({ port: config.PORT, host: config.HOST });
  listening = true;
  if (stopping) return close(app);
  const lines = [
    '',
    `  Publisher portal is running at ${config.publicUrl}`,
    `  Database: ${app.database.kind === 'pglite' ? `embedded (${config.DATA_DIR})` : 'PostgreSQL server'}`,
    `  API docs: ${config.publicUrl}/api/docs`,
  ];
  if (config.DEMO_SEED) {
    lines.push('', '  Demo logins:');
    for (const l of DEMO_LOGINS) lines.push(`    ${l.email.padEnd(22)} ${l.password.padEnd(15)} ${l.shows}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
