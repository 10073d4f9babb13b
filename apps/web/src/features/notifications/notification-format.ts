import type { Notification } from '@portal/shared/notifications/notifications.schemas';
import { NOTIFICATION_MODAL_LIMIT } from '@portal/shared/notifications/notifications.constants';
import { paths } from '../../config/paths.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { resolveTimeZone } from '../../lib/time-zone.ts';

/**
 * When a notification was sent, in the user's time zone: in full with the zone for the side panel
 * ("Nov 24, 2026, 9:04 PM EST"); compact for lists ("Nov 24, 9:04 PM" this year, "Nov 24, 2025"
 * before).
 */
export function formatSentAt(iso: string, timeZone: string, _style?: 'full' | 'compact', _now?: Date): string {
  return formatDateTime(iso, resolveTimeZone(timeZone));
}

export interface BellState {
  /** Unread notifications among those the bell received. */
  unread: number;
  /** The bell received a full page: there may be more unread than it shows. */
  more: boolean;
  /** Any unread one is urgent: the bell shakes (docs/screens.md Notifications). */
  urgent: boolean;
  /** The bell button's accessible name. */
  label: string;
  /** The badge's text ('9+' past nine); null: no badge. */
  badge: string | null;
}

/** What the bell shows for the unread notifications it received (docs/screens.md Notifications). */
export function bellState(received: readonly Pick<Notification, 'is_read' | 'urgent'>[] | undefined): BellState {
  const unread = (received ?? []).filter((n) => !n.is_read);
  const more = (received?.length ?? 0) >= NOTIFICATION_MODAL_LIMIT;
  const count = `${unread.length}${more ? '+' : ''}`;
  return {
    unread: unread.length,
    more,
    urgent: unread.some((n) => n.urgent),
    label: unread.length > 0 ? `Notifications, ${count} unread` : 'Notifications',
    badge: unread.length === 0 ? null : unread.length > 9 ? '9+' : count,
  };
}

/** Where a notification's 'Check it Out' goes: its offer's details, for offer-context ones only. */
export function offerOf(n: Pick<Notification, 'context_domain' | 'context_id'>): number | null {
  return n.context_domain === 'offer' && n.context_id != null ? n.context_id : null;
}

/** A link to what a notification is about (docs/screens.md Notifications). */
export interface NotificationLink {
  to: string;
  /** The link's text in the lists; the side panel says 'Check it Out' for an offer. */
  label: string;
}

/** Where a notification leads: its offer's details, its postback's delivery log or its invoice; null for none. */
export function linkOf(n: Pick<Notification, 'context_domain' | 'context_id' | 'target'>): NotificationLink | null {
  const offerId = offerOf(n);
  const target = n.target ?? (offerId !== null ? { domain: 'offer' as const, id: offerId } : null);
  if (!target) return null;
  if (target.domain === 'offer') return { to: paths.offer(target.id, 'details'), label: 'View offer' };
  if (target.domain === 'postback') return { to: paths.postbackDeliveries(target.id), label: 'View deliveries' };
  return { to: paths.invoice(target.id), label: 'View invoice' };
}
