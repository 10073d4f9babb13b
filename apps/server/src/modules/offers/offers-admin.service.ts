import { sql } from 'kysely';
import { ERROR_CODES, type FieldError, type ListResponse } from '@portal/shared';
import type {
  AdminOffer,
  AdminOfferListQuery,
  AdminOfferRow,
  AdminOfferSave,
} from '@portal/shared/admin/offers.schemas';
import { httpUrl } from '@portal/shared/admin/offer-catalogue.schemas';
import { OFFER_TAG_LENGTH_MAX, OFFER_TAGS_MAX } from '@portal/shared/admin/offers.schemas';
import { HOLD_DAYS_MAX, HOLD_DAYS_MIN, MIN_CTIT_SECONDS_MAX } from '@portal/shared/offers/offers.constants';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, fieldErrors, notFound } from '../../lib/errors.ts';
import { keyset, keysetPage, type SortKey } from '../../lib/keyset.ts';
import { auditService, type Actor } from '../audit/audit.service.ts';
import { NetworkInputError } from '../../lib/network-input.ts';
import { offerCatalogue } from './offer-catalogue.service.ts';
import { offerContent } from './offer-content.service.ts';
import { offersAdminRepository as repo } from './offers-admin.repository.ts';

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

const err = (code: string, message: string): FieldError => ({ code, message });
const URL_MESSAGE = 'Enter an absolute http(s) URL.';
const isHttpUrl = (v: string) => httpUrl.safeParse(v).success;

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

/** Every rule of the editor, answered together as field errors. */
async function checkSave(db: Db, offerId: number | null, v: AdminOfferSave): Promise<void> {
  const errors: Record<string, FieldError> = {};
  if (v.name.trim() === '') errors['name'] = err(ERROR_CODES.MISSING, 'Enter the offer’s name.');
  if (v.advertiser_id === null) errors['advertiser_id'] = err(ERROR_CODES.NOTHING_SELECTED, 'Select an advertiser.');
  else if (!(await repo.advertiserName(db, v.advertiser_id)))
    errors['advertiser_id'] = err(ERROR_CODES.BAD_FORMAT, 'No such advertiser.');
  if (v.preview_url && v.preview_url.trim() !== '' && !isHttpUrl(v.preview_url))
    errors['preview_url'] = err(ERROR_CODES.BAD_FORMAT, URL_MESSAGE);
  if (v.geos.some((g) => !/^[A-Za-z]{2}$/.test(g.trim())))
    errors['geos'] = err(ERROR_CODES.BAD_FORMAT, 'Regions are two-letter country codes (US, DE, …).');
  const tags = tagsOf(v);
  if (tags?.some((t) => t.length > OFFER_TAG_LENGTH_MAX))
    errors['tags'] = err(ERROR_CODES.BAD_FORMAT, `A tag is at most ${OFFER_TAG_LENGTH_MAX} characters.`);
  else if (tags && tags.length > OFFER_TAGS_MAX)
    errors['tags'] = err(ERROR_CODES.BAD_FORMAT, `An offer has at most ${OFFER_TAGS_MAX} tags.`);
  if (v.conversion_approval === 'hold') {
    if (v.hold_days == null) errors['hold_days'] = err(ERROR_CODES.MISSING, 'Enter how many days to hold conversions.');
    else if (v.hold_days < HOLD_DAYS_MIN || v.hold_days > HOLD_DAYS_MAX)
      errors['hold_days'] = err(
        ERROR_CODES.BAD_FORMAT,
        `Hold conversions for ${HOLD_DAYS_MIN} to ${HOLD_DAYS_MAX} days.`,
      );
  }
  if (v.min_ctit_seconds < 0 || v.min_ctit_seconds > MIN_CTIT_SECONDS_MAX)
    errors['min_ctit_seconds'] = err(
      ERROR_CODES.BAD_FORMAT,
      `The minimum click-to-conversion time is 0 (off) to ${MIN_CTIT_SECONDS_MAX.toLocaleString('en-US')} seconds (30 days).`,
    );
  if (v.events.length === 0) errors['events'] = err(ERROR_CODES.MISSING, 'Add at least one event.');
  const current = offerId === null ? null : await offerCatalogue.describeOffer(db, offerId);
  v.events.forEach((e, i) => {
    if (e.name.trim() === '') errors[`events.${i}.name`] = err(ERROR_CODES.MISSING, 'Enter the event’s name.');
    if (e.payout_type === 'revshare' && e.payout > 100)
      errors[`events.${i}.payout`] = err(ERROR_CODES.BAD_FORMAT, 'A revenue share is a percentage (0-100).');
    if (e.revenue_type === 'revshare' && e.revenue > 100)
      errors[`events.${i}.revenue`] = err(ERROR_CODES.BAD_FORMAT, 'A revenue share is a percentage (0-100).');
    if (e.id != null && !current?.events.some((x) => x.id === e.id))
      errors[`events.${i}.id`] = err(ERROR_CODES.BAD_FORMAT, 'Not an event of this offer.');
  });
  v.landing_pages.forEach((p, i) => {
    if (p.url.trim() === '') errors[`landing_pages.${i}.url`] = err(ERROR_CODES.MISSING, 'Enter the landing page URL.');
    else if (!isHttpUrl(p.url)) errors[`landing_pages.${i}.url`] = err(ERROR_CODES.BAD_FORMAT, URL_MESSAGE);
    if (p.id != null && !current?.landingPages.some((x) => x.id === p.id))
      errors[`landing_pages.${i}.id`] = err(ERROR_CODES.BAD_FORMAT, 'Not a landing page of this offer.');
  });
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

/** The tags as saved: trimmed, blanks and repeats dropped; undefined keeps the offer's. */
const tagsOf = (v: AdminOfferSave): string[] | undefined =>
  v.tags == null ? undefined : [...new Set(v.tags.map((t) => t.trim()).filter((t) => t !== ''))];

function offerFields(v: AdminOfferSave) {
  const tags = tagsOf(v);
  return {
    ...(tags ? { tags } : {}),
    name: v.name.trim(),
    advertiser_id: v.advertiser_id!,
    status: v.status,
    description: v.description,
    preview_url: v.preview_url?.trim() || null,
    geos: [...new Set(v.geos.map((g) => g.trim().toUpperCase()))],
    expire_date: v.expire_date ?? null,
    visibility: v.visibility,
    conversion_method: v.conversion_method,
    daily_cap: v.daily_cap ?? null,
    monthly_cap: v.monthly_cap ?? null,
    cap_scope: v.cap_scope,
    conversion_approval: v.conversion_approval,
    // A hold's days only: another mode keeps none (the table holds them together).
    hold_days: v.conversion_approval === 'hold' ? (v.hold_days ?? null) : null,
    min_ctit_seconds: v.min_ctit_seconds,
  };
}

/** The events and landing pages as listed: the first event is the base one, the first page the default. */
async function saveParts(trx: Db, offerId: number, v: AdminOfferSave, fresh: boolean): Promise<void> {
  for (const [i, e] of v.events.entries()) {
    const fields = {
      name: e.name.trim(),
      event_type: e.event_type,
      payout: e.payout,
      payout_type: e.payout_type,
      revenue: e.revenue,
      revenue_type: e.revenue_type,
    };
    if (fresh && i === 0) {
      // Made with the offer, as a conversion; another type is set on it.
      if (e.event_type !== 'conversion') {
        const base = (await offerCatalogue.describeOffer(trx, offerId)).events.find((x) => x.is_base);
        if (base) await offerContent.updateEvent(trx, base.id, { event_type: e.event_type });
      }
      continue;
    }
    if (e.id != null) await offerContent.updateEvent(trx, e.id, { ...fields, ...(i === 0 ? { is_base: true } : {}) });
    else await offerContent.addEvent(trx, { offer_id: offerId, ...fields, is_base: i === 0 });
  }
  const keep = new Set(v.landing_pages.flatMap((p) => (p.id != null ? [p.id] : [])));
  if (!fresh) {
    const { landingPages } = await offerCatalogue.describeOffer(trx, offerId);
    for (const page of landingPages) if (!keep.has(page.id)) await offerContent.removeLandingPage(trx, page.id);
  }
  for (const [i, p] of v.landing_pages.entries()) {
    const name = p.name?.trim() || null;
    if (p.id != null)
      await offerContent.updateLandingPage(trx, p.id, {
        url: p.url.trim(),
        ...(name ? { name } : {}),
        ...(i === 0 ? { is_default: true } : {}),
      });
    else
      await offerContent.addLandingPage(trx, {
        offer_id: offerId,
        name: name ?? `Landing page ${i + 1}`,
        url: p.url.trim(),
        is_default: i === 0,
      });
  }
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
