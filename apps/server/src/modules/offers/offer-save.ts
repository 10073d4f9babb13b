import { ERROR_CODES, type FieldError } from '@portal/shared';
import type { AdminOfferSave } from '@portal/shared/admin/offers.schemas';
import { httpUrl } from '@portal/shared/admin/offer-catalogue.schemas';
import { OFFER_TAG_LENGTH_MAX, OFFER_TAGS_MAX } from '@portal/shared/admin/offers.schemas';
import { HOLD_DAYS_MAX, HOLD_DAYS_MIN, MIN_CTIT_SECONDS_MAX } from '@portal/shared/offers/offers.constants';
import type { Db } from '../../db/database.ts';
import { fieldErrors } from '../../lib/errors.ts';
import { offerCatalogue } from './offer-catalogue.service.ts';
import { offerContent } from './offer-content.service.ts';
import { offersAdminRepository as repo } from './offers-admin.repository.ts';

/**
 * The console editor's one save (docs/operator-console.md, Offers): every rule checked together,
 * the offer's own fields, then its events and landing pages written as the form holds them.
 */

const err = (code: string, message: string): FieldError => ({ code, message });
const URL_MESSAGE = 'Enter an absolute http(s) URL.';
const isHttpUrl = (v: string) => httpUrl.safeParse(v).success;

/** Every rule of the editor, answered together as field errors. */
export async function checkSave(db: Db, offerId: number | null, v: AdminOfferSave): Promise<void> {
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

export function offerFields(v: AdminOfferSave) {
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
export async function saveParts(trx: Db, offerId: number, v: AdminOfferSave, fresh: boolean): Promise<void> {
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
