import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CreativesTable, LandingPagesTable, OfferEventsTable, OffersTable } from '../../db/types.ts';

/**
 * The SQL of the network's offer catalogue: offers and their parts (landing pages, creatives, events),
 * access grants, and what the tracking engine reads of them. Advertisers are modules/advertisers'.
 */
export const offerCatalogueRepository = {
  insertOffer: (db: Db, v: Insertable<OffersTable>) =>
    db.insertInto('offers').values(v).returning('id').executeTakeFirstOrThrow(),
  updateOffer: (db: Db, id: number, v: Updateable<OffersTable>) =>
    db.updateTable('offers').set(v).where('id', '=', id).executeTakeFirst(),
  findOffer: (db: Db, id: number) => db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst(),
  findOfferByName: (db: Db, advertiserId: number, name: string) =>
    db
      .selectFrom('offers')
      .select('id')
      .where('advertiser_id', '=', advertiserId)
      .where('name', '=', name)
      .orderBy('id')
      .executeTakeFirst(),
  listOffers: (db: Db, advertiserId?: number) => {
    let q = db
      .selectFrom('offers')
      .select([
        'id',
        'advertiser_id',
        'name',
        'status',
        'payout',
        'payout_type',
        'conversion_method',
        'is_public',
        'daily_cap',
        'monthly_cap',
        'cap_scope',
        'expire_date',
      ])
      .orderBy('id');
    if (advertiserId !== undefined) q = q.where('advertiser_id', '=', advertiserId);
    return q.execute();
  },

  insertLandingPage: (db: Db, v: Insertable<LandingPagesTable>) =>
    db.insertInto('landing_pages').values(v).returning('id').executeTakeFirstOrThrow(),
  updateLandingPage: (db: Db, id: number, v: Updateable<LandingPagesTable>) =>
    db.updateTable('landing_pages').set(v).where('id', '=', id).executeTakeFirst(),
  findLandingPage: (db: Db, id: number) =>
    db.selectFrom('landing_pages').selectAll().where('id', '=', id).executeTakeFirst(),
  landingPagesOf: (db: Db, offerId: number) =>
    db.selectFrom('landing_pages').selectAll().where('offer_id', '=', offerId).orderBy('id').execute(),
  clearDefaultLandingPage: (db: Db, offerId: number) =>
    db
      .updateTable('landing_pages')
      .set({ is_default: false })
      .where('offer_id', '=', offerId)
      .where('is_default', '=', true)
      .execute(),
  deleteLandingPage: (db: Db, id: number) => db.deleteFrom('landing_pages').where('id', '=', id).executeTakeFirst(),

  insertCreative: (db: Db, v: Insertable<CreativesTable>) =>
    db.insertInto('creatives').values(v).returning('id').executeTakeFirstOrThrow(),
  updateCreative: (db: Db, id: number, v: Updateable<CreativesTable>) =>
    db.updateTable('creatives').set(v).where('id', '=', id).executeTakeFirst(),
  deleteCreative: (db: Db, id: number) => db.deleteFrom('creatives').where('id', '=', id).executeTakeFirst(),
  creativesOf: (db: Db, offerId: number) =>
    db.selectFrom('creatives').selectAll().where('offer_id', '=', offerId).orderBy('id').execute(),

  insertEvent: (db: Db, v: Insertable<OfferEventsTable>) =>
    db.insertInto('offer_events').values(v).returning('id').executeTakeFirstOrThrow(),
  updateEvent: (db: Db, id: number, v: Updateable<OfferEventsTable>) =>
    db.updateTable('offer_events').set(v).where('id', '=', id).executeTakeFirst(),
  findEvent: (db: Db, id: number) => db.selectFrom('offer_events').selectAll().where('id', '=', id).executeTakeFirst(),
  eventsOf: (db: Db, offerId: number) =>
    db.selectFrom('offer_events').selectAll().where('offer_id', '=', offerId).orderBy('id').execute(),
  clearBaseEvent: (db: Db, offerId: number) =>
    db
      .updateTable('offer_events')
      .set({ is_base: false })
      .where('offer_id', '=', offerId)
      .where('is_base', '=', true)
      .execute(),

  grant: (db: Db, publisherId: number, offerId: number) =>
    db
      .insertInto('publisher_offers')
      .values({ publisher_id: publisherId, offer_id: offerId })
      .onConflict((oc) => oc.doNothing())
      .execute(),
  revoke: (db: Db, publisherId: number, offerId: number) =>
    db
      .deleteFrom('publisher_offers')
      .where('publisher_id', '=', publisherId)
      .where('offer_id', '=', offerId)
      .executeTakeFirst(),
  grantsOf: (db: Db, offerId: number) =>
    db
      .selectFrom('publisher_offers')
      .innerJoin('publishers', 'publishers.id', 'publisher_offers.publisher_id')
      .select(['publishers.id', 'publishers.name', 'publisher_offers.created_at'])
      .where('publisher_offers.offer_id', '=', offerId)
      .orderBy('publishers.id')
      .execute(),
  publisherExists: async (db: Db, id: number) =>
    !!(await db.selectFrom('publishers').select('id').where('id', '=', id).executeTakeFirst()),

  /* What the tracking engine reads (offer-catalogue.service.ts, forTracking). */
  grantedPublisherIds: async (db: Db, offerId: number) =>
    (await db.selectFrom('publisher_offers').select('publisher_id').where('offer_id', '=', offerId).execute()).map(
      (r) => r.publisher_id,
    ),
  expireOffers: (db: Db, today: string) =>
    db
      .updateTable('offers')
      .set({ status: 'expired' })
      .where('status', 'in', ['active', 'ready'])
      .where('expire_date', '<', today)
      .execute(),
  expiredOffersSince: (db: Db, sinceDay: string) =>
    db
      .selectFrom('offers')
      .select(['id', 'name'])
      .where('status', '=', 'expired')
      .where((eb) => eb.or([eb('expire_date', 'is', null), eb('expire_date', '>=', sinceDay)]))
      .execute(),
};
