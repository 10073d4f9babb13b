import { NOTIFICATION_MODAL_LIMIT } from '@portal/shared/notifications/notifications.constants';
import { describe, expect, it } from 'vitest';
import { bellState, formatSentAt, linkOf, offerOf } from './notification-format.ts';

describe('formatSentAt: the sent time in the user’s zone', () => {
  it('as every time of the portal, in the profile’s zone', () => {
    expect(formatSentAt('2026-11-24T02:04:38.439Z', 'America/Toronto')).toBe('2026-11-23 9:04:38 PM');
    expect(formatSentAt('2026-11-24T02:04:38.439Z', 'Asia/Kolkata')).toBe('2026-11-24 7:34:38 AM');
    // Summer time in the same zone.
    expect(formatSentAt('2026-07-01T16:00:00Z', 'America/Toronto')).toBe('2026-07-01 12:00:00 PM');
  });

  it('an unknown zone falls back to the browser’s; a bad date gives nothing', () => {
    expect(formatSentAt('2026-11-24T02:04:38Z', 'Not/AZone')).not.toBe('');
    expect(formatSentAt('not a date', 'UTC')).toBe('');
  });
});

describe('bellState (docs/screens.md Notifications)', () => {
  const n = (is_read: boolean, urgent: boolean) => ({ is_read, urgent });

  it('no badge, no shake and a plain name when nothing is unread', () => {
    for (const list of [undefined, [], [n(true, true), n(true, false)]]) {
      expect(bellState(list)).toEqual({ unread: 0, more: false, urgent: false, label: 'Notifications', badge: null });
    }
  });

  it('counts the unread ones in the badge and the name', () => {
    expect(bellState([n(false, false), n(false, false), n(true, true)])).toEqual({
      unread: 2,
      more: false,
      urgent: false,
      label: 'Notifications, 2 unread',
      badge: '2',
    });
  });

  it('shakes only for an unread urgent one', () => {
    expect(bellState([n(false, true)]).urgent).toBe(true);
    expect(bellState([n(true, true), n(false, false)]).urgent).toBe(false);
  });

  it("caps the badge at '9+' and says '+' when the bell's page is full", () => {
    expect(bellState(Array.from({ length: 12 }, () => n(false, false))).badge).toBe('9+');
    const full = bellState(Array.from({ length: NOTIFICATION_MODAL_LIMIT }, () => n(false, false)));
    expect(full.more).toBe(true);
    expect(full.label).toBe(`Notifications, ${NOTIFICATION_MODAL_LIMIT}+ unread`);
  });
});

describe('offerOf: where Check it Out goes', () => {
  it('an offer-context notification goes to its offer; others nowhere', () => {
    expect(offerOf({ context_domain: 'offer', context_id: 8 })).toBe(8);
    expect(offerOf({ context_domain: null, context_id: null })).toBeNull();
    expect(offerOf({ context_domain: 'offer', context_id: null })).toBeNull();
  });
});

describe('linkOf: where a notification leads', () => {
  it('an offer to its details, a postback to its delivery log, an invoice to its page; nothing else', () => {
    const none = { context_domain: null, context_id: null };
    expect(linkOf({ context_domain: 'offer', context_id: 8, target: { domain: 'offer', id: 8 } })).toEqual({
      to: '/offers/8/details',
      label: 'View offer',
    });
    expect(linkOf({ ...none, target: { domain: 'postback', id: 5 } })).toEqual({
      to: '/global-pixel-postback?deliveries=5',
      label: 'View deliveries',
    });
    expect(linkOf({ ...none, target: { domain: 'invoice', id: 12 } })).toEqual({
      to: '/invoices/12',
      label: 'View invoice',
    });
    expect(linkOf({ ...none, target: null })).toBeNull();
    // An answer without the target (an older server) still links its offer.
    expect(linkOf({ context_domain: 'offer', context_id: 3 } as Parameters<typeof linkOf>[0])?.to).toBe(
      '/offers/3/details',
    );
  });
});
