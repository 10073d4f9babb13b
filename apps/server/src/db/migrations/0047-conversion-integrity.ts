import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * Conversion integrity (docs/tracking.md):
 *
 * - `offers.conversion_method`: how the advertiser reports conversions. 'postback' (server to
 *   server with the advertiser's token, the default), 'pixel' (the thank-you page's pixel only) or
 *   'both'. A pixel carries no secret, so an offer accepts one only when the network said so.
 * - `advertisers.pixel_secret`: the key a thank-you page signs a pixel's query with (HMAC-SHA256),
 *   which is the only way a pixel may carry a sale amount. Kept in clear because the server must
 *   compute the HMAC; existing advertisers get one here.
 * - `conversion_keys.click_id`: an order id (`adv:<adv_transaction_id>`) stays with the click that
 *   recorded it; the same order id for another click is refused (409), never answered as a
 *   duplicate of someone else's conversion.
 * - `conversion_refusals.count`: refusals past an address's per-minute budget are summed into one
 *   row per address and reason instead of a row each; the reasons grow by the new refusals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE offers ADD COLUMN conversion_method text NOT NULL DEFAULT 'postback'
      CHECK (conversion_method IN ('postback', 'pixel', 'both'));

    ALTER TABLE advertisers ADD COLUMN pixel_secret text;

    ALTER TABLE conversion_keys ADD COLUMN click_id uuid;
    UPDATE conversion_keys k SET click_id = c.click_id
      FROM conversions c
      WHERE c.id = k.conversion_id AND k.dedup_key LIKE 'adv:%';

    ALTER TABLE conversion_refusals DROP CONSTRAINT IF EXISTS conversion_refusals_reason_check;
    ALTER TABLE conversion_refusals ADD CONSTRAINT conversion_refusals_reason_check CHECK (reason IN (
      'missing_token', 'bad_token', 'unknown_tid', 'unknown_event', 'lookback_expired', 'cap_reached', 'offer_inactive',
      'bad_request', 'transaction_conflict', 'pixel_not_allowed', 'postback_not_allowed', 'bad_signature', 'loop'));
    ALTER TABLE conversion_refusals ADD COLUMN count integer NOT NULL DEFAULT 1 CHECK (count > 0);
    `,
  );
  const advertisers = await sql<{ id: number }>`SELECT id FROM advertisers WHERE pixel_secret IS NULL`.execute(db);
  for (const a of advertisers.rows) {
    await sql`UPDATE advertisers SET pixel_secret = ${newPixelSecret()} WHERE id = ${a.id}`.execute(db);
  }
}

/** Same form as `networkService` makes them. */
const newPixelSecret = () => `pxs_${crypto.randomBytes(24).toString('base64url')}`;
