import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('sign-up look-ups: business unit by domain, countries, regions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MINIMUM_PAYOUT_USD: '75' });
  });
  afterAll(() => t.close());

  it('business-unit/get-by-domain answers [] when the network has no unit', async () => {
    const r = await t.get('/business-unit/get-by-domain?domain=portal.example.com');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });

  describe('with units', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      const rows = await t.app.ctx.db
        .insertInto('business_units')
        .values([
          { domain: 'localhost', name: 'Publisher Portal', brand: null, three_step_signup: false },
          { domain: 'northwind.test', name: 'Northwind Partners', brand: 'northwind', three_step_signup: true },
          { domain: 'bluepeak.test', name: 'Bluepeak Affiliates', brand: 'bluepeak', three_step_signup: false },
        ])
        .returning(['id', 'domain'])
        .execute();
      ids = Object.fromEntries(rows.map((r) => [r.domain, r.id]));
    });

    it('finds the unit of the domain or of a parent domain, in any case, with a trailing dot', async () => {
      for (const domain of [
        'northwind.test',
        'portal.northwind.test',
        'a.b.northwind.test',
        'NorthWind.TEST',
        'northwind.test.',
      ]) {
        const r = await t.get(`/business-unit/get-by-domain?domain=${encodeURIComponent(domain)}`);
        expect(r.status, domain).toBe(200);
        expect(r.body).toHaveLength(1);
        expect(r.body[0]).toMatchObject({
          id: ids['northwind.test'],
          domain: 'northwind.test',
          name: 'Northwind Partners',
          brand: 'northwind',
          three_step_signup: true,
        });
      }
    });

    it('falls back to the first unit for an unknown or missing domain', async () => {
      for (const q of ['?domain=unknown.example', '?domain=', '', '?domain=test']) {
        const r = await t.get(`/business-unit/get-by-domain${q}`);
        expect(r.status, q).toBe(200);
        expect(r.body[0].id, q).toBe(ids['localhost']);
      }
    });

    it('carries the terms with the configured minimum payout', async () => {
      const r = await t.get('/business-unit/get-by-domain?domain=bluepeak.test');
      expect(r.body[0].minimum_payout).toBe(75);
      expect(r.body[0].terms).toContain('$75');
      expect(r.body[0].terms).toMatch(/^PUBLISHER TERMS AND CONDITIONS/);
    });
  });

  it('country-codes lists ISO 3166-1 countries with English names, sorted by name', async () => {
    const r = await t.get('/country-codes');
    expect(r.status).toBe(200);
    const list = r.body as { id: string; name: string }[];
    expect(list.length).toBeGreaterThanOrEqual(249);
    for (const c of list) expect(c.id).toMatch(/^[A-Z]{2}$/);
    expect(new Set(list.map((c) => c.id)).size).toBe(list.length);
    expect(list).toContainEqual({ id: 'CA', name: 'Canada' });
    expect(list).toContainEqual({ id: 'DE', name: 'Germany' });
    const names = list.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
    // A public call: no token needed.
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('region-codes?country= lists ISO 3166-2 subdivisions of that country', async () => {
    const ca = await t.get('/region-codes?country=CA');
    expect(ca.status).toBe(200);
    expect(ca.body).toContainEqual({ code: 'ON', name: 'Ontario' });
    expect(ca.body).toContainEqual({ code: 'QC', name: 'Quebec' });
    expect(ca.body).toHaveLength(13);
    const us = await t.get('/region-codes?country=us');
    expect(us.body).toContainEqual({ code: 'NY', name: 'New York' });
    expect(us.body.length).toBeGreaterThanOrEqual(50);
    const gb = await t.get('/region-codes?country=GB');
    expect(gb.body.length).toBeGreaterThan(3);
    for (const q of ['XX', 'ZZ', '', '12']) {
      const r = await t.get(`/region-codes?country=${q}`);
      expect(r.status, q).toBe(200);
      expect(r.body, q).toEqual([]);
    }
  });

  it('every region offered is accepted by the sign-up check for its country', async () => {
    for (const country of ['CA', 'US', 'DE', 'IN', 'AU']) {
      const regions = (await t.get(`/region-codes?country=${country}`)).body as { code: string }[];
      expect(regions.length, country).toBeGreaterThan(0);
      for (const region of [regions[0]!, regions.at(-1)!]) {
        const r = await t.post('/publisher/sign-up', {
          company_address_country: country,
          company_address_region: region.code,
          speculative: true,
        });
        expect(r.status, `${country}/${region.code}`).toBe(200);
      }
    }
  });
});
