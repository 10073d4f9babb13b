import crypto from 'node:crypto';
import {
  decodeCursor,
  decodePostbackValue,
  encodeCursor,
  ERROR_CODES,
  type DeliveryAttempt,
  type DeliveryLogRequest,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { maskUrl } from '../../lib/log-url.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { eventsService } from '../events/events.service.ts';
import { offerCatalogue } from '../offers/offer-catalogue.service.ts';
import { postbacksService } from '../postbacks/postbacks.service.ts';
import { postbackDeliveriesRepository } from './postback-deliveries.repository.ts';
import { inspectMacros, POSTBACK_MACROS, renderMacros } from '../../lib/macros.ts';
import { postbackMacroValues, type MacroSource } from './postback-render.ts';
import { renderPostbackUrl } from './postback-deliveries.service.ts';
import { deliveryWorker } from './postback-deliveries.jobs.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

async function namesOfPublisher(ctx: AppContext, publisherId: number): Promise<{ id: number; name: string }> {
  const p = await accountsService.findPublisherById(ctx, publisherId);
  if (!p) throw new Error(`no publisher ${publisherId}`);
  return { id: p.id, name: p.name };
}

async function ownPostback(ctx: AppContext, publisherId: number, postbackId: number) {
  const p = await postbacksService.findRow(ctx.db, publisherId, postbackId);
  if (!p) throw notFound('Postback not found.');
  return p;
}

/** The publisher's delivery attempts, newest first, keyset-paginated by attempt id. */
export async function listDeliveryAttempts(
  ctx: AppContext,
  publisherId: number,
  req: DeliveryLogRequest,
): Promise<{ data: DeliveryAttempt[]; cursor: { next: string | null } }> {
  let after: number | null = null;
  if (req.cursor) {
    const v = decodeCursor(req.cursor, { sort: 'attempt_id', order: -1, arity: 1 });
    if (!v || typeof v[0] !== 'number') throw fieldError('cursor', ERROR_CODES.BAD_FORMAT, 'Invalid cursor.');
    after = v[0];
  }
  const rows = await postbackDeliveriesRepository.attemptLog(ctx.db, publisherId, {
    postbackId: req.filters.postback_id ?? null,
    status: req.filters.delivery_status ?? null,
    beforeId: after,
    limit: req.limit,
  });
  const page = rows.slice(0, req.limit);
  const last = page[page.length - 1];
  return {
    data: page.map((r) => ({
      attempt_id: r.id,
      delivery_id: r.delivery_id,
      postback_id: r.postback_id,
      postback_name: r.postback_name,
      conversion_id: r.conversion_id,
      attempted_at: iso(r.created_at),
      url: r.url_masked,
      status_code: r.status_code,
      duration_ms: r.duration_ms,
      error_class: r.error_class,
      error_message: r.error_message,
      delivery_status: r.status,
      is_test: r.is_test,
    })),
    cursor: {
      next: rows.length > req.limit && last ? encodeCursor({ sort: 'attempt_id', order: -1, values: [last.id] }) : null,
    },
  };
}

/** Sends one delivery again (same event id, fresh retry budget). */
export async function replayDelivery(ctx: AppContext, publisherId: number, deliveryId: number) {
  const row = await postbackDeliveriesRepository.replay(ctx.db, publisherId, deliveryId);
  if (!row) throw notFound('Delivery not found.');
  deliveryWorker(ctx).wake();
  return { delivery_id: row.id, delivery_status: row.status };
}

/** Sends every failed delivery created since a time again (optionally of one postback). */
export async function replayFailedSince(ctx: AppContext, publisherId: number, since: Date, postbackId: number | null) {
  if (postbackId !== null) await ownPostback(ctx, publisherId, postbackId);
  const replayed = await postbackDeliveriesRepository.replayFailedSince(ctx.db, publisherId, since, postbackId);
  if (replayed > 0) deliveryWorker(ctx).wake();
  return { replayed };
}

/** Sample values for "send test": recognisable, never mistaken for real traffic. */
function sampleSource(publisher: { id: number; name: string }, offer: { id: number; name: string }): MacroSource {
  const id = `test-${crypto.randomUUID()}`;
  return {
    publisher,
    offer,
    event: { id: 0 },
    click: {
      id,
      s1: 'test_s1',
      s2: 'test_s2',
      s3: 'test_s3',
      s4: 'test_s4',
      s5: 'test_s5',
      pub_source: 'test_source',
      pub_click_id: 'test_click',
    },
    conversion: {
      id,
      created_at: new Date(),
      payout: 1.23,
      sale_amount: 10,
      adv_transaction_id: 'test_transaction',
      adv_s1: 'test_adv_s1',
      adv_s2: 'test_adv_s2',
      adv_s3: 'test_adv_s3',
      adv_s4: 'test_adv_s4',
      adv_s5: 'test_adv_s5',
    },
  };
}

/** Fires the postback once with sample values; answers the outcome only, never the body. */
export async function sendTestPostback(ctx: AppContext, publisherId: number, postbackId: number) {
  const postback = await ownPostback(ctx, publisherId, postbackId);
  if (postback.type !== 'postback') {
    throw fieldError(
      'postback_id',
      ERROR_CODES.TOO_SHORT_OR_INVALID,
      'Only postbacks of type postback can be sent; pixels run in the browser.',
    );
  }
  const [publisher, offer] = await Promise.all([
    namesOfPublisher(ctx, publisherId),
    postback.offer_id ? offerCatalogue.findOffer(ctx.db, postback.offer_id) : undefined,
  ]);
  const source = sampleSource(publisher, offer ? { id: offer.id, name: offer.name } : { id: 0, name: 'Test offer' });
  const url = renderPostbackUrl(postback.value, source);
  const outcome = await deliveryWorker(ctx).sendTest(
    publisherId,
    postbackId,
    url,
    `${source.conversion.id}.${postbackId}`,
  );
  return {
    ok: outcome.ok,
    status_code: outcome.statusCode,
    error_class: outcome.errorClass,
    error_message: outcome.message,
    duration_ms: outcome.durationMs,
    url: maskUrl(url),
  };
}

/** Renders a postback value against the publisher's latest real conversion and flags its macros. */
export async function previewPostback(
  ctx: AppContext,
  publisherId: number,
  req: { postback_id?: number | null | undefined; postback_value?: string | null | undefined },
) {
  const value =
    req.postback_id != null
      ? (await ownPostback(ctx, publisherId, req.postback_id)).value
      : decodePostbackValue(req.postback_value ?? '');
  const conversion = await eventsService.latestConversionOf(ctx.db, publisherId);
  if (!conversion) {
    const m = inspectMacros(value, {}, POSTBACK_MACROS);
    return { rendered: null, conversion_id: null, used_macros: m.used, unknown_macros: m.unknown, empty_macros: [] };
  }
  const [click, publisher, offer] = await Promise.all([
    eventsService.clickOf(ctx.db, conversion),
    namesOfPublisher(ctx, publisherId),
    offerCatalogue.findOffer(ctx.db, conversion.offer_id),
  ]);
  if (!offer) throw new Error(`conversion ${conversion.id} names no offer`);
  const values = postbackMacroValues({
    publisher,
    offer: { id: offer.id, name: offer.name },
    event: { id: conversion.event_id },
    click,
    conversion: { ...conversion, created_at: new Date(conversion.created_at) },
  });
  const m = inspectMacros(value, values, POSTBACK_MACROS);
  return {
    rendered: renderMacros(value, values, POSTBACK_MACROS),
    conversion_id: conversion.id,
    used_macros: m.used,
    unknown_macros: m.unknown,
    empty_macros: m.empty,
  };
}
