-- $1 = [2,2,2,2,2,2,2]
-- $2 = ["2026-10-21T22:00:00.000Z","2026-10-22T22:00:00.000Z","2026-10-23T22:00:00.000Z","2026-10-24T22:00:00.000Z","2026-10-25T23:00:00.000Z","2026-10-26T23:00:00.000Z","2026-10-27T23:00:00.000Z"]
-- $3 = ["2026-10-22T22:00:00.000Z","2026-10-23T22:00:00.000Z","2026-10-24T22:00:00.000Z","2026-10-25T23:00:00.000Z","2026-10-26T23:00:00.000Z","2026-10-27T23:00:00.000Z","2026-10-28T23:00:00.000Z"]
-- $4 = ["2026-10-22","2026-10-23","2026-10-24","2026-10-25","2026-10-26","2026-10-27","2026-10-28"]
-- $5 = ["1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z"]
-- $6 = 2
-- $7 = 21
WITH seg AS (SELECT * FROM unnest($1::int2[], $2::timestamptz[], $3::timestamptz[], $4::text[], $5::timestamptz[]) AS s(grain, f, t, label, origin)),
      agg AS (SELECT seg.label AS day, sum(r.clicks)::int8 AS clicks, sum(r.clicks_unique)::int8 AS clicks_unique, sum(r.conversions)::int8 AS conversions, sum(r.partials)::int8 AS partials, sum(r.upsells)::int8 AS upsells, sum(r.earnings) AS earnings FROM seg CROSS JOIN LATERAL (
    SELECT r.* FROM "report_publisher_rollups" r
    WHERE r.publisher_id = $6 AND r.grain = seg.grain AND r.bucket >= seg.f AND r.bucket < seg.t  
    OFFSET 0 -- keeps the planner from flattening this into one scan of all the publisher's rows
  ) r GROUP BY 1),
      rows AS (SELECT a.day, a.clicks, a.conversions, a.partials, a.upsells, a.earnings, CASE WHEN a.clicks > 0 THEN round(a.conversions * 100.0 / a.clicks, 2) ELSE 0 END AS cvr, CASE WHEN a.clicks > 0 THEN round(a.earnings / a.clicks, 4) ELSE 0 END AS epc
               FROM agg a )
      SELECT * FROM rows WHERE TRUE ORDER BY day ASC, day ASC LIMIT $7
