import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * Report rollups (docs/reports.md, docs/production.md "Scale"), kept current by the ingestion hooks in the transaction that
 * stores each click and conversion.
 *
 * Every UTC offset in use is a multiple of 15 minutes, so a report range in any zone (+05:30,
 * +05:45, DST days) is an exact union of 15-minute UTC buckets. Reading only 15-minute rows would
 * make a 30-day report scan 4× the hourly rows, so each event is counted at three grains:
 *   1 = 15-minute bucket, 2 = UTC hour, 3 = UTC day.
 * A range is covered by the coarsest buckets that fit wholly inside it (days in the middle, hours,
 * then quarter-hours at the edges); a report grouped by local day or hour only uses a coarse bucket
 * when it falls inside one local day / hour, so grouping stays exact in every zone.
 *
 * The primary key INCLUDEs the metrics so reports are index-only range scans on
 * (publisher_id, grain, bucket). The sub-ID rollup is separate because sub IDs can be nearly as
 * many as clicks; the other reports never read it. landing_page_id 0 and sub_id '' stand for none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE report_rollups (
      publisher_id integer NOT NULL,
      grain smallint NOT NULL CHECK (grain IN (1, 2, 3)),
      bucket timestamptz NOT NULL,
      offer_id integer NOT NULL,
      landing_page_id integer NOT NULL DEFAULT 0,
      clicks bigint NOT NULL DEFAULT 0,
      clicks_unique bigint NOT NULL DEFAULT 0,
      conversions bigint NOT NULL DEFAULT 0,
      partials bigint NOT NULL DEFAULT 0,
      upsells bigint NOT NULL DEFAULT 0,
      earnings numeric(18, 4) NOT NULL DEFAULT 0,
      CONSTRAINT report_rollups_pkey PRIMARY KEY (publisher_id, grain, bucket, offer_id, landing_page_id)
        INCLUDE (clicks, clicks_unique, conversions, partials, upsells, earnings)
    );

    CREATE TABLE report_subid_rollups (
      publisher_id integer NOT NULL,
      grain smallint NOT NULL CHECK (grain IN (1, 2, 3)),
      bucket timestamptz NOT NULL,
      offer_id integer NOT NULL,
      landing_page_id integer NOT NULL DEFAULT 0,
      sub_id text NOT NULL DEFAULT '',
      clicks bigint NOT NULL DEFAULT 0,
      clicks_unique bigint NOT NULL DEFAULT 0,
      conversions bigint NOT NULL DEFAULT 0,
      partials bigint NOT NULL DEFAULT 0,
      upsells bigint NOT NULL DEFAULT 0,
      earnings numeric(18, 4) NOT NULL DEFAULT 0,
      CONSTRAINT report_subid_rollups_pkey PRIMARY KEY (publisher_id, grain, bucket, offer_id, landing_page_id, sub_id)
        INCLUDE (clicks, clicks_unique, conversions, partials, upsells, earnings)
    );
    `,
  );
}
