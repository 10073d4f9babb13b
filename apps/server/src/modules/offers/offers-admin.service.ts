import { sql } from 'kysely';
import { ERROR_CODES, type ListResponse } from '@portal/shared';
import type {
  AdminOffer,
  AdminOfferListQuery,
  AdminOfferRow,
  AdminOfferSave,
} from '@portal/shared/admin/offers.schemas';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, fieldErrors, notFound } from '../../lib/errors.ts';
import { keyset, keysetPage, type SortKey } from '../../lib/keyset.ts';
import { auditService, type Actor } from '../audit/audit.service.ts';
import { NetworkInputError } from '../../lib/network-input.ts';
import { offerCatalogue } from './offer-catalogue.service.ts';
import { offersAdminRepository as repo } from './offers-admin.repository.ts';
import { checkSave, offerFields, saveParts } from './offer-save.ts';

/**
 * The console's Offers area (docs/operator-console.md, Offers): the editor's one save goes through
 * the offer catalogue the CLI uses (offer, events, landing pages), in one transaction with its
 * audit entry; the click path's cache is cleared after every write, so this process's clicks see
 * it at once and the others' within their cache period.
 */
const SORT_KEYS: Record<AdminOfferListQuery['sort'], SortKey> = {
  id: { expr: sql`offers.id`, type: 'int' },
  name: { expr: sql`lower(offers.name) COLLATE "C"`, type: 'text' },
};

/** Runs a network write; its input errors answer as coded field errors (or a 422 without a field). */
export async function asFieldErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof NetworkInputError)) throw e;
    if (Object.keys(e.fields).length > 0) throw fieldErrors(e.fields);
    if (/^no (offer|publisher|landing page|event|creative|advertiser) \d+$/.test(e.message)) throw notFound();
    throw new AppError(422, ERROR_CODES.VALIDATION, e.message);
  }
}

/** What clears the click path's in-memory copy of the offers, per app (registered by app.ts). */
const trackingCacheClears = new WeakMap<AppContext, () => void>();

/**
 * Registers what clears the click path's in-memory copy of the offers (the tracking engine's
 * cache): the app's composition does, so that the offers, which the tracking engine reads, import
 * nothing of it.
 */
export function onOfferWrite(ctx: AppContext, clear: () => void): void {
  trackingCacheClears.set(ctx, clear);
}

/** Clears what the click path holds in memory, so a change reaches the next click. */
export const forgetTracking = (ctx: AppContext) => trackingCacheClears.get(ctx)?.();

async function describe(ctx: AppContext, db: Db, offerId: number): Promise<AdminOffer | null> {
  const offer = await offerCatalogue.findOffer(db, offerId);
  if (!offer) return null;
  const d = await offerCatalogue.describeOffer(db, offerId);
  const uploaded = await repo.uploadedCreativeIds(
    db,
    d.creatives.map((c) => c.id),
  );
  return {
    id: offer.id,
    name: offer.name,
    advertiser_id: offer.advertiser_id,
    advertiser_name: await repo.advertiserName(db, offer.advertiser_id),
    status: offer.status,
    description: offer.description,
    preview_url: offer.preview_url,
    geos: offer.geos,
    tags: offer.tags,
    expire_date: offer.expire_date,
    visibility: offer.visibility,
    conversion_method: offer.conversion_method,
    daily_cap: offer.daily_cap,
    monthly_cap: offer.monthly_cap,
    cap_scope: offer.cap_scope,
    conversion_approval: offer.conversion_approval,
    hold_days: offer.hold_days,
    min_ctit_seconds: offer.min_ctit_seconds,
    // The base event first, as the editor shows it.
    events: [...d.events]
      .sort((a, b) => Number(b.is_base) - Number(a.is_base) || a.id - b.id)
      .map((e) => ({
        id: e.id,
        name: e.name,
        event_type: e.event_type,
        payout: Number(e.payout),
        payout_type: e.payout_type,
        revenue: Number(e.revenue),
        revenue_type: e.revenue_type,
        is_base: e.is_base,
      })),
    landing_pages: [...d.landingPages]
      .sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.id - b.id)
      .map((p) => ({ id: p.id, name: p.name, url: p.url, is_default: p.is_default })),
    creatives: d.creatives.map((c) => ({
      id: c.id,
      name: c.name,
      type: c.type,
      url: c.url,
      uploaded: uploaded.has(c.id),
    })),
    created_at: new Date(offer.created_at).toISOString(),
  };
}

/**
 * What the audit log keeps of an offer: the editor's fields (its tags among them), events and
 * landing pages, and the fields only the CLI sets (fallback URL, lookback), so a change of those
 * shows too.
 */
async function snapshot(db: Db, o: AdminOffer | null): Promise<Record<string, unknown> | null> {
  const row = o && (await offerCatalogue.findOffer(db, o.id));
  if (!o || !row) return null;
  const { creatives: _c, created_at: _t, advertiser_name: _a, ...rest } = o;
  return { ...rest, fallback_url: row.fallback_url, lookback_days: row.lookback_days };
}

/**
 * Runs one write of an offer's form (its fields, events or landing pages) in one transaction with
 * its audit entry: `offer.create` when `offerId` is null (`write` answers the new offer's id), else
 * `offer.update`, the form before → after. The editor's save and the CLI's offer commands
 * (offer-changes.service.ts) both write this way; the click path's cache is cleared after.
 */
export async function writeOffer(
  ctx: AppContext,
  actor: Actor,
  offerId: number | null,
  write: (trx: Db) => Promise<number>,
): Promise<{ offer: AdminOffer; value: number }>;
export async function writeOffer<T>(
  ctx: AppContext,
  actor: Actor,
  offerId: number,
  write: (trx: Db) => Promise<T>,
): Promise<{ offer: AdminOffer; value: T }>;
export async function writeOffer<T>(
  ctx: AppContext,
  actor: Actor,
  offerId: number | null,
  write: (trx: Db) => Promise<T>,
): Promise<{ offer: AdminOffer; value: T }> {
  const saved = await auditService.write(ctx, actor, async (trx, audit) => {
    const before = offerId === null ? null : await snapshot(trx, await describe(ctx, trx, offerId));
    const value = await write(trx);
    const id = offerId ?? (value as number);
    const after = await describe(ctx, trx, id);
    await audit({
      action: offerId === null ? 'offer.create' : 'offer.update',
      objectType: 'offer',
      objectId: id,
      before,
      after: await snapshot(trx, after),
    });
    return { offer: after!, value };
  });
  forgetTracking(ctx);
  return saved;
}

export const offersAdminService = {
  async list(ctx: AppContext, q: AdminOfferListQuery): Promise<ListResponse<AdminOfferRow>> {
    const k = keyset({ sort: q.sort, order: q.order, key: SORT_KEYS[q.sort], id: sql`offers.id`, cursor: q.cursor });
    const f = q.filters;
    const rows = await repo.listOffers(
      ctx.db,
      k,
      {
        statuses: f.status ?? null,
        advertiserId: f.advertiser_id ?? null,
        visibility: f.visibility ?? null,
        search: q.search ?? null,
      },
      q.limit,
    );
    return keysetPage(
      k,
      rows,
      q.limit,
      (r) => r.id,
      (r) => ({
        id: r.id,
        name: r.name,
        advertiser_id: r.advertiser_id,
        advertiser_name: r.advertiser_name,
        status: r.status,
        visibility: r.visibility,
        payout: Number(r.payout),
        payout_type: r.payout_type,
        conversion_method: r.conversion_method,
        created_at: new Date(r.created_at).toISOString(),
      }),
    );
  },

  advertisers: (ctx: AppContext) => repo.advertiserNames(ctx.db),

  async get(ctx: AppContext, offerId: number): Promise<AdminOffer> {
    const o = await describe(ctx, ctx.db, offerId);
    if (!o) throw notFound('Offer not found.');
    return o;
  },

  /** Creates the offer (`offerId` null) or saves the editor's whole form over it. */
  async save(ctx: AppContext, actor: Actor, offerId: number | null, v: AdminOfferSave): Promise<AdminOffer> {
    if (offerId !== null && !(await offerCatalogue.findOffer(ctx.db, offerId))) throw notFound('Offer not found.');
    await checkSave(ctx.db, offerId, v);
    const write = async (trx: Db) => {
      let id = offerId;
      if (id === null) {
        const base = v.events[0]!;
        id = await offerCatalogue.createOffer(trx, {
          ...offerFields(v),
          payout: base.payout,
          payout_type: base.payout_type,
          revenue: base.revenue,
          revenue_type: base.revenue_type,
          base_event_name: base.name.trim(),
        });
      } else {
        await offerCatalogue.updateOffer(trx, id, offerFields(v));
      }
      await saveParts(trx, id, v, offerId === null);
      return id;
    };
    return (await asFieldErrors(() => writeOffer(ctx, actor, offerId, write))).offer;
  },
};
