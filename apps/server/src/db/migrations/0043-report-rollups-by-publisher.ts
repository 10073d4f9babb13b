import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * Rollups shaped by what each report reads (measured with `npm run bench -- reports`):
 *
 * - `report_publisher_rollups` (publisher, grain, bucket): the daily and hourly reports and every
 *   total without an offer or landing-page filter read at most 96 rows per day from it, where the
 *   per-offer rollup holds one row per offer and landing page per bucket.
 * - `report_subid_rollups` loses offer and landing page from its key: with both in it, a busy
 *   publisher's sub IDs multiplied into about one row per click. A sub-ID report filtered by offer
 *   or landing page reads the raw rows instead. It keeps hour and day buckets only: 15-minute
 *   ones held about a row per click, and the quarter-hours a range in a :30 or :45 zone starts or
 *   ends with are read from the raw rows.
 *
 * Counters are int4 (a bucket never holds 2^31 clicks); sums cast to int8. Both tables are rebuilt
 * from the raw rows here, with the rules of `modules/events`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE report_publisher_rollups (
      publisher_id integer NOT NULL,
      grain smallint NOT NULL CHECK (grain IN (1, 2, 3)),
      bucket timestamptz NOT NULL,
      clicks integer NOT NULL DEFAULT 0,
      clicks_unique integer NOT NULL DEFAULT 0,
      conversions integer NOT NULL DEFAULT 0,
      partials integer NOT NULL DEFAULT 0,
      upsells integer NOT NULL DEFAULT 0,
      earnings numeric(18, 4) NOT NULL DEFAULT 0,
      CONSTRAINT report_publisher_rollups_pkey PRIMARY KEY (publisher_id, grain, bucket)
        INCLUDE (clicks, clicks_unique, conversions, partials, upsells, earnings)
    );

    DROP TABLE report_subid_rollups;
    CREATE TABLE report_subid_rollups (
      publisher_id integer NOT NULL,
      grain smallint NOT NULL CHECK (grain IN (2, 3)),
      bucket timestamptz NOT NULL,
      sub_id text NOT NULL DEFAULT '',
      clicks integer NOT NULL DEFAULT 0,
      clicks_unique integer NOT NULL DEFAULT 0,
      conversions integer NOT NULL DEFAULT 0,
      partials integer NOT NULL DEFAULT 0,
      upsells integer NOT NULL DEFAULT 0,
      earnings numeric(18, 4) NOT NULL DEFAULT 0,
      CONSTRAINT report_subid_rollups_pkey PRIMARY KEY (publisher_id, grain, bucket, sub_id)
        INCLUDE (clicks, clicks_unique, conversions, partials, upsells, earnings)
    );

    INSERT INTO report_publisher_rollups (publisher_id, grain, bucket, clicks, clicks_unique, conversions, partials, upsells, earnings)
    SELECT publisher_id, grain, bucket, sum(clicks), sum(clicks_unique), sum(conversions), sum(partials), sum(upsells), sum(earnings)
    FROM report_rollups GROUP BY publisher_id, grain, bucket;

    INSERT INTO report_subid_rollups (publisher_id, grain, bucket, sub_id, clicks, clicks_unique, conversions, partials, upsells, earnings)
    SELECT publisher_id, g.grain, date_bin(g.width, created_at, timestamptz '2000-01-01 00:00:00+00'), sub_id,
      sum(clicks), sum(clicks_unique), sum(conversions), sum(partials), sum(upsells), sum(earnings)
    FROM (
      SELECT publisher_id, created_at, coalesce(s1, '') AS sub_id, 1 AS clicks, is_unique::int AS clicks_unique,
        0 AS conversions, 0 AS partials, 0 AS upsells, 0::numeric AS earnings
      FROM clicks
      UNION ALL
      SELECT publisher_id, created_at, coalesce(s1, ''), 0, 0, (event_type = 'conversion')::int, (event_type = 'partial')::int,
        (event_type = 'upsell')::int, payout
      FROM conversions WHERE status = 'approved'
    ) e
    CROSS JOIN (VALUES (2::int2, interval '1 hour'), (3::int2, interval '1 day')) AS g(grain, width)
    GROUP BY 1, 2, 3, 4;
    `,
  );
}
