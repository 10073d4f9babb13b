-- $1 = [1,2,3,2,1]
-- $2 = ["2026-10-21T18:30:00.000Z","2026-10-21T19:00:00.000Z","2026-10-22T00:00:00.000Z","2026-10-28T00:00:00.000Z","2026-10-28T18:00:00.000Z"]
-- $3 = ["2026-10-21T19:00:00.000Z","2026-10-22T00:00:00.000Z","2026-10-28T00:00:00.000Z","2026-10-28T18:00:00.000Z","2026-10-28T18:30:00.000Z"]
-- $4 = ["","","","",""]
-- $5 = ["1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z","1970-01-01T00:00:00.000Z"]
-- $6 = 2
-- $7 = 2
-- $8 = "2026-10-21T18:30:00.000Z"
-- $9 = "2026-10-21T19:00:00.000Z"
-- $10 = 2
-- $11 = "2026-10-21T18:30:00.000Z"
-- $12 = "2026-10-21T19:00:00.000Z"
-- $13 = 2
-- $14 = "2026-10-28T18:00:00.000Z"
-- $15 = "2026-10-28T18:30:00.000Z"
-- $16 = 2
-- $17 = "2026-10-28T18:00:00.000Z"
-- $18 = "2026-10-28T18:30:00.000Z"
-- $19 = 21
WITH seg AS (SELECT * FROM unnest($1::int2[], $2::timestamptz[], $3::timestamptz[], $4::text[], $5::timestamptz[]) AS s(grain, f, t, label, origin)),
      agg AS (SELECT r.sub_id, sum(r.clicks)::int8 AS clicks, sum(r.clicks_unique)::int8 AS clicks_unique, sum(r.conversions)::int8 AS conversions, sum(r.partials)::int8 AS partials, sum(r.upsells)::int8 AS upsells, sum(r.earnings) AS earnings FROM (SELECT r.sub_id, r.clicks, r.clicks_unique, r.conversions, r.partials, r.upsells, r.earnings
        FROM seg CROSS JOIN LATERAL (
    SELECT r.* FROM "report_subid_rollups" r
    WHERE r.publisher_id = $6 AND r.grain = seg.grain AND r.bucket >= seg.f AND r.bucket < seg.t  
    OFFSET 0 -- keeps the planner from flattening this into one scan of all the publisher's rows
  ) r WHERE seg.grain <> 1 UNION ALL SELECT coalesce(e.s1, '') AS sub_id, e.clicks, e.clicks_unique, e.conversions, e.partials, e.upsells, e.earnings
    FROM (
    SELECT created_at, publisher_id, offer_id, landing_page_id, s1, 1 AS clicks, is_unique::int AS clicks_unique,
      0 AS conversions, 0 AS partials, 0 AS upsells, 0::numeric AS earnings, 0::numeric AS revenue
    FROM clicks WHERE publisher_id = $7 AND created_at >= $8 AND created_at < $9
    UNION ALL
    SELECT created_at, publisher_id, offer_id, landing_page_id, s1, 0, 0, (event_type = 'conversion')::int,
      (event_type = 'partial')::int, (event_type = 'upsell')::int, payout, revenue
    FROM conversions WHERE publisher_id = $10 AND created_at >= $11 AND created_at < $12 AND status = 'approved') e UNION ALL SELECT coalesce(e.s1, '') AS sub_id, e.clicks, e.clicks_unique, e.conversions, e.partials, e.upsells, e.earnings
    FROM (
    SELECT created_at, publisher_id, offer_id, landing_page_id, s1, 1 AS clicks, is_unique::int AS clicks_unique,
      0 AS conversions, 0 AS partials, 0 AS upsells, 0::numeric AS earnings, 0::numeric AS revenue
    FROM clicks WHERE publisher_id = $13 AND created_at >= $14 AND created_at < $15
    UNION ALL
    SELECT created_at, publisher_id, offer_id, landing_page_id, s1, 0, 0, (event_type = 'conversion')::int,
      (event_type = 'partial')::int, (event_type = 'upsell')::int, payout, revenue
    FROM conversions WHERE publisher_id = $16 AND created_at >= $17 AND created_at < $18 AND status = 'approved') e) r GROUP BY 1),
      rows AS (SELECT a.sub_id, a.clicks, a.conversions, a.partials, a.upsells, a.earnings, CASE WHEN a.clicks > 0 THEN round(a.conversions * 100.0 / a.clicks, 2) ELSE 0 END AS cvr, CASE WHEN a.clicks > 0 THEN round(a.earnings / a.clicks, 4) ELSE 0 END AS epc
               FROM agg a )
      SELECT * FROM rows WHERE TRUE ORDER BY sub_id ASC, sub_id ASC LIMIT $19
