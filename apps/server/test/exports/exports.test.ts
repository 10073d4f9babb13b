import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createOffer, insertClicks, insertConversion, type OfferFixture } from '../reports/report-fixtures.ts';
import { parseCsv } from './csv-parse.ts';
import { ERROR_CODES } from '@portal/shared';

let t: TestApp;
let a: { publisherId: number; token: string };
let b: { publisherId: number; token: string };
let offer: OfferFixture;

const NASTY = [
  '=HYPERLINK("http://evil.test","x")',
  '+1',
  '-1+2',
  '@SUM(A1)',
  '\tTab',
  '\rCR',
  'quote " and, comma\nnewline',
  'plain',
];
const range = { date_range: { start: '2026-10-10', end: '2026-10-10' } };

async function runExport(type: string, token: string, body: Record<string, unknown> = { filters: range }) {
  const start = await t.post(`/report/${type}/export`, body, { token });
  expect(start.status).toBe(200);
  expect(start.body.success).toBe(true);
  const { job_id, poll_endpoint } = start.body.result;
  const done = await eventually(async () => {
    const p = await t.post(poll_endpoint, { id: job_id }, { token });
    expect(p.status).toBe(200);
    expect(['pending', 'processing', 'completed']).toContain(p.body.status);
    return p.body.status === 'completed' ? p.body : null;
  }, 30_000);
  return { jobId: job_id as string, poll: poll_endpoint as string, done };
}

beforeAll(async () => {
  t = await createTestApp();
  const pa = await createPublisher(t, { timezone: 'Asia/Kolkata' });
  const pb = await createPublisher(t);
  a = { publisherId: pa.publisherId, token: await login(t, pa) };
  b = { publisherId: pb.publisherId, token: await login(t, pb) };
  offer = await createOffer(t, '=cmd|calc!A1');
  const base = Date.parse('2026-10-10T06:00:00Z');
  const clicks = await insertClicks(
    t,
    NASTY.map((s1, i) => ({
      at: new Date(base + i * 60_000),
      publisherId: a.publisherId,
      offerId: offer.offerId,
      landingPageId: offer.landingPageIds[0],
      s1,
      pubSource: '-src',
    })),
  );
  for (const ck of clicks)
    await insertConversion(t, {
      at: new Date(ck.at.getTime() + 1000),
      click: ck,
      eventId: offer.events.conversion,
      eventType: 'conversion',
      payout: -1.5,
    });
  const bc = await insertClicks(t, [
    { at: new Date(base), publisherId: b.publisherId, offerId: offer.offerId, landingPageId: null, s1: 'b-secret' },
  ]);
  await insertConversion(t, {
    at: new Date(base + 1000),
    click: bc[0]!,
    eventId: offer.events.conversion,
    eventType: 'conversion',
    payout: 9,
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('CSV export', () => {
  it('round-trips the conversion report with formulas neutralised and numbers kept (B8)', async () => {
    const { done } = await runExport('conversion', a.token);
    expect(done.export_url).toMatch(/^\/api\/v1\/report\/export\/download\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    expect(done.timezone).toBe('Asia/Kolkata');
    expect(Number.isFinite(Date.parse(done.data_as_of))).toBe(true);
    expect(done.rows).toBe(NASTY.length);
    // The browser navigates to the link: no bearer token, no cookie.
    const file = await fetch(`${t.url}${done.export_url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="conversion_export_\d{4}-\d{2}-\d{2}_\d{2}\.\d{2}\.\d{2}\.csv"$/,
    );
    // A6 on the download.
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toContain('no-store');
    expect(file.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(file.headers.get('x-report-timezone')).toBe('Asia/Kolkata');
    const text = await file.text();
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    const header = rows[0]!;
    expect(header.slice(0, 12)).toEqual([
      'timestamp',
      'click_time',
      'offer_id',
      'offer_name',
      'event_id',
      'sub_id_1',
      'sub_id_2',
      'sub_id_3',
      'sub_id_4',
      'sub_id_5',
      'pub_source',
      'earnings',
    ]);
    expect(rows).toHaveLength(NASTY.length + 1);
    const col = (name: string) => header.indexOf(name);
    const subs = rows.slice(1).map((r) => r[col('sub_id_1')]);
    expect(subs).toEqual(NASTY.map((s) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s)));
    for (const r of rows.slice(1)) {
      expect(r[col('offer_name')]).toBe("'=cmd|calc!A1");
      expect(r[col('pub_source')]).toBe("'-src");
      expect(r[col('earnings')]).toBe('-1.5');
      expect(r[col('timestamp')]).toMatch(/^2026-10-10T\d{2}:\d{2}:\d{2}\+05:30$/);
    }
    // Numbers are bare (unquoted) in the raw text; the negative earnings is not prefixed.
    expect(text).toContain(',-1.5,');
    expect(text).not.toContain('b-secret');
  });

  it('lets only the owner obtain or use the file (A1)', async () => {
    const { jobId, poll, done } = await runExport('conversion', a.token);
    expect((await t.post(poll, { id: jobId }, { token: b.token })).status).toBe(404);
    const url = new URL(done.export_url, t.url);
    expect((await fetch(`${t.url}${url.pathname}`)).status).toBe(404);
    expect((await fetch(`${t.url}${url.pathname}`, { headers: { authorization: `Bearer ${b.token}` } })).status).toBe(
      404,
    );
    expect((await fetch(`${t.url}${url.pathname}`, { headers: { authorization: `Bearer ${a.token}` } })).status).toBe(
      200,
    );
    const sig = url.searchParams.get('signature')!;
    const tampered = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(
      (await fetch(`${t.url}${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${tampered}`)).status,
    ).toBe(404);
    expect(
      (await fetch(`${t.url}${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 60}&signature=${sig}`))
        .status,
    ).toBe(404);
    expect((await fetch(`${t.url}${url.pathname}?expires=1&signature=${sig}`)).status).toBe(404);
    // B's own export of the same filters holds only B's row.
    const theirs = await runExport('conversion', b.token);
    const text = await (await fetch(`${t.url}${theirs.done.export_url}`)).text();
    const rows = parseCsv(text);
    expect(rows).toHaveLength(2);
    expect(text).toContain('b-secret');
  });

  it('a signed link ends when its owner ends every session (bound to the token version)', async () => {
    const p = await createPublisher(t);
    const token = await login(t, p);
    const { done } = await runExport('conversion', token);
    const link = `${t.url}${done.export_url}`;
    expect((await fetch(link)).status).toBe(200);
    expect((await t.post('/user/logout-all', {}, { token })).status).toBe(200);
    expect((await fetch(link)).status).toBe(404);
  });

  it('a signed link ends when the session that got it logs out; another session’s link lives on', async () => {
    const p = await createPublisher(t);
    const first = await login(t, p);
    const second = await login(t, p);
    const { jobId, poll, done } = await runExport('conversion', first);
    const link = `${t.url}${done.export_url}`;
    const other = `${t.url}${(await t.post(poll, { id: jobId }, { token: second })).body.export_url}`;
    expect((await fetch(link)).status).toBe(200);
    expect((await t.post('/user/logout', {}, { token: first })).status).toBe(200);
    const ended = await fetch(link);
    expect(ended.status).toBe(404);
    expect(((await ended.json()) as { error: { code: string } }).error.code).toBe(ERROR_CODES.NOT_FOUND);
    expect((await fetch(other)).status).toBe(200);
    // The link names its session: naming another, or none, verifies nothing.
    const url = new URL(link);
    url.searchParams.set('session', new URL(other).searchParams.get('session')!);
    expect((await fetch(url)).status).toBe(404);
    url.searchParams.delete('session');
    expect((await fetch(url)).status).toBe(404);
  });

  it('exports the other reports with the same machinery', async () => {
    for (const type of ['campaign', 'daily', 'hourly', 'landing-page', 'sub-id', 'click', 'referral']) {
      const { done } = await runExport(type, a.token);
      const res = await fetch(`${t.url}${done.export_url}`);
      expect(res.headers.get('content-disposition')).toContain(`filename="${type}_export_`);
      const rows = parseCsv(await res.text());
      expect(rows.length).toBeGreaterThanOrEqual(1);
    }
    const daily = await runExport('daily', a.token);
    const rows = parseCsv(await (await fetch(`${t.url}${daily.done.export_url}`)).text());
    expect(rows[1]).toEqual(['2026-10-10', '8', '8', '0', '0', '100', '-12', '-1.5']);
  });

  it('refuses bad requests with 422', async () => {
    expect(
      (await t.post('/report/conversion/export', { filters: range, sort: 'clicks' }, { token: a.token })).status,
    ).toBe(422);
    expect(
      (
        await t.post(
          '/report/conversion/export',
          { filters: { date_range: { start: 'x', end: 'y' } } },
          { token: a.token },
        )
      ).status,
    ).toBe(422);
    expect((await t.post('/report/export/status', { id: 'not-a-uuid' }, { token: a.token })).status).toBe(422);
    expect((await t.post('/report/conversion/export', { filters: range })).status).toBe(401);
  });
});
