import { sql } from 'kysely';
import { ERROR_CODES, type FieldError, type ListResponse } from '@portal/shared';
import {
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_TITLE_MAX,
  type NotificationAudience,
  type NotificationRecipient,
  type NotificationRecipientListQuery,
  type NotificationSendListQuery,
  type NotificationSendRequest,
  type NotificationSendRow,
} from '@portal/shared/admin/notifications.schemas';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { fieldErrors } from '../../lib/errors.ts';
import { keyset, keysetPage } from '../../lib/keyset.ts';
import { auditService, type Actor } from '../audit/audit.service.ts';
import { notificationSendsRepository as repo } from './notification-sends.repository.ts';
import { notificationsService } from './notifications.service.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';

/** How many of a chosen audience's publishers the sent list names. */
const NAMED = 5;

interface CheckedSend {
  title: string;
  body: string;
  urgent: boolean;
  audience: NotificationAudience;
  publisherIds: number[];
}

async function check(db: Db, input: NotificationSendRequest): Promise<CheckedSend> {
  const errors: Record<string, FieldError> = {};
  const title = (input.title ?? '').trim();
  if (!title) errors['title'] = { code: ERROR_CODES.MISSING, message: 'Please enter a title.' };
  else if (title.length > NOTIFICATION_TITLE_MAX)
    errors['title'] = {
      code: ERROR_CODES.BAD_FORMAT,
      message: `Must be at most ${NOTIFICATION_TITLE_MAX} characters.`,
    };
  const audience = input.audience ?? null;
  if (audience === null)
    errors['audience'] = { code: ERROR_CODES.NOTHING_SELECTED, message: 'Choose who gets the notification.' };
  else if (!(NOTIFICATION_AUDIENCES as readonly string[]).includes(audience))
    errors['audience'] = { code: ERROR_CODES.BAD_FORMAT, message: 'Choose all publishers or chosen ones.' };
  const ids = [...new Set(input.publisher_ids ?? [])];
  if (audience === 'chosen') {
    if (ids.length === 0)
      errors['publisher_ids'] = { code: ERROR_CODES.NOTHING_SELECTED, message: 'Choose at least one publisher.' };
    else {
      const known = new Set(await repo.existingPublishers(db, ids));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0)
        errors['publisher_ids'] = {
          code: ERROR_CODES.TOO_SHORT_OR_INVALID,
          message: `No such publisher: ${unknown.slice(0, 10).join(', ')}.`,
        };
    }
  } else if (audience === 'all' && ids.length > 0)
    errors['publisher_ids'] = {
      code: ERROR_CODES.BAD_FORMAT,
      message: 'Every active publisher gets it: choose no publishers.',
    };
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return {
    title,
    body: sanitizeHtml(input.body ?? ''),
    urgent: input.urgent ?? false,
    audience: audience as NotificationAudience,
    publisherIds: ids.sort((a, b) => a - b),
  };
}

async function rowsOf(
  db: Db,
  sends: {
    id: number;
    sent_at: Date | string;
    summary: string;
    description: string;
    urgent: boolean;
    audience: NotificationAudience;
    recipients: number;
    actor: string;
  }[],
): Promise<NotificationSendRow[]> {
  const ids = sends.map((s) => s.id);
  const [counts, named] = await Promise.all([
    repo.counts(db, ids),
    repo.firstPublishers(
      db,
      sends.filter((s) => s.audience === 'chosen').map((s) => s.id),
      NAMED,
    ),
  ]);
  const countOf = new Map(counts.map((c) => [Number(c.send_id), c]));
  return sends.map((s) => ({
    id: s.id,
    sent_at: new Date(s.sent_at).toISOString(),
    title: s.summary,
    body: sanitizeHtml(s.description),
    urgent: s.urgent,
    audience: s.audience,
    recipients: countOf.get(s.id)?.recipients ?? 0,
    read: countOf.get(s.id)?.read ?? 0,
    publishers: named.filter((n) => Number(n.send_id) === s.id).map((n) => ({ id: n.id, name: n.name })),
    sent_by: s.actor,
  }));
}

/**
 * Notices an operator sends (the console's Notifications area and the CLI's
 * `notification:broadcast`): one send row grouping each publisher's copy, which the publisher's
 * bell and Notifications page show; the sent list counts recipients and reads from the copies.
 */
export const notificationSendsService = {
  /**
   * Sends a notice to every active publisher or to chosen ones, in one transaction with its audit
   * entry. `offerId` (the CLI's `--offer`) ties each copy to an offer.
   */
  async send(
    ctx: AppContext,
    actor: Actor,
    input: NotificationSendRequest,
    opts: { offerId?: number | null } = {},
  ): Promise<NotificationSendRow> {
    const v = await check(ctx.db, input);
    const sendId = await auditService.write(ctx, actor, async (trx, audit) => {
      const send = await repo.insert(trx, {
        summary: v.title,
        description: v.body,
        urgent: v.urgent,
        audience: v.audience,
        operator_id: actor.operatorId,
        actor: actor.label,
      });
      const recipients = await notificationsService.create(
        { db: trx },
        {
          publishers: v.audience === 'all' ? 'all' : v.publisherIds,
          summary: v.title,
          description: v.body,
          urgent: v.urgent,
          offerId: opts.offerId ?? null,
          kind: 'broadcast',
          sendId: send.id,
        },
      );
      await repo.setRecipients(trx, send.id, recipients);
      await audit({
        action: 'notification.send',
        objectType: 'notification',
        objectId: send.id,
        before: null,
        after: {
          title: v.title,
          urgent: v.urgent,
          audience: v.audience,
          recipients,
          ...(v.audience === 'chosen' ? { publisher_ids: v.publisherIds } : {}),
        },
      });
      return send.id;
    });
    const [row] = await rowsOf(ctx.db, [(await repo.find(ctx.db, sendId))!]);
    return row!;
  },

  /** The sends, newest first, each with its recipients and how many have read it. */
  async list(ctx: AppContext, req: NotificationSendListQuery): Promise<ListResponse<NotificationSendRow>> {
    // Sends are numbered as they are made, so the id orders them by time.
    const k = keyset({
      sort: req.sort,
      order: req.order,
      key: { expr: sql`id`, type: 'int' },
      id: sql`id`,
      cursor: req.cursor,
    });
    const rows = await repo.list(ctx.db, k, req.limit);
    const page = keysetPage(
      k,
      rows,
      req.limit,
      (r) => r.id,
      (r) => r,
    );
    return { data: await rowsOf(ctx.db, page.data), cursor: page.cursor };
  },

  /** Publishers the compose form can choose, by name. */
  async recipients(ctx: AppContext, req: NotificationRecipientListQuery): Promise<ListResponse<NotificationRecipient>> {
    const k = keyset({
      sort: req.sort,
      order: req.order,
      key: { expr: sql`lower(publishers.name) COLLATE "C"`, type: 'text' },
      id: sql`publishers.id`,
      cursor: req.cursor,
    });
    const rows = await repo.recipients(ctx.db, k, req.search, req.limit);
    return keysetPage(
      k,
      rows,
      req.limit,
      (r) => r.id,
      (r) => ({ id: r.id, name: r.name, status: r.status }),
    );
  },
};
