import type { AppContext } from '../../context.ts';
import { SettleLoop } from '../events/events.jobs.ts';
import { ClickWriter } from './click-writer.ts';
import { TrackingCache } from './tracking-cache.ts';
import { deliveryWorker, type DeliveryWorker } from '../postback-deliveries/postback-deliveries.service.ts';
import { TrackingMaintenance } from './maintenance.jobs.ts';
import { ConversionRefusals } from './conversion-refusals.ts';

/**
 * The tracking engine's long-lived parts for one app instance: cache, click writer, workers. The
 * app's job runner starts and stops the workers (tracking.jobs.ts).
 */
export interface TrackingEngine {
  cache: TrackingCache;
  clickWriter: ClickWriter;
  /** Writes the stored click batches out about a second after one commits (the event store's settle). */
  settle: SettleLoop;
  /** Postback delivery's worker (modules/postback-deliveries: the one `deliveryWorker(ctx)` answers). */
  delivery: DeliveryWorker;
  maintenance: TrackingMaintenance;
  /** Refused conversion calls: recorded with their reason, within per-address and overall budgets. */
  refusals: ConversionRefusals;
  /** Where a click goes when neither the offer nor its fallback can take it. */
  fallbackUrl: string;
}

const engines = new WeakMap<AppContext, TrackingEngine>();

export function trackingEngine(ctx: AppContext): TrackingEngine {
  let engine = engines.get(ctx);
  if (engine) return engine;
  const cache = new TrackingCache(ctx);
  const settle = new SettleLoop(ctx.db, {
    onError: (err) => ctx.log.error({ err }, 'stored clicks not written out (retried)'),
    log: ctx.log,
  });
  const clickWriter = new ClickWriter(ctx.db, {
    maxQueue: ctx.config.CLICK_QUEUE_LIMIT,
    writeThrough: ctx.dbKind === 'pglite',
    onCommit: () => settle.kick(),
  });
  const delivery = deliveryWorker(ctx);
  const maintenance = new TrackingMaintenance(ctx);
  const refusals = new ConversionRefusals(ctx.db, ctx.log, {
    perAddress: ctx.config.TRACKING_REFUSAL_LIMIT,
    total: ctx.config.TRACKING_REFUSAL_TOTAL_LIMIT,
  });
  engine = {
    cache,
    clickWriter,
    settle,
    delivery,
    maintenance,
    refusals,
    fallbackUrl: ctx.config.TRACKING_FALLBACK_URL ?? `${ctx.config.publicUrl}/`,
  };
  engines.set(ctx, engine);
  return engine;
}
