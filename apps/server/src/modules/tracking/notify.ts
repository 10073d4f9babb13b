import { NOTIFICATION_SUBSCRIPTION_KEYS } from '@portal/shared';
import type { AppContext } from '../../context.ts';

export interface AutomaticNotification {
  publisherId: number;
  /** campaign_90_cap, campaign_reach_cap, offer_expire or postback_failing. */
  kind: string;
  /** Makes the notification idempotent: the same key for the same publisher is stored once. */
  dedupKey: string;
  summary: string;
  description: string;
  urgent?: boolean;
  offerId?: number | null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export { escapeHtml };

/**
 * Stores an automatic notification once (notifications.dedup_key) and, for the subscription kinds
 * of docs/limits.md, e-mails the publisher's users who subscribed to that kind. Mail failures are logged,
 * never thrown: the notification itself is already stored.
 */
export async function notifyPublisher(ctx: AppContext, n: AutomaticNotification): Promise<boolean> {
  const inserted = await ctx.db
    .insertInto('notifications')
    .values({
      publisher_id: n.publisherId,
      kind: n.kind,
      dedup_key: n.dedupKey,
      summary: n.summary,
      description: n.description,
      urgent: n.urgent ?? false,
      context_domain: n.offerId ? 'offer' : null,
      context_id: n.offerId ?? null,
    })
    .onConflict((oc) => oc.columns(['publisher_id', 'dedup_key']).where('dedup_key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  if ((NOTIFICATION_SUBSCRIPTION_KEYS as readonly string[]).includes(n.kind)) {
    const users = await ctx.db
      .selectFrom('publisher_users')
      .innerJoin('users', 'users.id', 'publisher_users.user_id')
      .select(['users.email', 'users.notification_subscriptions'])
      .where('publisher_users.publisher_id', '=', n.publisherId)
      .execute();
    for (const u of users) {
      if (!u.notification_subscriptions.includes(n.kind)) continue;
      const link = n.offerId ? `\n\n${ctx.config.publicUrl}/offers/${n.offerId}/details` : '';
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
