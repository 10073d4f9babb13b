-- $1 = "2026-11-20T00:00:00.000Z"
-- $2 = "2026-11-01T00:00:00.000Z"
-- $3 = "2026-11-21T00:00:00.000Z"
SELECT r.bucket = $1 AS is_day, sum(r.clicks)::int8 AS clicks, sum(r.conversions)::int8 AS conversions,
      sum(r.partials)::int8 AS partials, sum(r.upsells)::int8 AS upsells, sum(r.earnings) AS payout, sum(r.revenue) AS revenue
    FROM report_publisher_rollups r
    WHERE r.grain = 3 AND r.bucket >= $2 AND r.bucket < $3
    GROUP BY 1
