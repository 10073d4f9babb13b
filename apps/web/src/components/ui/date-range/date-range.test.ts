import { calendarDaySchema } from '@portal/shared/common/list';
import { describe, expect, it } from 'vitest';
import {
  DATE_RANGE_PRESETS,
  calendarDate,
  dayOfCalendarDate,
  formatPickerDateTime,
  formatMinutes,
  formatPeriod,
  formatRangeLabel,
  joinDayTime,
  matchingPreset,
  normalizeRange,
  parseDayInput,
  pick,
  presetRange,
  rangeBounds,
  splitInstant,
  timeOptions,
  todayIn,
  type DateRangePresetId,
  type DayRange,
  type PickerState,
} from './date-range.ts';

const HOUR = 3_600_000;
const allPresets = (timeZone: string, now: Date) =>
  Object.fromEntries(DATE_RANGE_PRESETS.map(({ id }) => [id, presetRange(id, timeZone, now)])) as Record<
    DateRangePresetId,
    DayRange
  >;
const r = (start: string, end: string): DayRange => ({ start, end });
const iso = (d: Date) => d.toISOString();

describe('presets (docs/limits.md)', () => {
  it('are listed in the spec order with its labels', () => {
    expect(DATE_RANGE_PRESETS.map((p) => p.label)).toEqual([
      'Today',
      'Yesterday',
      'This Week',
      'Last Week',
      'This Month',
      'Last Month',
      'This Year',
    ]);
  });

  it('cover whole days, Monday weeks, months and the year on an ordinary Wednesday', () => {
    const now = new Date('2026-11-18T15:00:00Z'); // Wednesday
    expect(allPresets('UTC', now)).toEqual({
      today: r('2026-11-18', '2026-11-18'),
      yesterday: r('2026-11-17', '2026-11-17'),
      'this-week': r('2026-11-16', '2026-11-22'),
      'last-week': r('2026-11-09', '2026-11-15'),
      'this-month': r('2026-11-01', '2026-11-30'),
      'last-month': r('2026-10-01', '2026-10-31'),
      'this-year': r('2026-01-01', '2026-12-31'),
    });
  });

  it('cross the year boundary: Last Month in January, Last Week on a Monday', () => {
    const monday = new Date('2026-01-05T12:00:00Z');
    expect(allPresets('UTC', monday)).toEqual({
      today: r('2026-01-05', '2026-01-05'),
      yesterday: r('2026-01-04', '2026-01-04'),
      'this-week': r('2026-01-05', '2026-01-11'),
      'last-week': r('2025-12-29', '2026-01-04'),
      'this-month': r('2026-01-01', '2026-01-31'),
      'last-month': r('2025-12-01', '2025-12-31'),
      'this-year': r('2026-01-01', '2026-12-31'),
    });
  });

  it('treat Sunday as the last day of its week, not the first', () => {
    const sunday = new Date('2026-01-04T12:00:00Z');
    expect(presetRange('this-week', 'UTC', sunday)).toEqual(r('2025-12-29', '2026-01-04'));
    expect(presetRange('last-week', 'UTC', sunday)).toEqual(r('2025-12-22', '2025-12-28'));
    expect(presetRange('this-year', 'UTC', sunday)).toEqual(r('2026-01-01', '2026-12-31'));
  });

  it('give Yesterday on New Year’s Day as the last day of the previous year', () => {
    expect(presetRange('yesterday', 'UTC', new Date('2026-01-01T08:00:00Z'))).toEqual(r('2025-12-31', '2025-12-31'));
  });

  it('use the profile zone, not UTC: in Kolkata (+05:30) 20:00 UTC is already the next day', () => {
    const now = new Date('2026-11-24T20:00:00Z'); // 01:30 on Wednesday 25 Nov in Kolkata
    expect(todayIn('UTC', now)).toBe('2026-11-24');
    expect(todayIn('Asia/Kolkata', now)).toBe('2026-11-25');
    expect(presetRange('today', 'Asia/Kolkata', now)).toEqual(r('2026-11-25', '2026-11-25'));
    expect(presetRange('yesterday', 'Asia/Kolkata', now)).toEqual(r('2026-11-24', '2026-11-24'));
    expect(presetRange('this-week', 'Asia/Kolkata', now)).toEqual(r('2026-11-23', '2026-11-29'));
  });

  it('turn the month in Kolkata while it is still the last day of the month in UTC', () => {
    const now = new Date('2026-11-30T19:00:00Z'); // 00:30 on 1 Dec in Kolkata
    expect(presetRange('this-month', 'Asia/Kolkata', now)).toEqual(r('2026-12-01', '2026-12-31'));
    expect(presetRange('last-month', 'Asia/Kolkata', now)).toEqual(r('2026-11-01', '2026-11-30'));
    expect(presetRange('this-month', 'UTC', now)).toEqual(r('2026-11-01', '2026-11-30'));
  });

  it('stay on the right day in Toronto late in the evening, when UTC is already tomorrow', () => {
    const now = new Date('2026-11-01T03:30:00Z'); // 23:30 EDT on Saturday 31 Oct
    expect(presetRange('today', 'America/Toronto', now)).toEqual(r('2026-10-31', '2026-10-31'));
    expect(presetRange('this-month', 'America/Toronto', now)).toEqual(r('2026-10-01', '2026-10-31'));
  });

  it('are recognised when the value is one of them right now', () => {
    const now = new Date('2026-11-18T15:00:00Z');
    expect(matchingPreset(r('2026-11-16', '2026-11-22'), 'UTC', now)).toBe('this-week');
    expect(matchingPreset(r('2026-11-16', '2026-11-21'), 'UTC', now)).toBeNull();
    expect(matchingPreset(null, 'UTC', now)).toBeNull();
  });
});

describe('range bounds: 00:00:00.000 on the first day to 23:59:59.999 on the last (docs/limits.md)', () => {
  it('in UTC', () => {
    const b = rangeBounds(r('2026-11-16', '2026-11-22'), 'UTC');
    expect(iso(b.start)).toBe('2026-11-16T00:00:00.000Z');
    expect(iso(b.end)).toBe('2026-11-22T23:59:59.999Z');
  });

  it('on the spring-forward day in Toronto (2026-03-08, 23 hours)', () => {
    const now = new Date('2026-03-08T16:00:00Z');
    const today = presetRange('today', 'America/Toronto', now);
    expect(today).toEqual(r('2026-03-08', '2026-03-08'));
    const b = rangeBounds(today, 'America/Toronto');
    expect(iso(b.start)).toBe('2026-03-08T05:00:00.000Z'); // midnight EST (-05:00)
    expect(iso(b.end)).toBe('2026-03-09T03:59:59.999Z'); // 23:59:59.999 EDT (-04:00)
    expect(b.end.getTime() + 1 - b.start.getTime()).toBe(23 * HOUR);
    // The week that contains the change: Monday 2 March to Sunday 8 March.
    const week = rangeBounds(presetRange('this-week', 'America/Toronto', now), 'America/Toronto');
    expect(iso(week.start)).toBe('2026-03-02T05:00:00.000Z');
    expect(iso(week.end)).toBe('2026-03-09T03:59:59.999Z');
    expect(week.end.getTime() + 1 - week.start.getTime()).toBe((7 * 24 - 1) * HOUR);
  });

  it('on the fall-back day in Toronto (2026-11-01, 25 hours)', () => {
    const now = new Date('2026-11-01T17:00:00Z');
    const today = presetRange('today', 'America/Toronto', now);
    expect(today).toEqual(r('2026-11-01', '2026-11-01'));
    const b = rangeBounds(today, 'America/Toronto');
    expect(iso(b.start)).toBe('2026-11-01T04:00:00.000Z'); // midnight EDT
    expect(iso(b.end)).toBe('2026-11-02T04:59:59.999Z'); // 23:59:59.999 EST
    expect(b.end.getTime() + 1 - b.start.getTime()).toBe(25 * HOUR);
  });

  it('in a half-hour zone (Asia/Kolkata, +05:30)', () => {
    const now = new Date('2026-11-24T20:00:00Z');
    const b = rangeBounds(presetRange('today', 'Asia/Kolkata', now), 'Asia/Kolkata');
    expect(iso(b.start)).toBe('2026-11-24T18:30:00.000Z');
    expect(iso(b.end)).toBe('2026-11-25T18:29:59.999Z');
    expect(b.start.getTime() <= now.getTime() && now.getTime() <= b.end.getTime()).toBe(true);
  });

  it('where a daylight-saving change happens at midnight (America/Santiago, 2026-09-06)', () => {
    // Clocks go from 00:00 to 01:00: the day starts at 01:00 -03:00 and is 23 hours long.
    const b = rangeBounds(r('2026-09-06', '2026-09-06'), 'America/Santiago');
    expect(iso(b.start)).toBe('2026-09-06T04:00:00.000Z');
    expect(iso(b.end)).toBe('2026-09-07T02:59:59.999Z');
  });
});

describe('range label (docs/screens.md Shared pieces)', () => {
  const now = new Date('2026-11-22T15:00:00Z');
  it('says Today or Yesterday for that single day', () => {
    expect(formatRangeLabel(r('2026-11-22', '2026-11-22'), 'UTC', now)).toBe('Today');
    expect(formatRangeLabel(r('2026-11-21', '2026-11-21'), 'UTC', now)).toBe('Yesterday');
  });
  it('shows both ends with an arrow otherwise, also for any other single day', () => {
    expect(formatRangeLabel(r('2026-11-01', '2026-11-22'), 'UTC', now)).toBe('2026/11/01 → 2026/11/22');
    expect(formatRangeLabel(r('2026-11-21', '2026-11-22'), 'UTC', now)).toBe('2026/11/21 → 2026/11/22');
    expect(formatRangeLabel(r('2026-11-20', '2026-11-20'), 'UTC', now)).toBe('2026/11/20 → 2026/11/20');
    expect(formatRangeLabel(r('2026-11-23', '2026-11-23'), 'UTC', now)).toBe('2026/11/23 → 2026/11/23');
  });
  it('as a line of its own, names the day of Today and Yesterday', () => {
    expect(formatPeriod(r('2026-11-22', '2026-11-22'), 'UTC', now)).toBe('Today, 2026/11/22');
    expect(formatPeriod(r('2026-11-21', '2026-11-21'), 'UTC', now)).toBe('Yesterday, 2026/11/21');
    expect(formatPeriod(r('2026-11-01', '2026-11-22'), 'UTC', now)).toBe('2026/11/01 → 2026/11/22');
  });
  it('reads today in the profile zone', () => {
    const late = new Date('2026-11-24T20:00:00Z');
    expect(formatRangeLabel(r('2026-11-25', '2026-11-25'), 'Asia/Kolkata', late)).toBe('Today');
    expect(formatRangeLabel(r('2026-11-24', '2026-11-24'), 'Asia/Kolkata', late)).toBe('Yesterday');
    expect(formatRangeLabel(r('2026-11-24', '2026-11-24'), 'UTC', late)).toBe('Today');
    expect(formatRangeLabel(r('2026-11-25', '2026-11-25'), 'UTC', late)).toBe('2026/11/25 → 2026/11/25');
  });
  it('is null without a range (the button shows its placeholder)', () => {
    expect(formatRangeLabel(null, 'UTC', now)).toBeNull();
  });
});

describe('typed dates (docs/errors.md, docs/limits.md)', () => {
  it('reads yyyy/MM/dd and yyyy-MM-dd', () => {
    expect(parseDayInput('2026/11/22')).toBe('2026-11-22');
    expect(parseDayInput('2026-11-22')).toBe('2026-11-22');
    expect(parseDayInput('  2026/3/8 ')).toBe('2026-03-08');
    expect(parseDayInput('2024/02/29')).toBe('2024-02-29');
    expect(parseDayInput('2000/02/29')).toBe('2000-02-29');
  });
  it('rejects impossible days and other shapes', () => {
    for (const text of [
      '2026/02/30',
      '2025/02/29',
      '1900/02/29',
      '2026/04/31',
      '2026/13/01',
      '2026/00/10',
      '2026/01/00',
      '22/11/2026',
      '11/22/2026',
      '2026/11-22',
      '2026/11/22 10:00',
      '2026/111/2',
      '1899/12/31',
      '3000/01/01',
      '',
      'today',
    ]) {
      expect(parseDayInput(text), text).toBeNull();
    }
  });
  it('accepts exactly the days the API accepts', () => {
    for (const text of [
      '2026-11-22',
      '2026-02-29',
      '2024-02-29',
      '1900-01-01',
      '1899-12-31',
      '2999-12-31',
      '3000-01-01',
      '2026-06-31',
    ]) {
      expect(parseDayInput(text) !== null, text).toBe(calendarDaySchema.safeParse(text).success);
    }
  });
  it('takes in outside values only when both ends are days, ordering them', () => {
    expect(normalizeRange(r('2026-11-01', '2026-11-22'))).toEqual(r('2026-11-01', '2026-11-22'));
    expect(normalizeRange(r('2026-11-22', '2026-11-01'))).toEqual(r('2026-11-01', '2026-11-22'));
    expect(normalizeRange(r('', ''))).toBeNull();
    expect(normalizeRange(r('2026-11-01', '2026/11/22'))).toBeNull();
    expect(normalizeRange(null)).toBeNull();
    expect(normalizeRange(undefined)).toBeNull();
  });
});

describe('picking (docs/screens.md "Date-range picker")', () => {
  const empty: PickerState = { start: null, end: null };
  const full: PickerState = { start: '2026-11-10', end: '2026-11-20' };

  it('a preset closes and reports its range', () => {
    const range = r('2026-11-16', '2026-11-22');
    expect(pick(full, { type: 'preset', range })).toEqual({ state: range, report: range, close: true });
  });

  it('a complete start and end closes and reports the range, in order', () => {
    expect(pick(empty, { type: 'choose', start: '2026-11-01', end: '2026-11-05' })).toEqual({
      state: r('2026-11-01', '2026-11-05'),
      report: r('2026-11-01', '2026-11-05'),
      close: true,
    });
    expect(pick(full, { type: 'choose', start: '2026-11-05', end: '2026-11-01' }).report).toEqual(
      r('2026-11-01', '2026-11-05'),
    );
  });

  it('only a start keeps it open with the end cleared, and reports nothing', () => {
    const out = pick(full, { type: 'choose', start: '2026-11-15', end: null });
    expect(out).toEqual({ state: { start: '2026-11-15', end: null }, close: false });
    expect('report' in out).toBe(false);
  });

  it('an end earlier than the start becomes the end and clears the start, still open', () => {
    const out = pick({ start: '2026-11-15', end: null }, { type: 'choose', start: null, end: '2026-11-03' });
    expect(out).toEqual({ state: { start: null, end: '2026-11-03' }, close: false });
    expect(pick(full, { type: 'choose', start: null, end: '2026-11-09' }).state).toEqual({
      start: null,
      end: '2026-11-09',
    });
  });

  it('an end alone keeps the existing start, then closes and reports', () => {
    expect(pick({ start: '2026-11-15', end: null }, { type: 'choose', start: null, end: '2026-11-18' })).toEqual({
      state: r('2026-11-15', '2026-11-18'),
      report: r('2026-11-15', '2026-11-18'),
      close: true,
    });
    // The same day as the start is not earlier: a one-day range.
    expect(pick({ start: '2026-11-15', end: null }, { type: 'choose', start: null, end: '2026-11-15' }).report).toEqual(
      r('2026-11-15', '2026-11-15'),
    );
  });

  it('an end alone without a start uses the end as the start too', () => {
    expect(pick(empty, { type: 'choose', start: null, end: '2026-11-18' })).toEqual({
      state: r('2026-11-18', '2026-11-18'),
      report: r('2026-11-18', '2026-11-18'),
      close: true,
    });
    // After an earlier end cleared the start, the next end alone closes on that single day.
    const afterEarlierEnd: PickerState = { start: null, end: '2026-11-03' };
    expect(pick(afterEarlierEnd, { type: 'choose', start: null, end: '2026-11-04' }).report).toEqual(
      r('2026-11-04', '2026-11-04'),
    );
  });

  it('clearing empties both ends and reports null', () => {
    const out = pick(full, { type: 'clear' });
    expect(out.state).toEqual(empty);
    expect(out.report).toBeNull();
    expect('report' in out).toBe(true);
  });

  it('an outside value, including null, replaces the draft without reporting', () => {
    const draft: PickerState = { start: '2026-11-15', end: null };
    expect(pick(draft, { type: 'reset', value: null })).toEqual({ state: empty, close: false });
    expect(pick(draft, { type: 'reset', value: r('2026-10-01', '2026-10-31') })).toEqual({
      state: r('2026-10-01', '2026-10-31'),
      close: false,
    });
  });

  it('choosing nothing changes nothing', () => {
    expect(pick(full, { type: 'choose', start: null, end: null })).toEqual({ state: full, close: false });
  });
});

describe('single date-time mode (docs/limits.md: yyyy/MM/dd h:mm, 5-minute steps)', () => {
  it('offers every 5 minutes of the day', () => {
    const options = timeOptions();
    expect(options).toHaveLength(288);
    expect(options.slice(0, 3)).toEqual([0, 5, 10]);
    expect(options.at(-1)).toBe(23 * 60 + 55);
    expect(formatMinutes(0)).toBe('12:00 AM');
    expect(formatMinutes(9 * 60 + 5)).toBe('9:05 AM');
    expect(formatMinutes(12 * 60)).toBe('12:00 PM');
    expect(formatMinutes(23 * 60 + 55)).toBe('11:55 PM');
  });

  it('formats an instant in the profile zone', () => {
    const t = new Date('2026-11-24T20:07:00Z');
    expect(formatPickerDateTime(t, 'Asia/Kolkata')).toBe('2026/11/25 1:37');
    expect(formatPickerDateTime(t, 'America/Toronto')).toBe('2026/11/24 3:07');
  });

  it('splits an instant into the zone’s day and minutes, down to the step, and joins it back', () => {
    const t = new Date('2026-11-24T20:07:30Z');
    expect(splitInstant(t, 'Asia/Kolkata')).toEqual({ day: '2026-11-25', minutes: 95 });
    expect(iso(joinDayTime('2026-11-25', 95, 'Asia/Kolkata'))).toBe('2026-11-24T20:05:00.000Z');
    expect(iso(joinDayTime('2026-11-01', 12 * 60, 'America/Toronto'))).toBe('2026-11-01T17:00:00.000Z');
  });

  it('moves a time the clocks skip forward to a real instant', () => {
    // 02:30 does not exist in Toronto on 2026-03-08; it comes out as 03:30 EDT (07:30 UTC).
    const t = joinDayTime('2026-03-08', 2 * 60 + 30, 'America/Toronto');
    expect(iso(t)).toBe('2026-03-08T07:30:00.000Z');
    expect(formatPickerDateTime(t, 'America/Toronto')).toBe('2026/03/08 3:30');
  });
});

describe('time zones and calendar dates', () => {
  it('falls back to the browser zone for an unknown or missing zone', () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const now = new Date('2026-11-24T20:00:00Z');
    expect(todayIn('Not/AZone', now)).toBe(todayIn(browser, now));
  });

  it('carries a day through the calendars unchanged', () => {
    for (const day of ['2026-03-08', '2026-11-01', '2026-12-31', '2024-02-29']) {
      expect(dayOfCalendarDate(calendarDate(day))).toBe(day);
    }
    expect(calendarDate('2026-11-25').getDate()).toBe(25);
  });
});
