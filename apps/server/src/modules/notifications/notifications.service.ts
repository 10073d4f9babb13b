import {
  ERROR_CODES,
  NOTIFICATION_MODAL_LIMIT,
  decodeCursor,
  encodeCursor,
  type Notification,
  type NotificationTableRequest,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { notificationsRepository, type NotificationRow } from './notifications.repository.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { contextOf, escapeHtml, notifyPublisher, type NotificationContext } from './notifications.automatic.ts';

export type { AutomaticNotification, NotificationContext } from './notifications.automatic.ts';

export interface NewNotification {
  /** One publisher, a list, or 'all' active publishers. */
  publishers: number | number[] | 'all';
  summary: string;
  /** HTML; sanitized here, before it is stored. */
  description?: string;
  urgent?: boolean;
  offerId?: number | null;
  /** What it is about, and links to: an offer, a postback or an invoice (instead of `offerId`). */
  context?: NotificationContext | null;
  /** broadcast, campaign_90_cap, campaign_reach_cap, offer_expire, postback_failing, … */
  kind?: string;
  /** Makes an automatic notification idempotent per publisher. */
  dedupKey?: string | null;
  /** The operator's send it belongs to (notification-sends.service.ts). */
  sendId?: number | null;
}

/** One place maps rows to the API (and sanitizes again: rows written elsewhere are shown safely too). */
function toApi(r: NotificationRow): Notification {
  return {
    notification_id: r.id,
    datetime_sent: (r.sent_at instanceof Date ? r.sent_at : new Date(r.sent_at)).toISOString(),
    summary: r.summary,
    description: sanitizeHtml(r.description ?? ''),
    is_read: r.is_read,
    urgent: r.urgent,
    context_domain: r.context_domain === 'offer' ? 'offer' : null,
    context_id: r.context_domain === 'offer' ? r.context_id : null,
    target: r.context_domain && r.context_id != null ? { domain: r.context_domain, id: r.context_id } : null,
  };
}

export const notificationsService = {
  /** A notice the portal sends by itself (caps, expiry, failing postbacks): stored once, e-mailed to subscribers. */
  notifyAutomatic: notifyPublisher,

  /** Escapes text for the HTML of a notification's description. */
  escapeHtml,

  /**
   * Stores a notification for one, several or all active publishers (operator broadcasts, cap and
   * expiry notices). Returns how many were stored (a repeated dedup key stores nothing).
   */
  async create(ctx: { db: Db }, n: NewNotification): Promise<number> {
    const summary = n.summary.trim().slice(0, 500);
    if (!summary) throw new Error('a notification needs a summary');
    let ids: number[];
    if (n.publishers === 'all') {
      ids = (
        await ctx.db.selectFrom('publishers').select('id').where('status', '=', 'active').orderBy('id').execute()
      ).map((p) => p.id);
    } else ids = Array.isArray(n.publishers) ? n.publishers : [n.publishers];
    const description = sanitizeHtml(n.description ?? '');
    const context = contextOf(n);
    let stored = 0;
    for (let i = 0; i < ids.length; i += 1000) {
      stored += await notificationsRepository.insertMany(
        ctx.db,
        ids.slice(i, i + 1000).map((publisher_id) => ({
          publisher_id,
          summary,
          description,
          urgent: n.urgent ?? false,
          context_domain: context?.domain ?? null,
          context_id: context?.id ?? null,
          kind: n.kind ?? 'broadcast',
          dedup_key: n.dedupKey ?? null,
          send_id: n.sendId ?? null,
        })),
      );
    }
    return stored;
  },

  async table(ctx: AppContext, publisherId: number, req: NotificationTableRequest) {
    let after: [string, number] | null = null;
    if (req.cursor) {
      const v = decodeCursor(req.cursor, { sort: 'sent_at', order: -1, arity: 2 });
      if (
        !v ||
        typeof v[0] !== 'string' ||
        !Number.isFinite(Date.parse(v[0])) ||
        typeof v[1] !== 'number' ||
        !Number.isInteger(v[1])
      ) {
        throw fieldError('cursor', ERROR_CODES.BAD_FORMAT, 'Malformed cursor.');
      }
      after = [v[0], v[1]];
    }
    const rows = await notificationsRepository.page(ctx.db, publisherId, {
      isRead: req.filter_is_read,
      isUrgent: req.filter_is_urgent,
      search: req.search,
      after,
      limit: req.limit,
    });
    const more = rows.length > req.limit;
    const page = more ? rows.slice(0, req.limit) : rows;
    const last = page[page.length - 1];
    return {
      data: page.map(toApi),
      cursor: {
        next:
          more && last
            ? encodeCursor({ sort: 'sent_at', order: -1, values: [new Date(last.sent_at).toISOString(), last.id] })
            : null,
      },
    };
  },

  /** Unread notifications for the bell, newest first. */
  async unread(ctx: AppContext, publisherId: number) {
    const rows = await notificationsRepository.page(ctx.db, publisherId, {
      isRead: false,
      isUrgent: null,
      search: null,
      after: null,
      limit: NOTIFICATION_MODAL_LIMIT,
    });
    return { data: rows.slice(0, NOTIFICATION_MODAL_LIMIT).map(toApi) };
  },

  async findOrFail(ctx: AppContext, publisherId: number, id: number) {
    const row = await notificationsRepository.findById(ctx.db, publisherId, id);
    if (!row) throw notFound('Notification not found.');
    return { data: toApi(row) };
  },

  async markRead(ctx: AppContext, publisherId: number, id: number) {
    const row = await notificationsRepository.markRead(ctx.db, publisherId, id);
    if (!row) throw notFound('Notification not found.');
    return { data: toApi(row) };
  },
};
