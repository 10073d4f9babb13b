import fs from 'node:fs';
import path from 'node:path';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type RawBuilder,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/types.ts';
import {
  insertBatch,
  writeOutBatches,
  writeThroughStatement,
  type ClickWrite,
} from '../../src/modules/events/click-batches.repository.ts';
import { rollupCtes, settleStatement } from '../../src/modules/events/events.repository.ts';
import {
  summaryPageStatement,
  summaryTotalStatement,
  type PageQuery,
  type RangeFilter,
  type SummaryKind,
} from '../../src/modules/reports/reports.repository.ts';
import { networkDaysStatement } from '../../src/modules/reports/network-figures.repository.ts';
import { SORTS } from '../../src/modules/reports/reports.rows.ts';
import { claimStatement } from '../../src/modules/postback-deliveries/postback-deliveries.repository.ts';
import { cover, coverByLocalDays, coverByLocalHours, localRange } from '../../src/modules/reports/reports.time.ts';

/**
 * The hand-written SQL, compiled as the server sends it (placeholders, then the parameters) and
 * compared with the `.sql` files beside this test: a change to one of these statements shows here
 * as a diff to review. `UPDATE_SQL_SNAPSHOTS=1` rewrites the files. No database: Kysely compiles
 * the statements for PostgreSQL with a driver that runs nothing.
 */
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const at = new Date('2026-11-20T10:15:30.123Z');
const click: ClickWrite = {
  kind: 'click',
  row: {
    id: '019aa0f2-7c3b-7000-8000-000000000001',
    created_at: at,
    publisher_id: 2,
    offer_id: 1,
    landing_page_id: 3,
    s1: 'placement-1',
    s2: null,
    s3: null,
    s4: null,
    s5: null,
    pub_click_id: 'pc-1',
    pub_source: 'bench',
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0',
  },
};
const fallback: ClickWrite = {
  kind: 'fallback',
  row: {
    created_at: at,
    publisher_id: 2,
    offer_id: 9,
    reason: 'offer_paused',
    redirect_url: 'https://fallback.example/',
    s1: null,
    pub_click_id: null,
    pub_source: null,
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0',
  },
};

/** A week in Europe/Berlin (a DST change inside it), as the reports service scopes one. */
const zone = 'Europe/Berlin';
const week = localRange(zone, '2026-10-22', '2026-10-28');
const range = (segments: RangeFilter['segments'], filtered = false): RangeFilter => ({
  publisherId: 2,
  from: week.from,
  to: week.to,
  segments,
  offerIds: filtered ? [1, 4] : null,
  landingPageIds: filtered ? [3] : null,
});
const page = (kind: SummaryKind, sort: string, after: PageQuery['after'] = null): PageQuery => {
  const spec = SORTS[kind];
  return { sort: spec.cols[sort]!, ties: spec.ties, order: after ? -1 : 1, after, limit: 20 };
};
const summary = (kind: SummaryKind, sort: string, segments: RangeFilter['segments'], filtered = false) =>
  summaryPageStatement(kind, range(segments, filtered), page(kind, sort));

const STATEMENTS: Record<string, () => CompiledQuery | RawBuilder<unknown>> = {
  // The three rollups' upserts every event is counted by.
  'rollup-ctes': () => rollupCtes('source'),
  // The click's path: one row per batch.
  'click-batch-insert': () => insertBatch([click, fallback]),
  // The write-out of stored batches (a share of them, or one by id), and a batch written through.
  'batch-write-out-share': () => writeOutBatches({ share: 400 }),
  'batch-write-out-id': () => writeOutBatches({ id: 7 }),
  'batch-write-through': () => writeThroughStatement([click, fallback]),
  // The settle: batches written out, queued counts added, the rollups upserted.
  'settle-with-queue': () => settleStatement({ share: 400 }, true),
  'settle-batches-only': () => settleStatement({ share: 400 }, false),
  // The summary reports' pages and totals.
  'report-campaign': () => summary('campaign', 'campaign_id', cover(week.from, week.to)),
  'report-campaign-filtered-after': () =>
    summaryPageStatement('campaign', range(cover(week.from, week.to), true), page('campaign', 'clicks', ['120', 4])),
  'report-daily': () => summary('daily', 'day', coverByLocalDays(zone, '2026-10-22', '2026-10-28')),
  'report-hourly': () => summary('hourly', 'hour', coverByLocalHours(zone, '2026-10-22', '2026-10-28')),
  'report-landing-page': () => summary('landing-page', 'landing_page_id', cover(week.from, week.to)),
  'report-sub-id': () => summary('sub-id', 'sub_id', cover(week.from, week.to)),
  // In a :30 zone the range's edge quarter-hours come from the raw rows.
  'report-sub-id-half-hour-zone': () => {
    const r = localRange('Asia/Kolkata', '2026-10-22', '2026-10-28');
    return summaryPageStatement('sub-id', { ...range(cover(r.from, r.to)), ...r }, page('sub-id', 'sub_id'));
  },
  'report-sub-id-filtered': () => summary('sub-id', 'sub_id', cover(week.from, week.to), true),
  'report-total': () => summaryTotalStatement(range(cover(week.from, week.to))),
  // The network's today and month to date (the console's Overview): day rows of every publisher.
  'network-days': () =>
    networkDaysStatement(
      new Date('2026-11-01T00:00:00Z'),
      new Date('2026-11-20T00:00:00Z'),
      new Date('2026-11-21T00:00:00Z'),
    ),
  // The postback delivery claim: fair between publishers, none to a receiver backing off.
  'delivery-claim': () =>
    claimStatement(
      50,
      30_000,
      10,
      new Map([
        [2, 3],
        [5, 10],
      ]),
    ),
};

const dir = import.meta.dirname;
const update = process.env['UPDATE_SQL_SNAPSHOTS'] === '1';

function render(q: CompiledQuery | RawBuilder<unknown>): string {
  const compiled = 'compile' in q ? q.compile(db) : q;
  const params = compiled.parameters.map((p, i) => `-- $${i + 1} = ${JSON.stringify(p)}`);
  return [...(params.length > 0 ? params : ['-- no parameters']), compiled.sql.trim(), ''].join('\n');
}

describe('SQL snapshots: the hand-written statements as compiled', () => {
  for (const [name, build] of Object.entries(STATEMENTS)) {
    it(name, () => {
      const file = path.join(dir, `${name}.sql`);
      const actual = render(build());
      if (update) {
        fs.writeFileSync(file, actual);
        return;
      }
      expect(fs.existsSync(file), `${name}.sql is missing: run with UPDATE_SQL_SNAPSHOTS=1 and review it`).toBe(true);
      // On a difference vitest prints the diff; UPDATE_SQL_SNAPSHOTS=1 accepts it.
      expect(actual, `${name}.sql differs (UPDATE_SQL_SNAPSHOTS=1 rewrites it)`).toBe(fs.readFileSync(file, 'utf8'));
    });
  }

  it('keeps no snapshot of a statement it no longer compiles', () => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sql'));
    const stale = files.filter((f) => !(f.slice(0, -4) in STATEMENTS));
    if (update) for (const f of stale) fs.rmSync(path.join(dir, f));
    else expect(stale).toEqual([]);
  });
});
