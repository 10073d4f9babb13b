import { describe, expect, it } from 'vitest';
import { notPayingReason } from './offer-payability.ts';

describe('why an offer will not pay', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  it('says so for each status whose clicks go to the fallback, with its reason', () => {
    expect(notPayingReason({ status: 'paused', expiration: null }, now)).toMatch(/^This offer is paused: /);
    expect(notPayingReason({ status: 'expired', expiration: null }, now)).toMatch(/^This offer has expired: /);
    expect(notPayingReason({ status: 'pending', expiration: null }, now)).toMatch(/pending approval: .*approves it/);
    expect(notPayingReason({ status: 'ready', expiration: null }, now)).toMatch(/^This offer is not live yet: /);
  });
  it('is null for an active offer, unless its expiry date has passed', () => {
    expect(notPayingReason({ status: 'active', expiration: null }, now)).toBeNull();
    expect(notPayingReason({ status: 'active', expiration: '2026-05-10' }, now)).toBeNull();
    expect(notPayingReason({ status: 'active', expiration: '2026-05-09' }, now)).toBe(
      'This offer expired on 2026-05-09: clicks go to a fallback page and earn nothing.',
    );
  });
});
