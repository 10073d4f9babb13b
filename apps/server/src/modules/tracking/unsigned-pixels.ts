import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { refusal, type ClickInfo, type ConversionRequest, type OfferEvent, type Refusal } from './conversion.types.ts';
import type { CachedOffer } from './tracking-cache.ts';
import { utcDay } from './tracking-cache.ts';

/**
 * What an unsigned pixel may claim (docs/tracking.md, Pixels). It carries no secret — whoever holds
 * a tid can send it — so it proves one fact: this click's visitor reached the thank-you page. It
 * pays the offer's base event only (another event needs the advertiser's signature), at most once
 * per click, and a publisher's unsigned pixel conversions per UTC day stop at a ceiling the
 * network sets. The once-per-click row and the day's count are written in the conversion's own
 * transaction, so concurrent calls and every process share them, and a refused or rolled-back
 * conversion counts nothing.
 */

export const isUnsignedPixel = (req: Pick<ConversionRequest, 'source' | 'signature'>) =>
  req.source === 'pixel' && !req.signature;

/** The event a conversion call without `event_id` records: the offer's base event. */
export const baseEventOf = (offer: CachedOffer): OfferEvent | undefined =>
  offer.events.find((e) => e.isBase) ?? offer.events[0];

/** An unsigned pixel naming an event other than the base one is refused. */
export function unsignedEventRefusal(
  offer: CachedOffer,
  event: OfferEvent,
  ids: Refusal['ids'],
  click: ClickInfo,
): Refusal | null {
  if (event.id === baseEventOf(offer)?.id) return null;
  return refusal(
    'unsigned_event',
    `An unsigned pixel pays the offer's base event only: event ${event.id} needs the advertiser's signature (&sig=, signed with its pixel secret).`,
    { ids, click },
  );
}

/** Thrown inside the conversion's transaction (which then rolls back): why the pixel is refused. */
export class UnsignedPixelRefused extends Error {
  constructor(readonly reason: 'pixel_repeat' | 'pixel_daily_limit') {
    super(reason);
  }
}

export const UNSIGNED_PIXEL_MESSAGES: Record<UnsignedPixelRefused['reason'], string> = {
  pixel_repeat: 'This click already has its unsigned pixel conversion: an unsigned pixel pays at most once per click.',
  pixel_daily_limit:
    "The publisher's unsigned pixel conversions for today reached the network's daily limit; signed pixels and server postbacks still count.",
};

export interface UnsignedPixelClaim {
  clickId: string;
  offerId: number;
  publisherId: number;
  at: Date;
  /** Unsigned pixel conversions the publisher may have per UTC day. */
  dailyLimit: number;
}

/**
 * Claims the click for its one unsigned pixel conversion and counts it in the publisher's day,
 * in the conversion's transaction; throws UnsignedPixelRefused when either is spent.
 */
export async function claimUnsignedPixel(trx: Db, c: UnsignedPixelClaim): Promise<void> {
  const claimed = await trx
    .insertInto('unsigned_pixel_clicks')
    .values({ click_id: c.clickId, offer_id: c.offerId, publisher_id: c.publisherId, created_at: c.at })
    .onConflict((oc) => oc.column('click_id').doNothing())
    .returning('click_id')
    .executeTakeFirst();
  if (!claimed) throw new UnsignedPixelRefused('pixel_repeat');
  if (c.dailyLimit <= 0) throw new UnsignedPixelRefused('pixel_daily_limit');
  // Raised only while below the limit, so concurrent pixels never overshoot it.
  const row = await sql<{ count: number }>`
    INSERT INTO pixel_day_counts (publisher_id, day, count)
    VALUES (${c.publisherId}, ${utcDay(c.at)}, 1)
    ON CONFLICT (publisher_id, day)
      DO UPDATE SET count = pixel_day_counts.count + 1 WHERE pixel_day_counts.count < ${c.dailyLimit}
    RETURNING count`.execute(trx);
  if (row.rows[0] === undefined) throw new UnsignedPixelRefused('pixel_daily_limit');
}
