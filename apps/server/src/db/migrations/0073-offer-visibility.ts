import { sql, type Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * Who sees an offer, access requests and uploaded creatives (docs/operator-console.md, Offers).
 *
 * - `offers.visibility`: `public` (every publisher), `approval_required` (every publisher sees it,
 *   only granted ones run it; the others may ask for access) or `private` (only granted publishers
 *   see it). `is_public` stays, as what the click path and the publisher queries read, and always
 *   equals `visibility = 'public'`: a trigger keeps the two together, whichever a write names (a
 *   write of `is_public` alone, as older code makes, sets `public` or `private`).
 * - `publisher_offers.id`: grants numbered as they are made, for the console's keyset list.
 * - `offer_access_requests`: a publisher's request to run an approval-required offer, one per
 *   offer and publisher, `pending` until an operator approves it (which grants the offer).
 * - `creative_files`: an uploaded creative's image, kept in the database so every process can
 *   serve it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE offers ADD COLUMN visibility text NOT NULL DEFAULT 'public'
      CHECK (visibility IN ('public', 'approval_required', 'private'));
    UPDATE offers SET visibility = 'private' WHERE NOT is_public;

    ALTER TABLE publisher_offers ADD COLUMN id serial;
    CREATE UNIQUE INDEX publisher_offers_id_idx ON publisher_offers (id);

    CREATE TABLE offer_access_requests (
      id serial PRIMARY KEY,
      offer_id integer NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
      publisher_id integer NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved')),
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      UNIQUE (offer_id, publisher_id)
    );
    CREATE INDEX offer_access_requests_publisher_idx ON offer_access_requests (publisher_id, id);

    CREATE TABLE creative_files (
      creative_id integer PRIMARY KEY REFERENCES creatives(id) ON DELETE CASCADE,
      content_type text NOT NULL,
      bytes bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    `,
  );
  await sql
    .raw(
      `CREATE FUNCTION offers_visibility_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF NEW.visibility = 'public' AND NOT NEW.is_public THEN
            NEW.visibility := 'private';
          END IF;
          NEW.is_public := (NEW.visibility = 'public');
        ELSIF NEW.visibility IS DISTINCT FROM OLD.visibility THEN
          NEW.is_public := (NEW.visibility = 'public');
        ELSIF NEW.is_public IS DISTINCT FROM OLD.is_public THEN
          NEW.visibility := CASE WHEN NEW.is_public THEN 'public' ELSE 'private' END;
        END IF;
        RETURN NEW;
      END $$`,
    )
    .execute(db);
  await runSql(
    db,
    `
    CREATE TRIGGER offers_visibility_sync BEFORE INSERT OR UPDATE OF is_public, visibility ON offers
      FOR EACH ROW EXECUTE FUNCTION offers_visibility_sync();
    ALTER TABLE offers ADD CONSTRAINT offers_visibility_public CHECK (is_public = (visibility = 'public'));
    `,
  );
}
