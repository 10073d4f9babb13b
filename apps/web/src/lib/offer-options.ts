import { API_PATHS } from '@portal/shared/api-paths';
import type { OfferListRequest, OfferListResponse } from '@portal/shared/offers/offers.schemas';
import { api } from './api-client.ts';

/**
 * `POST /offer-list`: offers the publisher may run, a page at a time, for the offer pickers of
 * several screens (the postback modal asks 5 a page, filters 20: docs/limits.md). Labels are `[id] name`.
 */
export async function getOfferOptions(opts: {
  search: string;
  cursor: string | null;
  signal: AbortSignal;
  limit: number;
}) {
  const body: OfferListRequest = {
    filters: {},
    limit: opts.limit,
    sort: 'name',
    order: 1,
    ...(opts.search ? { search: opts.search } : {}),
    ...(opts.cursor ? { cursor: opts.cursor } : {}),
  };
  const r = await api.post<OfferListResponse>(API_PATHS.offerList, body, {
    signal: opts.signal,
    handle: { serverError: false },
  });
  return {
    options: r.data.map((o) => ({ value: String(o.offer_id), label: `[${o.offer_id}] ${o.name}` })),
    next: r.cursor.next,
  };
}
