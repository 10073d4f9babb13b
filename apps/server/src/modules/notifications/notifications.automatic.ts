import { NOTIFICATION_SUBSCRIPTION_KEYS, type NotificationTargetDomain } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { notificationsRepository } from './notifications.repository.ts';

export interface AutomaticNotification {
  publisherId: number;
  /** campaign_90_cap, campaign_reach_cap, offer_expire or postback_failing. */
  kind: string;
  /** Makes the notification idempotent: the same key for the same publisher is stored once. */
  dedupKey: string;
  summary: string;
  description: string;
  urgent?: boolean;
  /** The offer it is about (the same as `context: {domain: 'offer', id}`). */
  offerId?: number | null;
  /** What it is about, and links to: an offer, a postback (its delivery log) or an invoice. */
  context?: NotificationContext | null;
}

/** What a notification is about (notifications.context_domain and context_id). */
export interface NotificationContext {
  domain: NotificationTargetDomain;
  id: number;
}

/** The context a notice names: `context`, or the offer of `offerId`. */
export const contextOf = (n: { offerId?: number | null; context?: NotificationContext | null }) =>
  n.context ?? (n.offerId ? { domain: 'offer' as const, id: n.offerId } : null);

/** The portal page of a notification's context (docs/screens.md), for its e-mail. */
const PAGE_OF: Record<NotificationTargetDomain, (id: number) => string> = {
  offer: (id) => `/offers/${id}/details`,
  postback: (id) => `/global-pixel-postback?deliveries=${id}`,
  invoice: (id) => `/invoices/${id}`,
};

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Stores an automatic notification once (notifications.dedup_key) and, for the subscription kinds
 * of docs/limits.md, e-mails the publisher's users who subscribed to that kind. Mail failures are logged,
 * never thrown: the notification itself is already stored.
 */
export async function notifyPublisher(ctx: AppContext, n: AutomaticNotification): Promise<boolean> {
  const context = contextOf(n);
  const stored = await notificationsRepository.insertMany(ctx.db, [
    {
      publisher_id: n.publisherId,
      kind: n.kind,
      dedup_key: n.dedupKey,
      summary: n.summary,
      description: n.description,
      urgent: n.urgent ?? false,
      context_domain: context?.domain ?? null,
      context_id: context?.id ?? null,
    },
  ]);
  if (stored === 0) return false;
  if ((NOTIFICATION_SUBSCRIPTION_KEYS as readonly string[]).includes(n.kind)) {
    for (const u of await accountsService.usersOfPublisher(ctx.db, n.publisherId)) {
      if (!u.notification_subscriptions.includes(n.kind)) continue;
      const link = context ? `\n\n${ctx.config.publicUrl}${PAGE_OF[context.domain](context.id)}` : '';
      try {
        await ctx.mailer.send({
          to: u.email,
          subject: n.summary,
          text: `${n.summary}\n\n${n.description.replace(/<[^>]*>/g, '')}${link}`,
        });
      } catch (err) {
        ctx.log.error({ err, kind: n.kind }, 'notification e-mail failed');
      }
    }
  }
  return true;
}
