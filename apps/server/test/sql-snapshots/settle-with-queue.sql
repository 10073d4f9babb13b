-- no parameters
/* prepared */
    WITH batches AS (DELETE FROM click_batches WHERE ctid = ANY (ARRAY(SELECT ctid FROM click_batches LIMIT 400 FOR UPDATE)) RETURNING clicks, fallbacks), 
    parsed AS (
      SELECT c.*, encode(substring(sha256(convert_to(coalesce(c.a, '') || E'\n' || coalesce(c.g, ''), 'UTF8')) FROM 1 FOR 16), 'hex')::uuid AS v
      FROM batches CROSS JOIN LATERAL json_to_recordset(batches.clicks::json) AS c(i uuid, t float8, p int, o int, l int,
        s1 text, s2 text, s3 text, s4 text, s5 text, k text, r text, a text, g text)
    ),
    input AS (
      SELECT c.i AS id, to_timestamp(c.t / 1000.0) AS created_at, c.p AS publisher_id, c.o AS offer_id,
        c.l AS landing_page_id, c.v AS visitor_hash, c.s1, c.s2, c.s3, c.s4, c.s5,
        c.k AS pub_click_id, c.r AS pub_source, c.a AS ip, c.g AS user_agent,
        row_number() OVER w = 1 AS candidate, c.t - first_value(c.t) OVER w >= 86400000 AS late_unique
      FROM parsed c
      WINDOW w AS (PARTITION BY c.p, c.o, c.v ORDER BY c.t, c.i)
    ),
    won AS (
      INSERT INTO click_uniques (publisher_id, offer_id, visitor_hash, window_start)
      SELECT publisher_id, offer_id, visitor_hash, created_at FROM input WHERE candidate
      ORDER BY publisher_id, offer_id, visitor_hash
      ON CONFLICT (publisher_id, offer_id, visitor_hash) DO UPDATE SET window_start = EXCLUDED.window_start
        WHERE click_uniques.window_start <= EXCLUDED.window_start - interval '24 hours'
      RETURNING publisher_id, offer_id, visitor_hash
    ),
    stored AS (
      INSERT INTO clicks (id, created_at, publisher_id, offer_id, landing_page_id, is_unique, s1, s2, s3, s4, s5,
        pub_click_id, pub_source, ip, user_agent)
      SELECT c.id, c.created_at, c.publisher_id, c.offer_id, c.landing_page_id,
        c.late_unique OR (c.candidate AND won.visitor_hash IS NOT NULL), c.s1, c.s2, c.s3, c.s4, c.s5,
        c.pub_click_id, c.pub_source, c.ip, c.user_agent
      FROM input c
      LEFT JOIN won ON won.publisher_id = c.publisher_id AND won.offer_id = c.offer_id AND won.visitor_hash = c.visitor_hash
      RETURNING created_at, publisher_id, offer_id, landing_page_id, s1, is_unique
    ),
    stored_fallbacks AS (
      INSERT INTO click_fallbacks (created_at, publisher_id, offer_id, reason, redirect_url, s1, pub_click_id, pub_source, ip, user_agent)
      SELECT to_timestamp(f.t / 1000.0), f.p, f.o, f.n, f.u, f.s1, f.k, f.r, f.a, f.g
      FROM batches CROSS JOIN LATERAL json_to_recordset(batches.fallbacks::json) AS f(t float8, p int, o int, n text, u text,
        s1 text, k text, r text, a text, g text)
    ),
    queued AS (DELETE FROM report_rollup_queue
        WHERE ctid = ANY (ARRAY(SELECT ctid FROM report_rollup_queue LIMIT 2000 FOR UPDATE))
        RETURNING *),
    -- Grouped by quarter-hour first: a second of a busy publisher's events holds far fewer keys
    -- than events, and the three rollups' upserts then read the grouped rows.
    ev AS (
      SELECT date_bin(interval '15 minutes', s.created_at, timestamptz '2000-01-01 00:00:00+00') AS created_at,
        s.publisher_id, s.offer_id, s.landing_page_id, s.s1, count(*) AS clicks, count(*) FILTER (WHERE s.is_unique) AS clicks_unique,
        0 AS conversions, 0 AS partials, 0 AS upsells, 0::numeric AS earnings, 0::numeric AS revenue
      FROM stored s
      GROUP BY 1, 2, 3, 4, 5
      UNION ALL
      SELECT date_bin(interval '15 minutes', e.t, timestamptz '2000-01-01 00:00:00+00'),
        e.p, e.o, e.l, e.s,
        count(*) FILTER (WHERE e.k IS NULL), count(*) FILTER (WHERE e.u),
        count(*) FILTER (WHERE e.k = 'conversion'), count(*) FILTER (WHERE e.k = 'partial'),
        count(*) FILTER (WHERE e.k = 'upsell'), coalesce(sum(e.m), 0), coalesce(sum(e.r), 0)
      FROM queued CROSS JOIN LATERAL unnest(queued.publisher_ids, queued.offer_ids, queued.landing_page_ids, queued.sub_ids,
        queued.created_at, queued.uniques, queued.event_types, queued.earnings, queued.revenues) AS e(p, o, l, s, t, u, k, m, r)
      GROUP BY 1, 2, 3, 4, 5
    ),
    
    rollup_publisher AS (
      INSERT INTO report_publisher_rollups AS r (publisher_id, grain, bucket, clicks, clicks_unique, conversions, partials, upsells, earnings, revenue)
      SELECT e.publisher_id, g.grain, date_bin(g.width, e.created_at, timestamptz '2000-01-01 00:00:00+00'), sum(e.clicks), sum(e.clicks_unique), sum(e.conversions), sum(e.partials), sum(e.upsells), sum(e.earnings), sum(e.revenue) FROM ev e CROSS JOIN (VALUES (1::int2, interval '15 minutes'), (2::int2, interval '1 hour'), (3::int2, interval '1 day')) AS g(grain, width)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (publisher_id, grain, bucket) DO UPDATE SET clicks = r.clicks + EXCLUDED.clicks, clicks_unique = r.clicks_unique + EXCLUDED.clicks_unique, conversions = r.conversions + EXCLUDED.conversions, partials = r.partials + EXCLUDED.partials, upsells = r.upsells + EXCLUDED.upsells, earnings = r.earnings + EXCLUDED.earnings, revenue = r.revenue + EXCLUDED.revenue
    ),
    rollup_offer AS (
      INSERT INTO report_rollups AS r (publisher_id, grain, bucket, offer_id, landing_page_id, clicks, clicks_unique, conversions, partials, upsells, earnings)
      SELECT e.publisher_id, g.grain, date_bin(g.width, e.created_at, timestamptz '2000-01-01 00:00:00+00'), e.offer_id, coalesce(e.landing_page_id, 0), sum(e.clicks), sum(e.clicks_unique), sum(e.conversions), sum(e.partials), sum(e.upsells), sum(e.earnings) FROM ev e CROSS JOIN (VALUES (1::int2, interval '15 minutes'), (2::int2, interval '1 hour'), (3::int2, interval '1 day')) AS g(grain, width)
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (publisher_id, grain, bucket, offer_id, landing_page_id) DO UPDATE SET clicks = r.clicks + EXCLUDED.clicks, clicks_unique = r.clicks_unique + EXCLUDED.clicks_unique, conversions = r.conversions + EXCLUDED.conversions, partials = r.partials + EXCLUDED.partials, upsells = r.upsells + EXCLUDED.upsells, earnings = r.earnings + EXCLUDED.earnings
    ),
    rollup_sub AS (
      INSERT INTO report_subid_rollups AS r (publisher_id, grain, bucket, sub_id, clicks, clicks_unique, conversions, partials, upsells, earnings)
      SELECT e.publisher_id, g.grain, date_bin(g.width, e.created_at, timestamptz '2000-01-01 00:00:00+00'), coalesce(e.s1, ''), sum(e.clicks), sum(e.clicks_unique), sum(e.conversions), sum(e.partials), sum(e.upsells), sum(e.earnings) FROM ev e CROSS JOIN (VALUES (2::int2, interval '1 hour'), (3::int2, interval '1 day')) AS g(grain, width)
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, coalesce(e.s1, '') COLLATE "C" -- any fixed order will do; "C" is the cheapest
      ON CONFLICT (publisher_id, grain, bucket, sub_id) DO UPDATE SET clicks = r.clicks + EXCLUDED.clicks, clicks_unique = r.clicks_unique + EXCLUDED.clicks_unique, conversions = r.conversions + EXCLUDED.conversions, partials = r.partials + EXCLUDED.partials, upsells = r.upsells + EXCLUDED.upsells, earnings = r.earnings + EXCLUDED.earnings
    )
    SELECT (SELECT count(*) FROM batches)::int AS batches, (SELECT count(*) FROM queued)::int AS queued
