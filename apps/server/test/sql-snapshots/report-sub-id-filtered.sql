-- $1 = [2,3,2]
-- $2 = ["2026-10-21T22:00:00.000Z","2026-10-22T00:00:00.000Z","2026-10-28T00:00:00.000Z"]
-- $3 = ["2026-10-22T00:00:00.000Z","2026-10-28T00:00:00.000Z","2026-10-28T23:00:00.000Z"]
-- $4 = ["","",""]
-- $5 = ["1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z"]
-- $6 = 2
-- $7 = "2026-10-21T22:00:00.000Z"
-- $8 = "2026-10-28T23:00:00.000Z"
-- $9 = [1,4]
-- $10 = [3]
-- $11 = 2
-- $12 = "2026-10-21T22:00:00.000Z"
-- $13 = "2026-10-28T23:00:00.000Z"
-- $14 = [1,4]
-- $15 = [3]
-- $16 = 21
WITH seg AS (SELECT * FROM unnest($1::int2[], $2::timestamptz[], $3::timestamptz[], $4::text[], $5::timestamptz[]) AS s(grain, f, t, label, origin)),
      agg AS (SELECT r.sub_id, sum(r.clicks)::int8 AS clicks, sum(r.clicks_unique)::int8 AS clicks_unique, sum(r.conversions)::int8 AS conversions, sum(r.partials)::int8 AS partials, sum(r.upsells)::int8 AS upsells, sum(r.earnings) AS earnings FROM (SELECT coalesce(e.s1, '') AS sub_id, e.clicks, e.clicks_unique, e.conversions, e.partials, e.upsells, e.earnings
    FROM (
    SELECT created_at, publisher_id, offer_id, landing_page_id, s1, 1 AS clicks, is_unique::int AS clicks_unique,
      0 AS conversions, 0 AS partials, 0 AS upsells, 0::numeric AS earnings, 0::numeric AS revenue
    FROM clicks WHERE publisher_id = $6 AND created_at >= $7 AND created_at < $8 AND offer_id = ANY($9::int[]) AND coalesce(landing_page_id, 0) = ANY($10::int[])
    UNION ALL
    SELECT created_at, publisher_id, offer_id, landing_page_id, s1, 0, 0, (event_type = 'conversion')::int,
      (event_type = 'partial')::int, (event_type = 'upsell')::int, payout, revenue
    FROM conversions WHERE publisher_id = $11 AND created_at >= $12 AND created_at < $13 AND offer_id = ANY($14::int[]) AND coalesce(landing_page_id, 0) = ANY($15::int[]) AND status = 'approved') e) r GROUP BY 1),
      rows AS (SELECT a.sub_id, a.clicks, a.conversions, a.partials, a.upsells, a.earnings, CASE WHEN a.clicks > 0 THEN round(a.conversions * 100.0 / a.clicks, 2) ELSE 0 END AS cvr, CASE WHEN a.clicks > 0 THEN round(a.earnings / a.clicks, 4) ELSE 0 END AS epc
               FROM agg a )
      SELECT * FROM rows WHERE TRUE ORDER BY sub_id ASC, sub_id ASC LIMIT $16
