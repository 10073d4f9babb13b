-- $1 = 7
batches AS (DELETE FROM click_batches WHERE id = $1 RETURNING clicks, fallbacks), 
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
    )
