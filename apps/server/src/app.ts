import crypto from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@portal/shared';
import type { Config } from './config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Db } from './db/database.ts';
import { JwtService } from './lib/jwt.ts';
import { createMailer } from './lib/mailer.ts';
import type { AppContext } from './context.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { statusPostbackRoutes } from './modules/conversions/status-postback.routes.ts';
import { creativeFileRoutes } from './modules/offers/creative-files.routes.ts';
import { onOfferWrite } from './modules/offers/offers-admin.service.ts';
import { trackingEngine } from './modules/tracking/tracking-engine.ts';
import { createJobs } from './plugins/jobs.ts';
import { registerAdminApi } from './plugins/admin-api.ts';
import { registerPublisherApi } from './plugins/publisher-api.ts';
import { loggerOptions, RequestLog } from './lib/request-log.ts';
import { closeIdleConnectionsGently } from './lib/idle-connections.ts';

export interface BuildOptions {
  config: Config;
  /** Use this database instead of opening one from the config (tests share snapshots). */
  database?: DatabaseHandle;
  /** Skip migrations (the caller already migrated). */
  skipMigrations?: boolean;
  logger?: boolean;
  /** Where the log goes (standard output unless given; tests read it). */
  logStream?: NodeJS.WritableStream;
}

export type App = FastifyInstance & { ctx: AppContext; database: DatabaseHandle };

/** A setting made once and kept in the database, so every process of the portal shares it. */
async function settingOnce(db: Db, key: string, make: () => string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value: make() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config } = opts;
  const app = Fastify({
    // One line per request, no secret in any line (lib/request-log.ts, lib/log-url.ts).
    logger: opts.logger === false ? false : loggerOptions(config, opts.logStream),
    logController: new RequestLog(config.trackingLog),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // Our own 503 while stopping (below), so that such a request gets its request line too.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  // While stopping, requests that still arrive on open connections answer 503 at once (a load
  // balancer sends them elsewhere) and close their connection; those already in flight finish.
  let stopping = false;
  // Answers that leave while stopping close their connection after them, once the listener is
  // closed: a client told to close before then would reconnect at once, into the queue of
  // connections the listener's close resets (the client then sees a reset, not a refusal). Idle
  // keep-alive connections are ended, never reset (lib/idle-connections.ts).
  const closesConnection = () => stopping && !app.server.listening;
  app.addHook('onRequest', (_request, reply, done) => {
    if (!stopping) return done();
    if (closesConnection()) void reply.header('connection', 'close');
    void reply
      .code(503)
      .send({ error: { code: ERROR_CODES.UNAVAILABLE, message: 'The server is stopping. Please try again.' } });
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closesConnection()) void reply.header('connection', 'close');
    done(null, payload);
  });
  closeIdleConnectionsGently(app.server);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
    }));
  if (!opts.skipMigrations) await migrateToLatest(database.db);

  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    // The JWT key: JWT_SECRET if set, otherwise one generated once.
    jwt: new JwtService(
      config.JWT_SECRET ??
        (await settingOnce(database.db, 'jwt_secret', () => crypto.randomBytes(48).toString('base64url'))),
      config.ACCESS_TOKEN_TTL_MINUTES * 60,
    ),
    instanceId: await settingOnce(database.db, 'instance_id', () => crypto.randomUUID()),
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, 'outbox'),
      log: app.log,
    }),
    log: app.log,
  };

  // An offer written (console or CLI) reaches the next click: the tracking engine's cache is cleared.
  onOfferWrite(ctx, () => trackingEngine(ctx).cache.clear());

  app.decorateRequest('auth', null);
  registerErrorHandler(app);
  await registerSecurity(app, { publicUrl: config.publicUrl });
  await registerOpenApi(app, { apiKeyRateLimit: config.API_KEY_RATE_LIMIT, publicUrl: config.publicUrl });

  // The publisher API (/api/v1): public, session and session-or-key scopes (plugins/publisher-api.ts).
  await registerPublisherApi(app, ctx);
  // The operator API (/api/admin/v1): its own scope, tokens and roles (plugins/admin-api.ts).
  await registerAdminApi(app, ctx);
  // Tracking engine (/c, /postback, /pixel).
  await app.register(trackingRoutes(ctx));
  // The advertiser's later status changes (/postback/status, docs/money.md).
  await app.register(statusPostbackRoutes(ctx));
  // Uploaded creatives (/media/creatives/{token}), for whoever holds the address.
  await app.register(creativeFileRoutes(ctx));
  // Background jobs (plugins/jobs.ts) start when the app is ready; on close the pending clicks are
  // committed and every job stops before the database closes.
  const jobs = createJobs(ctx);
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', async () => {
    stopping = true;
    // Postback attempts in hand wind down while the requests in flight are answered.
    jobs.beginStop();
    // server.close() closes the connections idle when it starts; one whose response goes out
    // during the stop would stay open (a client's keep-alive) and hold the stop: closed as it idles.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
    // The listener closes when this hook returns, and the kernel resets connections still waiting
    // to be accepted: a turn of the event loop accepts them first (they get the 503 above). Matters
    // with the embedded database, whose statements hold the loop while clients keep connecting.
    await new Promise((resolve) => setImmediate(resolve));
  });
  // A postback to an address the server listens on is a loop (own-addresses.ts).
  app.addHook('onListen', async () => {
    trackingEngine(ctx).delivery.setListeners(app.addresses().flatMap((a) => (typeof a === 'string' ? [] : [a])));
  });
  await registerWebApp(app, config);

  app.addHook('onClose', async () => {
    if (!opts.database) await database.close();
  });
  // onClose hooks run last-registered first: this one runs before the database closes.
  app.addHook('onClose', () => jobs.stop());

  return Object.assign(app, { ctx, database }) as unknown as App;
}
