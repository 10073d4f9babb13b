// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayRange } from './date-range.ts';
import { DateRangePicker } from './date-range-picker.tsx';
import { DateTimePicker } from './date-time-picker.tsx';

// jsdom has no ResizeObserver; Radix's popper measures with it.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

// Wednesday 18 Nov 2026, 15:00 UTC: 10:00 in Toronto, 20:30 in Kolkata. Only Date is faked, so
// Radix and React keep their real timers.
const NOW = new Date('2026-11-18T15:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const TZ = 'America/Toronto';
const trigger = () => screen.getByRole('button', { name: /^Date range: / });
const panel = () => screen.queryByRole('dialog');
const open = () => {
  fireEvent.click(trigger());
  const dialog = panel();
  expect(dialog).not.toBeNull();
  return dialog!;
};
const calendarOf = (name: 'Start date' | 'End date') => screen.getByRole('group', { name });
/** A day button by its full label, e.g. "Tuesday, November 10th, 2026". */
const dayIn = (calendar: HTMLElement, label: RegExp) => within(calendar).getByRole('button', { name: label });

describe('DateRangePicker', () => {
  it('shows the placeholder without a range, and the label with one', () => {
    const { rerender } = render(<DateRangePicker value={null} onChange={() => {}} timeZone={TZ} />);
    expect(trigger()).toHaveProperty('textContent', 'Select a range');
    expect(trigger().getAttribute('aria-label')).toBe('Date range: Select a range');
    rerender(<DateRangePicker value={{ start: '2026-11-18', end: '2026-11-18' }} onChange={() => {}} timeZone={TZ} />);
    expect(trigger().textContent).toBe('Today');
    rerender(<DateRangePicker value={{ start: '2026-11-01', end: '2026-11-18' }} onChange={() => {}} timeZone={TZ} />);
    expect(trigger().textContent).toBe('2026/11/01 → 2026/11/18');
  });

  it('opens and closes on the button; the presets are listed in order', () => {
    render(<DateRangePicker value={null} onChange={() => {}} timeZone={TZ} />);
    const dialog = open();
    const presets = within(within(dialog).getByRole('group', { name: 'Presets' })).getAllByRole('button');
    expect(presets.map((b) => b.textContent)).toEqual([
      'Today',
      'Yesterday',
      'This Week',
      'Last Week',
      'This Month',
      'Last Month',
      'This Year',
    ]);
    fireEvent.click(trigger());
    expect(panel()).toBeNull();
  });

  it('a preset reports its days and closes', () => {
    const onChange = vi.fn();
    render(<DateRangePicker value={null} onChange={onChange} timeZone={TZ} />);
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Last Week' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ start: '2026-11-09', end: '2026-11-15' });
    expect(panel()).toBeNull();
  });

  it('presets follow the profile zone', () => {
    const onChange = vi.fn();
    // 15:00 UTC on the 30th is already 1 Dec in Kiritimati (+14:00).
    vi.setSystemTime(new Date('2026-11-30T15:00:00Z'));
    render(<DateRangePicker value={null} onChange={onChange} timeZone="Pacific/Kiritimati" />);
    open();
    fireEvent.click(screen.getByRole('button', { name: 'This Month' }));
    expect(onChange).toHaveBeenCalledWith({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('a start alone stays open with the end cleared; an end then closes with the range', () => {
    const onChange = vi.fn();
    render(<DateRangePicker value={{ start: '2026-11-01', end: '2026-11-05' }} onChange={onChange} timeZone={TZ} />);
    open();
    fireEvent.click(dayIn(calendarOf('Start date'), /November 10th, 2026/));
    expect(onChange).not.toHaveBeenCalled();
    expect(panel()).not.toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Start').value).toBe('2026/11/10');
    expect(screen.getByLabelText<HTMLInputElement>('End').value).toBe('');

    // The end calendar starts at the start day (docs/errors.md).
    const end = calendarOf('End date');
    expect(dayIn(end, /November 9th, 2026/)).toHaveProperty('disabled', true);
    expect(dayIn(end, /November 10th, 2026/)).toHaveProperty('disabled', false);
    // Nor any day after today (the 18th in Toronto), in either calendar.
    expect(dayIn(end, /November 18th, 2026/)).toHaveProperty('disabled', false);
    expect(dayIn(end, /November 19th, 2026/)).toHaveProperty('disabled', true);
    expect(dayIn(calendarOf('Start date'), /November 19th, 2026/)).toHaveProperty('disabled', true);

    fireEvent.click(dayIn(end, /November 19th, 2026/));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(dayIn(end, /November 17th, 2026/));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ start: '2026-11-10', end: '2026-11-17' });
    expect(panel()).toBeNull();
  });

  it('a typed end before the start becomes the end and clears the start', () => {
    const onChange = vi.fn();
    render(<DateRangePicker value={{ start: '2026-11-10', end: '2026-11-20' }} onChange={onChange} timeZone={TZ} />);
    open();
    const endInput = screen.getByLabelText<HTMLInputElement>('End');
    fireEvent.change(endInput, { target: { value: '2026/11/03' } });
    fireEvent.keyDown(endInput, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    expect(panel()).not.toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Start').value).toBe('');
    expect(endInput.value).toBe('2026/11/03');
  });

  it('an unparsable typed date shows the spec message under that field', () => {
    const onChange = vi.fn();
    render(<DateRangePicker value={null} onChange={onChange} timeZone={TZ} />);
    open();
    const start = screen.getByLabelText<HTMLInputElement>('Start');
    fireEvent.change(start, { target: { value: '2026/02/30' } });
    fireEvent.blur(start);
    expect(screen.getByText('Date input not valid.')).toBeTruthy();
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(start.getAttribute('aria-describedby')).toBe(screen.getByText('Date input not valid.').id);
    expect(start.className).toContain('border-red-600');
    expect(onChange).not.toHaveBeenCalled();
    // Editing clears the message; a real day is taken.
    fireEvent.change(start, { target: { value: '2026/02/28' } });
    expect(screen.queryByText('Date input not valid.')).toBeNull();
  });

  it('a typed day after today (the 18th in Toronto) is refused under its field', () => {
    const onChange = vi.fn();
    render(<DateRangePicker value={null} onChange={onChange} timeZone={TZ} />);
    open();
    const start = screen.getByLabelText<HTMLInputElement>('Start');
    fireEvent.change(start, { target: { value: '2026/11/19' } });
    fireEvent.keyDown(start, { key: 'Enter' });
    expect(screen.getByText('Choose today or an earlier day.')).toBeTruthy();
    expect(start.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(start, { target: { value: '2026/11/18' } });
    fireEvent.keyDown(start, { key: 'Enter' });
    expect(screen.queryByText('Choose today or an earlier day.')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('End').value).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Clear selection reports null, only when clearable', () => {
    const onChange = vi.fn();
    const value: DayRange = { start: '2026-11-01', end: '2026-11-05' };
    const { rerender } = render(<DateRangePicker value={value} onChange={onChange} timeZone={TZ} />);
    open();
    expect(screen.queryByRole('button', { name: 'Clear selection' })).toBeNull();
    rerender(<DateRangePicker value={value} onChange={onChange} timeZone={TZ} clearable />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
    expect(screen.getByLabelText<HTMLInputElement>('Start').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('End').value).toBe('');
  });

  it('an outside null resets the label and the unfinished pick', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <DateRangePicker
        value={{ start: '2026-11-01', end: '2026-11-05' }}
        onChange={onChange}
        timeZone={TZ}
        clearable
      />,
    );
    open();
    fireEvent.click(dayIn(calendarOf('Start date'), /November 12th, 2026/));
    expect(screen.getByLabelText<HTMLInputElement>('Start').value).toBe('2026/11/12');
    rerender(<DateRangePicker value={null} onChange={onChange} timeZone={TZ} clearable />);
    expect(trigger().textContent).toBe('Select a range');
    expect(trigger().getAttribute('aria-label')).toBe('Date range: Select a range');
    expect(screen.getByLabelText<HTMLInputElement>('Start').value).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('marks today of the profile zone in the calendars', () => {
    // 03:00 UTC on the 19th is still the 18th in Toronto.
    vi.setSystemTime(new Date('2026-11-19T03:00:00Z'));
    render(<DateRangePicker value={null} onChange={() => {}} timeZone={TZ} />);
    open();
    expect(dayIn(calendarOf('Start date'), /^Today, Wednesday, November 18th, 2026/)).toBeTruthy();
  });
});

describe('DateTimePicker', () => {
  it('shows yyyy/MM/dd h:mm in the zone and picks a day and a 5-minute time', () => {
    const onChange = vi.fn();
    const value = new Date('2026-11-18T15:07:00Z'); // 10:07 in Toronto
    render(<DateTimePicker value={value} onChange={onChange} timeZone={TZ} />);
    const button = screen.getByRole('button', { name: /^Date and time: / });
    expect(button.textContent).toBe('2026/11/18 10:07');
    fireEvent.click(button);
    const time = screen.getByLabelText<HTMLSelectElement>('Time');
    expect(time.value).toBe(String(10 * 60 + 5));
    expect(time.options).toHaveLength(288);
    fireEvent.change(time, { target: { value: String(14 * 60 + 30) } });
    expect(onChange).toHaveBeenLastCalledWith(new Date('2026-11-18T19:30:00Z'));
    fireEvent.click(screen.getByRole('button', { name: /November 2nd, 2026/ }));
    expect(onChange).toHaveBeenLastCalledWith(new Date('2026-11-02T15:05:00Z'));
  });
});
