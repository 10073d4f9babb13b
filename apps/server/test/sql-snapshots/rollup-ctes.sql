-- no parameters
rollup_publisher AS (
      INSERT INTO report_publisher_rollups AS r (publisher_id, grain, bucket, clicks, clicks_unique, conversions, partials, upsells, earnings, revenue)
      SELECT e.publisher_id, g.grain, date_bin(g.width, e.created_at, timestamptz '2000-01-01 00:00:00+00'), sum(e.clicks), sum(e.clicks_unique), sum(e.conversions), sum(e.partials), sum(e.upsells), sum(e.earnings), sum(e.revenue) FROM source e CROSS JOIN (VALUES (1::int2, interval '15 minutes'), (2::int2, interval '1 hour'), (3::int2, interval '1 day')) AS g(grain, width)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (publisher_id, grain, bucket) DO UPDATE SET clicks = r.clicks + EXCLUDED.clicks, clicks_unique = r.clicks_unique + EXCLUDED.clicks_unique, conversions = r.conversions + EXCLUDED.conversions, partials = r.partials + EXCLUDED.partials, upsells = r.upsells + EXCLUDED.upsells, earnings = r.earnings + EXCLUDED.earnings, revenue = r.revenue + EXCLUDED.revenue
    ),
    rollup_offer AS (
      INSERT INTO report_rollups AS r (publisher_id, grain, bucket, offer_id, landing_page_id, clicks, clicks_unique, conversions, partials, upsells, earnings)
      SELECT e.publisher_id, g.grain, date_bin(g.width, e.created_at, timestamptz '2000-01-01 00:00:00+00'), e.offer_id, coalesce(e.landing_page_id, 0), sum(e.clicks), sum(e.clicks_unique), sum(e.conversions), sum(e.partials), sum(e.upsells), sum(e.earnings) FROM source e CROSS JOIN (VALUES (1::int2, interval '15 minutes'), (2::int2, interval '1 hour'), (3::int2, interval '1 day')) AS g(grain, width)
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (publisher_id, grain, bucket, offer_id, landing_page_id) DO UPDATE SET clicks = r.clicks + EXCLUDED.clicks, clicks_unique = r.clicks_unique + EXCLUDED.clicks_unique, conversions = r.conversions + EXCLUDED.conversions, partials = r.partials + EXCLUDED.partials, upsells = r.upsells + EXCLUDED.upsells, earnings = r.earnings + EXCLUDED.earnings
    ),
    rollup_sub AS (
      INSERT INTO report_subid_rollups AS r (publisher_id, grain, bucket, sub_id, clicks, clicks_unique, conversions, partials, upsells, earnings)
      SELECT e.publisher_id, g.grain, date_bin(g.width, e.created_at, timestamptz '2000-01-01 00:00:00+00'), coalesce(e.s1, ''), sum(e.clicks), sum(e.clicks_unique), sum(e.conversions), sum(e.partials), sum(e.upsells), sum(e.earnings) FROM source e CROSS JOIN (VALUES (2::int2, interval '1 hour'), (3::int2, interval '1 day')) AS g(grain, width)
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, coalesce(e.s1, '') COLLATE "C" -- any fixed order will do; "C" is the cheapest
      ON CONFLICT (publisher_id, grain, bucket, sub_id) DO UPDATE SET clicks = r.clicks + EXCLUDED.clicks, clicks_unique = r.clicks_unique + EXCLUDED.clicks_unique, conversions = r.conversions + EXCLUDED.conversions, partials = r.partials + EXCLUDED.partials, upsells = r.upsells + EXCLUDED.upsells, earnings = r.earnings + EXCLUDED.earnings
    )
