-- $1 = "{\"2\":3,\"5\":10}"
-- $2 = 10
-- $3 = 10
-- $4 = "30000 milliseconds"
-- $5 = 10
-- $6 = 50
WITH RECURSIVE publishers (publisher_id) AS (
        (SELECT publisher_id FROM postback_deliveries WHERE status = 'pending' ORDER BY publisher_id LIMIT 1)
        UNION ALL
        SELECT (SELECT d.publisher_id FROM postback_deliveries d
                WHERE d.status = 'pending' AND d.publisher_id > p.publisher_id ORDER BY d.publisher_id LIMIT 1)
        FROM publishers p WHERE p.publisher_id IS NOT NULL
      ),
      in_flight AS (
        SELECT key::int AS publisher_id, value::int AS n
        FROM jsonb_each_text($1::jsonb)
      ),
      candidates AS (
        SELECT j.id, j.publisher_id, j.next_attempt_at, coalesce(f.n, 0) AS in_flight
        FROM publishers p
        LEFT JOIN in_flight f ON f.publisher_id = p.publisher_id
        CROSS JOIN LATERAL (
          SELECT d.id, d.publisher_id, d.next_attempt_at FROM postback_deliveries d
          WHERE d.publisher_id = p.publisher_id AND d.status = 'pending' AND d.next_attempt_at <= now()
            AND (d.locked_until IS NULL OR d.locked_until < now())
            AND NOT EXISTS (
              SELECT 1 FROM postback_receivers r
              WHERE r.publisher_id = d.publisher_id AND r.host = d.receiver_host AND r.resume_at > now())
          ORDER BY d.next_attempt_at, d.id
          LIMIT $2
          FOR UPDATE OF d SKIP LOCKED) j
        WHERE p.publisher_id IS NOT NULL AND coalesce(f.n, 0) < $3
      ),
      turns AS (
        SELECT id, in_flight,
          row_number() OVER (PARTITION BY publisher_id ORDER BY next_attempt_at, id) AS turn,
          min(next_attempt_at) OVER (PARTITION BY publisher_id) AS oldest
        FROM candidates
      )
      UPDATE postback_deliveries SET locked_until = now() + $4::interval,
        attempts = attempts + 1, updated_at = now()
      WHERE id IN (
        SELECT id FROM turns WHERE turn <= $5 - in_flight ORDER BY turn, oldest, id LIMIT $6)
      RETURNING id, publisher_id, postback_id, event_key, url, receiver_host, attempts
