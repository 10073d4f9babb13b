import { TZDate, tz } from '@date-fns/tz';
import {
  endOfMonth,
  endOfWeek,
  endOfYear,
  format,
  startOfMonth,
  startOfWeek,
  startOfYear,
  subDays,
  subMonths,
  subWeeks,
} from 'date-fns';
import { formatDate, RANGE_FORMAT, SINGLE_DATE_FORMAT } from '../../../lib/dates.ts';
import { resolveTimeZone } from '../../../lib/time-zone.ts';

/**
 * The date-range picker's pure logic (docs/screens.md "Date-range picker", docs/errors.md, docs/limits.md). No React here, so all
 * of it is unit-tested.
 *
 * The value is a pair of calendar days in the user's profile time zone, as `YYYY-MM-DD` strings:
 * exactly what the API's `filters.date_range` takes (`DateRange` of @portal/shared/common/list).
 * Instants appear only where a time zone turns days into bounds (`rangeBounds`) or for the
 * single date-time mode.
 */
export type DayRange = { start: string; end: string };

/** Weeks start on Monday (docs/limits.md). */
export const WEEK_STARTS_ON = 1;
export const RANGE_PLACEHOLDER = 'Select a range';
export const CLEAR_LABEL = 'Clear selection';
export const INVALID_DATE_MESSAGE = 'Date input not valid.';
/** A typed day after today (the calendars disable those days). */
export const FUTURE_DATE_MESSAGE = 'Choose today or an earlier day.';
/** The single mode's time select (docs/limits.md: 5-minute interval, not the library's 30). */
export const TIME_STEP_MINUTES = 5;

export const DATE_RANGE_PRESETS = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'this-week', label: 'This Week' },
  { id: 'last-week', label: 'Last Week' },
  { id: 'this-month', label: 'This Month' },
  { id: 'last-month', label: 'Last Month' },
  { id: 'this-year', label: 'This Year' },
] as const;
export type DateRangePresetId = (typeof DATE_RANGE_PRESETS)[number]['id'];

// Calendar-day arithmetic runs in UTC, which has no daylight saving: adding a day or finding a
// Monday never lands on a shifted or missing hour, whatever zone the browser or the user is in.
const DAY_MATH = tz('UTC');
const WEEK = { weekStartsOn: WEEK_STARTS_ON, in: DAY_MATH } as const;

function dayDate(day: string): TZDate {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, 'UTC');
}

function dayString(date: Date): string {
  return format(date, 'yyyy-MM-dd', { in: DAY_MATH });
}

/** The calendar day (`YYYY-MM-DD`) that a clock in `timeZone` shows at `now`: the portal's day format. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return formatDate(now, resolveTimeZone(timeZone));
}

/** The days a preset covers, in the user's zone. Whole periods: This Week runs to Sunday. */
export function presetRange(id: DateRangePresetId, timeZone: string, now: Date = new Date()): DayRange {
  const today = dayDate(todayIn(timeZone, now));
  const span = (start: Date, end: Date): DayRange => ({ start: dayString(start), end: dayString(end) });
  switch (id) {
    case 'today':
      return span(today, today);
    case 'yesterday': {
      const y = subDays(today, 1, { in: DAY_MATH });
      return span(y, y);
    }
    case 'this-week':
      return span(startOfWeek(today, WEEK), endOfWeek(today, WEEK));
    case 'last-week': {
      const lastWeek = subWeeks(today, 1, { in: DAY_MATH });
      return span(startOfWeek(lastWeek, WEEK), endOfWeek(lastWeek, WEEK));
    }
    case 'this-month':
      return span(startOfMonth(today, { in: DAY_MATH }), endOfMonth(today, { in: DAY_MATH }));
    case 'last-month': {
      const lastMonth = subMonths(today, 1, { in: DAY_MATH });
      return span(startOfMonth(lastMonth, { in: DAY_MATH }), endOfMonth(lastMonth, { in: DAY_MATH }));
    }
    case 'this-year':
      return span(startOfYear(today, { in: DAY_MATH }), endOfYear(today, { in: DAY_MATH }));
  }
}

/** The preset whose days `range` is right now, if any (to mark it in the list). */
export function matchingPreset(
  range: DayRange | null,
  timeZone: string,
  now: Date = new Date(),
): DateRangePresetId | null {
  if (!range) return null;
  const hit = DATE_RANGE_PRESETS.find(({ id }) => {
    const r = presetRange(id, timeZone, now);
    return r.start === range.start && r.end === range.end;
  });
  return hit?.id ?? null;
}

/**
 * The instants a range covers in `timeZone`: 00:00:00.000 on the first day to 23:59:59.999 on
 * the last (docs/limits.md). The end is the next day's first instant minus 1 ms rather than a built
 * 23:59:59.999, so a day that starts or ends at a shifted hour (a daylight-saving change at
 * midnight) still ends at its true last millisecond.
 */
export function rangeBounds(range: DayRange, timeZone: string): { start: Date; end: Date } {
  const zone = resolveTimeZone(timeZone);
  const [sy, sm, sd] = range.start.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = range.end.split('-').map(Number) as [number, number, number];
  const start = new TZDate(sy, sm - 1, sd, 0, 0, 0, 0, zone).getTime();
  const nextDay = new TZDate(ey, em - 1, ed + 1, 0, 0, 0, 0, zone).getTime();
  return { start: new Date(start), end: new Date(nextDay - 1) };
}

/** A `YYYY-MM-DD` day shown in the range format of docs/limits.md (`yyyy/MM/dd`). */
export function formatDay(day: string): string {
  return format(dayDate(day), RANGE_FORMAT, { in: DAY_MATH });
}

/**
 * The trigger's text (docs/screens.md Shared pieces): 'Today' or 'Yesterday' for that single day in the
 * user's zone; otherwise both ends with an arrow, also for any other single day; null without a
 * range (the caller shows the placeholder).
 */
export function formatRangeLabel(range: DayRange | null, timeZone: string, now: Date = new Date()): string | null {
  if (!range) return null;
  if (range.start === range.end) {
    const today = todayIn(timeZone, now);
    if (range.start === today) return 'Today';
    if (range.start === dayString(subDays(dayDate(today), 1, { in: DAY_MATH }))) return 'Yesterday';
  }
  return `${formatDay(range.start)} → ${formatDay(range.end)}`;
}

/**
 * A period as a line of text that stands for itself (where the picker is folded away): the
 * picker's text, and for 'Today' or 'Yesterday' the day itself too ("Today, 2026/11/27").
 */
export function formatPeriod(range: DayRange, timeZone: string, now: Date = new Date()): string {
  const label = formatRangeLabel(range, timeZone, now) ?? '';
  return range.start === range.end && !label.includes('→') ? `${label}, ${formatDay(range.start)}` : label;
}

/**
 * A real calendar day the API accepts: the same years as the shared `calendarDaySchema`
 * (1900-2999), so a typed date never passes here and then fails the request.
 */
function isCalendarDay(y: number, m: number, d: number): boolean {
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return false;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= daysInMonth;
}

/**
 * A typed day, `yyyy/MM/dd` (docs/limits.md) or `yyyy-MM-dd`, as `YYYY-MM-DD`; null when it is not a
 * real day (2026/02/30) or not in that shape. One-digit months and days are accepted (2026/3/8)
 * since they are unambiguous.
 */
export function parseDayInput(text: string): string | null {
  const match = /^(\d{4})([/-])(\d{1,2})\2(\d{1,2})$/.exec(text.trim());
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[3]);
  const d = Number(match[4]);
  if (!isCalendarDay(y, m, d)) return null;
  return `${match[1]}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A `YYYY-MM-DD` string that is a real day (for values handed in from outside). */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && parseDayInput(value) === value;
}

/** An outside value the picker can show: both ends real days, in order; anything else is no range. */
export function normalizeRange(value: DayRange | null | undefined): DayRange | null {
  if (!value || !isDay(value.start) || !isDay(value.end)) return null;
  return value.start <= value.end ? value : { start: value.end, end: value.start };
}

// ---------------------------------------------------------------------------------------------
// Picking: docs/screens.md "Date-range picker" closing rules as a pure state machine.

/** The picker's draft while it is open; either end may be missing mid-way. */
export type PickerState = { start: string | null; end: string | null };

export type PickAction =
  /** A preset (its days computed by the caller with `presetRange`). */
  | { type: 'preset'; range: DayRange }
  /**
   * Newly chosen days from the calendars or the inputs; null for an end not chosen in this
   * step. The start calendar gives `{ start, end: null }`, the end calendar `{ start: null, end }`.
   */
  | { type: 'choose'; start: string | null; end: string | null }
  /** 'Clear selection' (only offered when the picker is clearable). */
  | { type: 'clear' }
  /** A new value from the parent (including null) replaces the draft. */
  | { type: 'reset'; value: DayRange | null };

export interface PickResult {
  state: PickerState;
  /** Present when the parent must be told: the new range, or null after clearing. */
  report?: DayRange | null;
  close: boolean;
}

export const EMPTY_PICKER: PickerState = { start: null, end: null };

export function pickerStateOf(value: DayRange | null): PickerState {
  const range = normalizeRange(value);
  return range ? { start: range.start, end: range.end } : EMPTY_PICKER;
}

export function pick(state: PickerState, action: PickAction): PickResult {
  switch (action.type) {
    case 'preset':
      return { state: { ...action.range }, report: action.range, close: true };
    case 'clear':
      // Reported, but left open: the user sees the emptied inputs and may pick again.
      return { state: EMPTY_PICKER, report: null, close: false };
    case 'reset':
      return { state: pickerStateOf(action.value), close: false };
    case 'choose': {
      const { start, end } = action;
      if (start && end) {
        // A complete pair closes; given in either order, it is reported in order (the API
        // refuses an end before the start).
        const range = start <= end ? { start, end } : { start: end, end: start };
        return { state: range, report: range, close: true };
      }
      if (start) return { state: { start, end: null }, close: false };
      if (end) {
        if (state.start && end < state.start) return { state: { start: null, end }, close: false };
        const range = { start: state.start ?? end, end };
        return { state: range, report: range, close: true };
      }
      return { state, close: false };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Single mode: one day and a time, `yyyy/MM/dd h:mm` (docs/limits.md), used for "since …" instants.

/** Minutes after midnight offered by the time select: 0, 5, …, 1435. */
export function timeOptions(step: number = TIME_STEP_MINUTES): number[] {
  const out: number[] = [];
  for (let m = 0; m < 24 * 60; m += step) out.push(m);
  return out;
}

/**
 * A time select option's text. The meridiem is kept here, unlike the spec's `h:mm` display,
 * since an option list of 12-hour times without it would show every time twice.
 */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** An instant as the day and the minutes (down to the step) a clock in `timeZone` shows. */
export function splitInstant(
  instant: Date,
  timeZone: string,
  step: number = TIME_STEP_MINUTES,
): { day: string; minutes: number } {
  const zoned = new TZDate(instant.getTime(), resolveTimeZone(timeZone));
  const minutes = zoned.getHours() * 60 + zoned.getMinutes();
  return { day: format(zoned, 'yyyy-MM-dd'), minutes: minutes - (minutes % step) };
}

/**
 * The instant of `minutes` after midnight on `day` in `timeZone`. A time the clocks skip (2:30
 * on a spring-forward night) moves forward to the instant the clocks jump to.
 */
export function joinDayTime(day: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const zoned = new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, 0, 0, resolveTimeZone(timeZone));
  return new Date(zoned.getTime());
}

/** An instant in the single-date format `yyyy/MM/dd h:mm`, read in `timeZone`. */
export function formatPickerDateTime(instant: Date, timeZone: string): string {
  return format(instant, SINGLE_DATE_FORMAT, { in: tz(resolveTimeZone(timeZone)) });
}

// ---------------------------------------------------------------------------------------------
// The calendars (react-day-picker) work with Date objects in the browser's zone. They only ever
// stand for calendar days here, so a day travels as the browser's local midnight of the same
// date: the user's zone matters for which day is today, never for how a grid is drawn.

/** `YYYY-MM-DD` as the browser-local Date the calendars show for that day. */
export function calendarDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** A day clicked in a calendar, back as `YYYY-MM-DD`. */
export function dayOfCalendarDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}
