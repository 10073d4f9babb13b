import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase, type Db, type DatabaseHandle } from '../../src/db/database.ts';
import { createPublisher } from '../helpers/factories.ts';
import { freePort } from '../helpers/free-port.ts';
import { startReceiver, type Receiver } from '../helpers/postback-receiver.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createTrackedOffer, createTrackingPostback } from '../helpers/tracking-factories.ts';
import { FaultPortal } from './fault-portal.ts';
import type { LoadTarget } from './fault-load.ts';
import { PgServer } from './pg-server.ts';
import { TcpProxy } from './tcp-proxy.ts';

/**
 * What one fault test runs on: a fresh database (a PostgreSQL cluster of the harness's own, or an
 * embedded one in a data directory of its own), optionally behind the harness's TCP proxy, a
 * publisher with an offer and a postback to a local receiver, and the portal's production process.
 */

export type DbKind = 'postgres' | 'pglite';

export interface BedOptions {
  kind: DbKind;
  /** PostgreSQL: the data directory on a small filesystem of this many MB (F4). */
  dataFsMb?: number;
  /** PostgreSQL: the server reaches its database through the harness's TCP proxy (F3). */
  proxy?: boolean;
  /** Settings for the portal besides the bed's own. */
  env?: Record<string, string>;
}

export interface Fixture {
  publisherId: number;
  offerId: number;
  token: string;
  postbackId: number;
}

/** The portal's settings in every fault test: a production start with short, explicit time-outs. */
export const FAULT_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  DEMO_SEED: 'false',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  TZ: 'UTC',
  POSTBACK_ALLOWED_HOSTS: '127.0.0.1',
  POSTBACK_TIMEOUT_MS: '2000',
  POSTBACK_RETRY_BASE_MS: '500',
  SHUTDOWN_TIMEOUT_SECONDS: '10',
  DATABASE_CONNECT_TIMEOUT_MS: '2000',
  DATABASE_QUERY_TIMEOUT_MS: '3000',
  CLICK_TIMEOUT_MS: '3000',
};

export class FaultBed {
  private constructor(
    readonly kind: DbKind,
    readonly portal: FaultPortal,
    readonly receiver: Receiver,
    readonly fixture: Fixture,
    readonly dataDir: string,
    readonly pg: PgServer | null,
    readonly proxy: TcpProxy | null,
    /** PostgreSQL: the harness's own connection to the database (not through the proxy). */
    private readonly handle: DatabaseHandle | null,
  ) {}

  static async create(entry: string, opts: BedOptions): Promise<FaultBed> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-faults-'));
    const receiver = await startReceiver();
    let pg: PgServer | null = null;
    let proxy: TcpProxy | null = null;
    let handle: DatabaseHandle | null = null;
    try {
      let serverUrl: string | undefined;
      if (opts.kind === 'postgres') {
        pg = await PgServer.create(opts.dataFsMb ? { dataFsMb: opts.dataFsMb } : {});
        pg.start();
        const url = pg.createDatabase();
        serverUrl = url;
        if (opts.proxy) {
          proxy = new TcpProxy('127.0.0.1', pg.port);
          await proxy.listen();
          serverUrl = url.replace(`:${pg.port}/`, `:${proxy.port}/`);
        }
        handle = await openDatabase({ databaseUrl: url, dataDir, poolSize: 2 });
      } else {
        handle = await openDatabase({ dataDir });
      }
      await migrateToLatest(handle.db);
      const fixture = await createFixture(handle.db, receiver);
      if (opts.kind === 'pglite') {
        // The embedded database has one user at a time: the portal, from now on.
        await handle.close();
        handle = null;
      }
      const portal = new FaultPortal(entry, await freePort(), {
        ...FAULT_ENV,
        DATA_DIR: dataDir,
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
        ...(serverUrl ? { DATABASE_URL: serverUrl } : {}),
        ...opts.env,
      });
      return new FaultBed(opts.kind, portal, receiver, fixture, dataDir, pg, proxy, handle);
    } catch (err) {
      await handle?.close().catch(() => {});
      await receiver.close();
      await proxy?.close();
      pg?.remove();
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
  }

  target(): LoadTarget {
    return {
      origin: this.portal.origin,
      offerId: this.fixture.offerId,
      publisherId: this.fixture.publisherId,
      token: this.fixture.token,
    };
  }

  /**
   * Runs `fn` on the database: PostgreSQL through the harness's own connection at any time; the
   * embedded database only while the portal is not running (it has one user at a time).
   */
  async withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    if (this.handle) return fn(this.handle.db);
    if (this.portal.isRunning) throw new Error('the embedded database is in use by the portal');
    const h = await openDatabase({ dataDir: this.dataDir });
    try {
      return await fn(h.db);
    } finally {
      await h.close();
    }
  }

  async close(): Promise<void> {
    await this.portal.terminate(15_000).catch(() => {});
    await this.handle?.close().catch(() => {});
    await this.receiver.close();
    await this.proxy?.close();
    this.pg?.remove();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A publisher, an offer of a new advertiser, and the publisher's postback for it to the receiver. */
async function createFixture(db: Db, receiver: Receiver): Promise<Fixture> {
  const t = { app: { ctx: { db } } } as unknown as TestApp;
  const pub = await createPublisher(t);
  const offer = await createTrackedOffer(t);
  const postbackId = await createTrackingPostback(t, pub.publisherId, {
    value: `${receiver.url}/pb?tid={tid}`,
    offer_id: offer.offerId,
  });
  return { publisherId: pub.publisherId, offerId: offer.offerId, token: offer.token, postbackId };
}
