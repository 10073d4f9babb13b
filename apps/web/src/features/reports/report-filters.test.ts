import { describe, expect, it } from 'vitest';
import { apiFilters, drillTarget, exportFilters, readReportFilters, writeReportFilters } from './report-filters.ts';

const today = '2026-11-24';
const q = (s: string) => new URLSearchParams(s);

describe('report filters in the URL', () => {
  it('default to today → today, no offer, no landing page', () => {
    expect(readReportFilters(q(''), today)).toEqual({
      range: { start: today, end: today },
      offers: [],
      landingPages: [],
    });
  });

  it('round-trip through the query string', () => {
    const f = { range: { start: '2026-11-01', end: '2026-11-24' }, offers: [3, 1], landingPages: [7] };
    expect(writeReportFilters(f)).toBe('start=2026-11-01&end=2026-11-24&offer=3%2C1&lp=7');
    expect(readReportFilters(q(writeReportFilters(f)), today)).toEqual(f);
  });

  it('ignores what is not a valid range or id', () => {
    expect(readReportFilters(q('start=2026-11-30&end=2026-11-01&offer=1,x,-2,1,99999999999&lp=0'), today)).toEqual({
      range: { start: today, end: today },
      offers: [1],
      landingPages: [],
    });
    expect(readReportFilters(q('start=2026-02-30&end=2026-03-01'), today).range).toEqual({ start: today, end: today });
  });

  it('sends null for all offers and landing pages, and only filters with a value to an export', () => {
    const f = { range: { start: '2026-11-01', end: '2026-11-02' }, offers: [], landingPages: [] };
    expect(apiFilters(f)).toEqual({ date_range: f.range, offer_id: null, landing_page_id: null });
    expect(exportFilters(f)).toEqual({ date_range: f.range });
    expect(exportFilters({ ...f, offers: [2] })).toEqual({ date_range: f.range, offer_id: [2] });
  });
});

describe('drill-downs (docs/screens.md)', () => {
  const f = { range: { start: '2026-11-01', end: '2026-11-24' }, offers: [], landingPages: [] };
  it('campaign → daily with that offer, keeping the range', () => {
    expect(drillTarget('daily', f, { offerId: 5 })).toEqual({
      report: 'daily',
      filters: { ...f, offers: [5] },
    });
  });
  it('daily → hourly for that day, keeping the offers', () => {
    expect(drillTarget('hourly', { ...f, offers: [2] }, { day: '2026-11-07' })).toEqual({
      report: 'hourly',
      filters: { range: { start: '2026-11-07', end: '2026-11-07' }, offers: [2], landingPages: [] },
    });
  });
  it('landing page → campaign with its offer and landing page', () => {
    expect(drillTarget('campaign', f, { offerId: 1, landingPageId: 3 }).filters).toEqual({
      ...f,
      offers: [1],
      landingPages: [3],
    });
  });
  it('sub-ID → the campaign summary for one day', () => {
    expect(drillTarget('campaign', f, { oneDay: true }).filters.range).toEqual({
      start: '2026-11-01',
      end: '2026-11-01',
    });
  });
});
