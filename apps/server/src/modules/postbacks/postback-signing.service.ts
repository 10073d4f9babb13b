import crypto from 'node:crypto';
import { sql } from 'kysely';
import { POSTBACK_SIGNING_SECRET_PREFIX, type PostbackSigningSecret } from '@portal/shared';
import type { Db } from '../../db/database.ts';

/** A new secret: `whsec_` + base64 of 32 random bytes (the delivery signs with it: postback-deliveries/postback-signature.ts). */
const newSigningSecret = (): string => POSTBACK_SIGNING_SECRET_PREFIX + crypto.randomBytes(32).toString('base64');

interface SecretRow {
  secret: string;
  created_at: Date | string;
}

const toApi = (r: SecretRow): PostbackSigningSecret => ({
  postback_signing_secret: r.secret,
  created_at: new Date(r.created_at).toISOString(),
});

/**
 * A publisher's postback signing secret: made on first use (reading it or a first delivery),
 * replaced by a rotation. Nothing caches it, so a rotation signs the very next attempt.
 */
export const postbackSigning = {
  /** The current secret, made now if the publisher has none (two racing callers get the same one). */
  async ensure(db: Db, publisherId: number): Promise<SecretRow> {
    const found = await db
      .selectFrom('postback_signing_secrets')
      .select(['secret', 'created_at'])
      .where('publisher_id', '=', publisherId)
      .executeTakeFirst();
    if (found) return found;
    await db
      .insertInto('postback_signing_secrets')
      .values({ publisher_id: publisherId, secret: newSigningSecret() })
      .onConflict((oc) => oc.column('publisher_id').doNothing())
      .execute();
    return db
      .selectFrom('postback_signing_secrets')
      .select(['secret', 'created_at'])
      .where('publisher_id', '=', publisherId)
      .executeTakeFirstOrThrow();
  },

  async read(db: Db, publisherId: number): Promise<PostbackSigningSecret> {
    return toApi(await this.ensure(db, publisherId));
  },

  /** A new secret replaces the old one at once: the old one signs nothing from now on. */
  async rotate(db: Db, publisherId: number): Promise<PostbackSigningSecret> {
    const row = await db
      .insertInto('postback_signing_secrets')
      .values({ publisher_id: publisherId, secret: newSigningSecret() })
      .onConflict((oc) =>
        oc.column('publisher_id').doUpdateSet({ secret: (eb) => eb.ref('excluded.secret'), created_at: sql`now()` }),
      )
      .returning(['secret', 'created_at'])
      .executeTakeFirstOrThrow();
    return toApi(row);
  },
};
