-- $1 = [2]
-- $2 = ["2026-10-21T22:00:00.000Z"]
-- $3 = ["2026-10-28T23:00:00.000Z"]
-- $4 = [""]
-- $5 = ["2000-01-01T00:00:00.000Z"]
-- $6 = 2
-- $7 = 21
WITH seg AS (SELECT * FROM unnest($1::int2[], $2::timestamptz[], $3::timestamptz[], $4::text[], $5::timestamptz[]) AS s(grain, f, t, label, origin)),
      agg AS (SELECT date_bin('1 hour', r.bucket, seg.origin) AS hour_start, sum(r.clicks)::int8 AS clicks, sum(r.clicks_unique)::int8 AS clicks_unique, sum(r.conversions)::int8 AS conversions, sum(r.partials)::int8 AS partials, sum(r.upsells)::int8 AS upsells, sum(r.earnings) AS earnings FROM seg CROSS JOIN LATERAL (
    SELECT r.* FROM "report_publisher_rollups" r
    WHERE r.publisher_id = $6 AND r.grain = seg.grain AND r.bucket >= seg.f AND r.bucket < seg.t  
    OFFSET 0 -- keeps the planner from flattening this into one scan of all the publisher's rows
  ) r GROUP BY 1),
      rows AS (SELECT a.hour_start, a.clicks, a.conversions, a.partials, a.upsells, a.earnings, CASE WHEN a.clicks > 0 THEN round(a.conversions * 100.0 / a.clicks, 2) ELSE 0 END AS cvr, CASE WHEN a.clicks > 0 THEN round(a.earnings / a.clicks, 4) ELSE 0 END AS epc
               FROM agg a )
      SELECT * FROM rows WHERE TRUE ORDER BY hour_start ASC, hour_start ASC LIMIT $7
