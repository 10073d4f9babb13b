import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { click, convert, createTrackedOffer, settle } from '../helpers/tracking-factories.ts';
import { formulaCells, readAs, READERS, type ReaderName } from './spreadsheet-readers.ts';

/**
 * Sub IDs are whatever a click's URL says, so anyone can put a formula in a publisher's
 * export. Each value goes in through the real click path, comes out in the downloaded file, and
 * no reader — `,` as written, `;` or tab with or without quotes — finds a cell that starts with a
 * formula.
 */
const SUB_IDS = [
  'a;=1+1',
  '=HYPERLINK("http://evil.test","x")',
  '@SUM(1)',
  '+1',
  '-1',
  // The click path trims a sub ID, so a tab or CR leads only inside one.
  'x\t@SUM(1)',
  'y\r=1+1',
  'z\r\n-1',
  'b,=1+1',
  'c;;-2+3;"=1"',
];
const READER_NAMES = Object.keys(READERS) as ReaderName[];

let t: TestApp;
let token: string;
const today = new Date().toISOString().slice(0, 10);
const filters = { date_range: { start: today, end: today } };

async function download(type: 'click' | 'conversion'): Promise<string> {
  const start = await t.post(`/report/${type}/export`, { filters }, { token });
  expect(start.status).toBe(200);
  const done = await eventually(async () => {
    const p = await t.post(start.body.result.poll_endpoint, { id: start.body.result.job_id }, { token });
    expect(p.status).toBe(200);
    return p.body.status === 'completed' ? p.body : null;
  }, 30_000);
  const file = await fetch(`${t.url}${done.export_url}`);
  expect(file.status).toBe(200);
  return file.text();
}

beforeAll(async () => {
  t = await createTestApp();
  const pub = await createPublisher(t, { timezone: 'UTC' });
  token = await login(t, pub);
  const offer = await createTrackedOffer(t, { name: '-offer;=1', payout: 2.5 });
  for (const s of SUB_IDS) {
    const c = await click(t, offer.offerId, pub.publisherId, {
      s1: s,
      s2: `x${s}`,
      s5: s,
      pub_source: s,
      pub_click_id: s,
    });
    expect(c.status).toBe(302);
    const r = await convert(t, { tid: c.tid!, token: offer.token });
    expect(r.status).toBe(200);
  }
  await settle(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('exported files hold no formula for any spreadsheet reader', () => {
  for (const type of ['click', 'conversion'] as const) {
    it(`${type} report: sub IDs from real clicks are neutralised wherever a cell may start`, async () => {
      const text = await download(type);
      for (const reader of READER_NAMES) expect(formulaCells(text, reader), `${type} read as ${reader}`).toEqual([]);

      const rows = readAs(text, 'comma');
      const header = rows[0]!;
      expect(rows).toHaveLength(SUB_IDS.length + 1);
      const col = (name: string) => header.indexOf(name);
      const s1 = rows.slice(1).map((r) => r[col('sub_id_1')]);
      // The click path keeps every character: the file shows each value as text, a quote mark first.
      expect(s1.sort()).toEqual(
        [
          "a;'=1+1",
          `'=HYPERLINK("http://evil.test","x")`,
          "'@SUM(1)",
          "'+1",
          "'-1",
          "x\t'@SUM(1)",
          "y\r'=1+1",
          "z\r\n'-1",
          "b,'=1+1",
          `c;;'-2+3;'"=1"`,
        ].sort(),
      );
      for (const r of rows.slice(1)) {
        expect(r[col('offer_name')]).toBe("'-offer;'=1");
        expect(r[col('sub_id_2')]!.startsWith('x')).toBe(true);
      }
      // The raw line keeps `a;'=1+1` inside one quoted cell, so a `;` reader cannot split it out.
      expect(text).toContain(`"a;'=1+1"`);
      if (type === 'conversion') {
        // Amounts and ids stay bare numbers.
        for (const r of rows.slice(1)) expect(r[col('earnings')]).toBe('2.5');
        expect(text).toMatch(/,2\.5,/);
      }
    });
  }
});
