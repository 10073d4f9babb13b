import { sql } from 'kysely';
import {
  ERROR_CODES,
  POSTBACK_MESSAGES,
  validatePostbackForm,
  type Postback,
  type PostbackCreateInput,
  type PostbackTableResponse,
  type PostbackTableSort,
  type SortOrder,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { fieldErrors, notFound } from '../../lib/errors.ts';
import { keyset, keysetPage, type SortKey } from '../../lib/keyset.ts';
import type { PublisherAuth } from '../../lib/request-identity.ts';
import { offersService } from '../offers/offers.service.ts';
import { saveWithinCounts } from './postbacks.quota.ts';
import {
  postbacksRepository,
  type PostbackMatch,
  type PostbackRow,
  type PostbackValues,
} from './postbacks.repository.ts';

const SORT_KEYS: Record<PostbackTableSort, SortKey> = {
  postback_id: { expr: sql`postbacks.id`, type: 'int' },
  postback_name: { expr: sql`lower(postbacks.name) COLLATE "C"`, type: 'text' },
  postback_type: { expr: sql`postbacks.type COLLATE "C"`, type: 'text' },
  postback_status: { expr: sql`postbacks.status COLLATE "C"`, type: 'text' },
  // "All offers" / "all events" (null) sort before any id.
  postback_offer_id: { expr: sql`coalesce(postbacks.offer_id, 0)`, type: 'int' },
  postback_event_id: { expr: sql`coalesce(postbacks.event_id, 0)`, type: 'int' },
};

/** Drivers answer timestamptz as Date; a string is accepted too. */
const iso = (d: unknown) => new Date(d as Date | string).toISOString();

/** The one place a postback row becomes the API's shape (docs/api.md Postback). */
export function toPostback(r: PostbackRow): Postback {
  return {
    postback_id: r.id,
    postback_name: r.name,
    name: r.name,
    postback_type: r.type,
    postback_value: r.value,
    postback_status: r.status,
    postback_offer_id: r.offer_id,
    postback_offer_name: r.offer_id == null ? null : r.offer_name,
    postback_event_id: r.event_id,
    postback_event_name: r.event_id == null ? null : r.event_name,
    postback_event_type: r.event_type,
    event_type: r.event_type,
    send_on_status_change: r.send_on_status_change,
    postback_url: r.type === 'postback' ? r.value : null,
    pixel_content: r.type === 'pixel' ? r.value : null,
    offer: r.offer_id == null ? null : { id: r.offer_id, name: r.offer_name ?? '' },
    offer_event: r.event_id == null ? null : { id: r.event_id, name: r.event_name ?? '' },
    failing_since: r.failing_since ? iso(r.failing_since) : null,
    deliveries_retrying: Number(r.deliveries_retrying ?? 0),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/**
 * Checks a create/update form: the shared field rules first (docs/errors.md codes), then the offer and
 * event. A new offer the publisher may not run answers 404 like every other foreign id (docs/api.md,
 * docs/reliability.md A1), so a field error never tells whether such an offer exists. An event must belong
 * to the chosen offer (0x4010 on postback_event_id); with "all offers" there is no event to choose.
 */
async function checkForm(
  ctx: AppContext,
  auth: PublisherAuth,
  input: PostbackCreateInput,
  currentOfferId: number | null = null,
): Promise<PostbackValues> {
  const { errors, value } = validatePostbackForm({
    postback_name: input.postback_name,
    postback_status: input.postback_status,
    postback_type: input.postback_type,
    postback_value: input.postback_value,
    postback_event_type: input.postback_event_type,
  });
  const offerId = input.postback_offer_id ?? null;
  const eventId = input.postback_event_id ?? null;
  // Keeping the offer a postback already has is always allowed: when the operator revokes a
  // private offer, the publisher can still pause or re-point the postbacks they made for it.
  if (offerId !== null && offerId !== currentOfferId) await offersService.findRunnableOrFail(ctx, auth, offerId);
  if (eventId !== null && (offerId === null || !(await offersService.findEvent(ctx, offerId, eventId)))) {
    errors['postback_event_id'] = { code: ERROR_CODES.BAD_FORMAT, message: POSTBACK_MESSAGES.event };
  }
  if (Object.keys(errors).length > 0 || !value) throw fieldErrors(errors);
  return {
    name: value.postback_name,
    status: value.postback_status,
    type: value.postback_type,
    value: value.postback_value,
    offer_id: offerId,
    event_id: eventId,
    event_type: value.postback_event_type,
    ...(input.send_on_status_change != null ? { send_on_status_change: input.send_on_status_change } : {}),
  };
}

export const postbacksService = {
  /** One of the publisher's postbacks as stored (undefined for another publisher's id). */
  findRow: (db: Db, publisherId: number, id: number): Promise<PostbackRow | undefined> =>
    postbacksRepository.find(db, publisherId, id),

  /** The postbacks that may be told of these publishers' status changes (postback-deliveries `enqueueStatusDeliveries`). */
  statusReceivers: (db: Db, publisherIds: number[]) => postbacksRepository.statusReceivers(db, publisherIds),

  /** The postbacks (or pixels) a conversion fires; `db` may be the conversion's transaction. */
  findMatching: (db: Db, match: PostbackMatch) => postbacksRepository.matching(db, match),

  /** After the retry budget: the postback is marked failing (answered when this call marked it). */
  markFailing: (db: Db, id: number) => postbacksRepository.markFailing(db, id),

  /** A delivery succeeded: the failing mark goes. */
  clearFailing: (db: Db, id: number) => postbacksRepository.clearFailing(db, id),

  async findOrFail(ctx: AppContext, auth: PublisherAuth, id: number): Promise<Postback> {
    const row = await postbacksRepository.find(ctx.db, auth.publisherId, id);
    if (!row) throw notFound('Postback not found.');
    return toPostback(row);
  },

  /**
   * The offer tab (`offer_id` alone: that offer's postbacks in every status) or the global list
   * (`filters.status` default active, null or `all` for both; `filters.offer_id` one or several).
   */
  async table(
    ctx: AppContext,
    auth: PublisherAuth,
    req: {
      offer_id?: number | undefined;
      filters?:
        | { status?: 'active' | 'inactive' | 'all' | null | undefined; offer_id?: number | number[] | null | undefined }
        | undefined;
      sort: PostbackTableSort;
      order: SortOrder;
      limit: number;
      search: string | null;
      cursor?: string | null | undefined;
    },
  ): Promise<PostbackTableResponse> {
    const k = keyset({
      sort: req.sort,
      order: req.order,
      key: SORT_KEYS[req.sort],
      id: sql`postbacks.id`,
      cursor: req.cursor,
    });
    let offerIds: number[] | null = null;
    const filterOffer = req.filters?.offer_id;
    if (filterOffer != null) offerIds = Array.isArray(filterOffer) ? filterOffer : [filterOffer];
    if (req.offer_id !== undefined) {
      await offersService.findRunnableOrFail(ctx, auth, req.offer_id);
      offerIds = offerIds ? offerIds.filter((id) => id === req.offer_id) : [req.offer_id];
      if (offerIds.length === 0) return { data: [], cursor: { next: null } };
    }
    const rawStatus = req.filters?.status;
    const status =
      rawStatus === undefined
        ? req.offer_id !== undefined && !req.filters
          ? null
          : 'active'
        : rawStatus === 'all'
          ? null
          : rawStatus;
    const rows = await postbacksRepository.list(ctx.db, auth.publisherId, {
      keyset: k,
      limit: req.limit,
      status,
      offerIds,
      search: req.search,
    });
    return keysetPage(k, rows, req.limit, (r) => r.id, toPostback);
  },

  async create(ctx: AppContext, auth: PublisherAuth, input: PostbackCreateInput): Promise<Postback> {
    const values = await checkForm(ctx, auth, input);
    const id = await saveWithinCounts(ctx.db, auth.publisherId, { status: values.status, exceptId: null }, (trx) =>
      postbacksRepository.insert(trx, auth.publisherId, values),
    );
    return this.findOrFail(ctx, auth, id);
  },

  async update(ctx: AppContext, auth: PublisherAuth, id: number, input: PostbackCreateInput): Promise<Postback> {
    // Existence first: another publisher's id is a 404 before any field is looked at.
    const current = await this.findOrFail(ctx, auth, id);
    const values = await checkForm(ctx, auth, input, current.postback_offer_id);
    const updated = await saveWithinCounts(ctx.db, auth.publisherId, { status: values.status, exceptId: id }, (trx) =>
      postbacksRepository.update(trx, auth.publisherId, id, values),
    );
    if (!updated) throw notFound('Postback not found.');
    return this.findOrFail(ctx, auth, id);
  },

  /** Deletes a postback; its delivery log stays (docs/api.md). Another publisher's, or a deleted one, is a 404. */
  async remove(ctx: AppContext, auth: PublisherAuth, id: number) {
    // One transaction: the postback never goes while its waiting deliveries are left to be sent.
    const removed = await ctx.db.transaction().execute((trx) => postbacksRepository.remove(trx, auth.publisherId, id));
    if (!removed) throw notFound('Postback not found.');
    return { postback_id: id, postback_name: removed.name, deliveries_stopped: removed.stopped };
  },
};
