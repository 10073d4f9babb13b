import type { Command } from 'commander';
import type { WithApp } from '../with-app.ts';
import type { ConversionRefusalReason } from '../../db/types.ts';
import { findRefusals } from '../../modules/tracking/conversion-refusals.ts';
import { capStatus } from '../../modules/tracking/caps.service.ts';
import { accountsService } from '../../modules/accounts/accounts.service.ts';

const REASONS: ConversionRefusalReason[] = [
  'missing_token',
  'bad_token',
  'bad_signature',
  'pixel_not_allowed',
  'postback_not_allowed',
  'unknown_tid',
  'unknown_event',
  'transaction_conflict',
  'lookback_expired',
  'cap_reached',
  'offer_inactive',
  'bad_request',
  'loop',
  'unsigned_event',
  'pixel_repeat',
  'pixel_daily_limit',
];

/** `24h`, `30m`, `7d` before now, or a date/time. */
function since(v: string): Date {
  const rel = /^(\d+)([mhd])$/.exec(v.trim());
  if (rel)
    return new Date(
      Date.now() - Number(rel[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[rel[2] as 'm' | 'h' | 'd'],
    );
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw new Error(`--since takes 30m, 24h, 7d or a date: ${v}`);
  return d;
}

/** Operator commands for the tracking engine: what it refused and why. */
export function registerTrackingCommands(program: Command, withApp: WithApp): void {
  program
    .command('conversion:refusals')
    .description(
      'Refused conversion calls (/postback and /pixel) with their reasons: a count per reason, then the latest',
    )
    .option('--since <when>', '30m, 24h, 7d or a date', since, since('24h'))
    .option('--reason <reason>', `one of ${REASONS.join(', ')}`, (v: string) => {
      if (!(REASONS as string[]).includes(v)) throw new Error(`--reason must be one of ${REASONS.join(', ')}`);
      return v as ConversionRefusalReason;
    })
    .option('--offer <offerId>', 'only this offer', (v: string) => Number(v))
    .option('--limit <n>', 'latest rows to show', (v: string) => Number(v), 20)
    .action((opts: { since: Date; reason?: ConversionRefusalReason; offer?: number; limit: number }) =>
      withApp(async (app) => {
        const r = await findRefusals(app.ctx.db, {
          since: opts.since,
          limit: opts.limit,
          ...(opts.reason ? { reason: opts.reason } : {}),
          ...(opts.offer ? { offerId: opts.offer } : {}),
        });
        if (r.latest.length === 0) {
          console.log(`no refused conversion calls since ${opts.since.toISOString()}`);
          return;
        }
        console.log(`refused since ${opts.since.toISOString()}, by reason:`);
        console.table(r.byReason);
        console.log('latest (count > 1: refusals past an address budget, summed into one row):');
        console.table(r.latest);
      }),
    );

  program
    .command('offer:caps')
    .description(
      "Capped offers' counts for the current UTC day and month, fullest first, with how many came from pixel conversions",
    )
    .option('--offer <offerId>', 'only this offer', positive)
    .action((opts: { offer?: number }) =>
      withApp(async (app) => {
        const rows = await capStatus(app.ctx.db, opts.offer ? { offerId: opts.offer } : {});
        if (rows.length === 0) {
          console.log('no capped offer has conversions in the current day or month');
          return;
        }
        console.table(
          rows.map((r) => ({
            offer: r.offerId,
            name: r.offerName,
            period: `${r.period} ${r.periodStart}`,
            scope: r.publisherId === null ? 'network' : `publisher ${r.publisherId}`,
            count: r.count,
            cap: r.cap,
            full: r.count >= r.cap ? 'yes' : '',
            'by pixel': r.pixelCount,
            'by pixel %': r.count > 0 ? Math.round((r.pixelCount / r.count) * 100) : 0,
          })),
        );
      }),
    );

  program
    .command('publisher:pixel-limit <publisherId> <limit>')
    .description(
      "Set how many unsigned pixel conversions a day the publisher may have ('default': PIXEL_UNSIGNED_DAILY_LIMIT; 0: none)",
    )
    .action((publisherId: string, limit: string) =>
      withApp(async (app) => {
        const n = limit === 'default' ? null : Number(limit);
        if (n !== null && (!Number.isSafeInteger(n) || n < 0))
          throw new Error(`the limit is a whole number ≥ 0 or 'default': ${limit}`);
        if (!(await accountsService.setPixelDailyLimit(app.ctx.db, positive(publisherId), n)))
          throw new Error(`no publisher ${publisherId}`);
        console.log(
          n === null
            ? `publisher ${publisherId}: unsigned pixel conversions per day as PIXEL_UNSIGNED_DAILY_LIMIT (${app.ctx.config.PIXEL_UNSIGNED_DAILY_LIMIT})`
            : `publisher ${publisherId}: at most ${n} unsigned pixel conversions per UTC day`,
        );
      }),
    );
}

const positive = (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`not an id: ${v}`);
  return n;
};
