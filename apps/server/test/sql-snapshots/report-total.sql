-- $1 = [2,3,2]
-- $2 = ["2026-10-21T22:00:00.000Z","2026-10-22T00:00:00.000Z","2026-10-28T00:00:00.000Z"]
-- $3 = ["2026-10-22T00:00:00.000Z","2026-10-28T00:00:00.000Z","2026-10-28T23:00:00.000Z"]
-- $4 = ["","",""]
-- $5 = ["1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z"]
-- $6 = 2
WITH seg AS (SELECT * FROM unnest($1::int2[], $2::timestamptz[], $3::timestamptz[], $4::text[], $5::timestamptz[]) AS s(grain, f, t, label, origin)),
      s AS (SELECT sum(r.clicks)::int8 AS clicks, sum(r.clicks_unique)::int8 AS clicks_unique, sum(r.conversions)::int8 AS conversions, sum(r.partials)::int8 AS partials, sum(r.upsells)::int8 AS upsells, sum(r.earnings) AS earnings FROM seg CROSS JOIN LATERAL (
    SELECT r.* FROM "report_publisher_rollups" r
    WHERE r.publisher_id = $6 AND r.grain = seg.grain AND r.bucket >= seg.f AND r.bucket < seg.t  
    OFFSET 0 -- keeps the planner from flattening this into one scan of all the publisher's rows
  ) r),
      a AS (SELECT coalesce(clicks, 0) AS clicks, coalesce(clicks_unique, 0) AS clicks_unique, coalesce(conversions, 0) AS conversions,
                   coalesce(partials, 0) AS partials, coalesce(upsells, 0) AS upsells, coalesce(earnings, 0) AS earnings FROM s)
      SELECT a.*, CASE WHEN a.clicks > 0 THEN round(a.conversions * 100.0 / a.clicks, 2) ELSE 0 END AS cvr, CASE WHEN a.clicks > 0 THEN round(a.earnings / a.clicks, 4) ELSE 0 END AS epc FROM a
