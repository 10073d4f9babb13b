import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditRows, signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import { createAdvertiser } from '../helpers/network-factories.ts';

describe('an offer’s approval settings in the operator API (docs/money.md)', () => {
  let t: TestApp;
  let manager: AdminClient;
  let advertiserId: number;

  beforeAll(async () => {
    t = await createTestApp();
    manager = (await signedInOperator(t, 'manager')).api;
    advertiserId = (await createAdvertiser(t, { name: 'Hold Shop' })).id;
  });
  afterAll(() => t.close());

  const form = (over: Record<string, unknown> = {}) => ({
    name: 'Held Offer',
    advertiser_id: advertiserId,
    status: 'active',
    visibility: 'public',
    conversion_method: 'postback',
    events: [{ name: 'Sale', payout: 5, payout_type: 'cpa', revenue: 8, revenue_type: 'cpa' }],
    landing_pages: [{ url: 'https://shop.example/?clickid={tid}' }],
    ...over,
  });

  it('a new offer approves at once with no minimum click-to-conversion time unless told otherwise', async () => {
    const r = await manager.post('/offers/new', form({ name: 'Default Approval' }));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ conversion_approval: 'auto', hold_days: null, min_ctit_seconds: 0 });
  });

  it('a hold keeps its days, is read back, audited, and another mode drops the days', async () => {
    const r = await manager.post(
      '/offers/new',
      form({ conversion_approval: 'hold', hold_days: 14, min_ctit_seconds: 30 }),
    );
    expect(r.status).toBe(200);
    const id = r.body.data.id as number;
    expect(r.body.data).toMatchObject({ conversion_approval: 'hold', hold_days: 14, min_ctit_seconds: 30 });
    expect((await manager.get(`/offers/${id}`)).body.data).toMatchObject({
      conversion_approval: 'hold',
      hold_days: 14,
    });

    const u = await manager.post(`/offers/${id}/update`, form({ conversion_approval: 'manual', hold_days: 14 }));
    expect(u.status).toBe(200);
    expect(u.body.data).toMatchObject({ conversion_approval: 'manual', hold_days: null, min_ctit_seconds: 0 });
    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({ action: 'offer.update', object_id: String(id) });
    expect(entry!.before).toMatchObject({ conversion_approval: 'hold', hold_days: 14, min_ctit_seconds: 30 });
    expect(entry!.after).toMatchObject({ conversion_approval: 'manual', hold_days: null });
  });

  it('a hold without days, days out of 1–90 and a negative minimum are answered in words at their fields', async () => {
    const none = await manager.post('/offers/new', form({ conversion_approval: 'hold' }));
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({
      hold_days: { code: '0x4001', message: 'Enter how many days to hold conversions.' },
    });
    for (const days of [0, 91]) {
      const r = await manager.post('/offers/new', form({ conversion_approval: 'hold', hold_days: days }));
      expect(r.status).toBe(422);
      expect(r.body.errors.hold_days).toEqual({ code: '0x4010', message: 'Hold conversions for 1 to 90 days.' });
    }
    const ctit = await manager.post('/offers/new', form({ min_ctit_seconds: -1 }));
    expect(ctit.body.errors.min_ctit_seconds).toEqual({
      code: '0x4010',
      message: 'The minimum click-to-conversion time is 0 (off) to 2,592,000 seconds (30 days).',
    });
    const mode = await manager.post('/offers/new', form({ conversion_approval: 'later' }));
    expect(mode.status).toBe(422);
    expect(mode.body.errors.conversion_approval.code).toBe('0x4010');
  });
});
