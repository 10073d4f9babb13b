import { startOfMonth } from 'date-fns';
import * as Popover from '@radix-ui/react-popover';
import { useId, useState, type KeyboardEvent } from 'react';
import { buttonClass } from '../button.tsx';
import { cn } from '../cn.ts';
import { TextField } from '../field.tsx';
import {
  CLEAR_LABEL,
  DATE_RANGE_PRESETS,
  FUTURE_DATE_MESSAGE,
  INVALID_DATE_MESSAGE,
  RANGE_PLACEHOLDER,
  calendarDate,
  dayOfCalendarDate,
  formatDay,
  formatRangeLabel,
  matchingPreset,
  normalizeRange,
  parseDayInput,
  pick,
  pickerStateOf,
  presetRange,
  todayIn,
  type DayRange,
  type PickAction,
  type PickerState,
} from './date-range.ts';

import { Calendar, PickerPanel, PickerTrigger, type PopoverAlign } from './picker-parts.tsx';

type Side = 'start' | 'end';

export interface DateRangePickerProps {
  /** Calendar days in the user's zone (the API's `filters.date_range`), or null for no range. */
  value: DayRange | null;
  /** Called with the new range when the picker closes on one, or with null after clearing. */
  onChange: (range: DayRange | null) => void;
  /** The user's profile zone (IANA): which day is today, and what the presets cover. */
  timeZone: string;
  /** Offers 'Clear selection' (docs/screens.md). */
  clearable?: boolean;
  /** The accessible name's prefix of the button and the panel; 'Date range' unless given. */
  label?: string;
  className?: string;
  /** How the panel lines up with the button; 'start' unless given. */
  align?: PopoverAlign;
  /** Open from the start (its stand-in was clicked before it had loaded). */
  defaultOpen?: boolean;
}

// Two calendars side by side: their month navigations need different names (axe landmark-unique).
const START_LABELS = { labelNav: () => 'Start date months' };
const END_LABELS = { labelNav: () => 'End date months' };

const rangeKey = (range: DayRange | null) => (range ? `${range.start}|${range.end}` : '');
const monthOf = (day: string) => startOfMonth(calendarDate(day));
const textOf = (state: PickerState) => ({
  start: state.start ? formatDay(state.start) : '',
  end: state.end ? formatDay(state.end) : '',
});

/**
 * The shared date-range picker (docs/screens.md "Date-range picker", docs/errors.md, docs/limits.md): presets,
 * typed start and end, a start calendar and an end calendar that starts at the start day. The
 * closing rules live in `pick` (date-range.ts); this component only wires them to the screen.
 */
export function DateRangePicker({
  value,
  onChange,
  timeZone,
  clearable = false,
  label = 'Date range',
  className,
  align = 'start',
  defaultOpen = false,
}: DateRangePickerProps) {
  const committed = normalizeRange(value);
  const today = todayIn(timeZone);
  const ids = useId();

  const [open, setOpen] = useState(defaultOpen);
  const [draft, setDraft] = useState<PickerState>(() => pickerStateOf(committed));
  const [text, setText] = useState(() => textOf(pickerStateOf(committed)));
  const [errors, setErrors] = useState<Record<Side, string | null>>({ start: null, end: null });
  const [views, setViews] = useState(() => initialViews(committed, today));
  // On a phone only one calendar fits: the side being picked.
  const [side, setSide] = useState<Side>('start');

  const showState = (state: PickerState) => {
    setDraft(state);
    setText(textOf(state));
    setErrors({ start: null, end: null });
    setViews((v) => ({
      start: state.start ? shownMonth(state.start, today) : v.start,
      end: state.end ? shownMonth(state.end, today) : state.start ? shownMonth(state.start, today) : v.end,
    }));
  };

  const resetFrom = (range: DayRange | null) => {
    showState(pickerStateOf(range));
    setViews(initialViews(range, today));
    setSide('start');
  };

  // A new value from the parent (null included) replaces whatever was being picked. Adjusted
  // during render, not in an effect, so the panel never shows the old draft for a frame.
  const [syncedKey, setSyncedKey] = useState(rangeKey(committed));
  if (syncedKey !== rangeKey(committed)) {
    setSyncedKey(rangeKey(committed));
    resetFrom(committed);
  }

  const dispatch = (action: PickAction) => {
    const result = pick(draft, action);
    showState(result.state);
    if (result.state.start && !result.state.end) setSide('end');
    else if (!result.state.start && result.state.end) setSide('start');
    if (result.report !== undefined) onChange(result.report);
    if (result.close) setOpen(false);
  };

  const chooseDay = (which: Side, day: string) =>
    dispatch({ type: 'choose', start: which === 'start' ? day : null, end: which === 'end' ? day : null });

  /** A typed day counts on Enter or when the field is left, and only when it changed. */
  const commitText = (which: Side) => {
    const typed = text[which].trim();
    const current = draft[which];
    if (typed === '') {
      setText((t) => ({ ...t, [which]: current ? formatDay(current) : '' }));
      return;
    }
    const day = parseDayInput(typed);
    if (!day) {
      setErrors((e) => ({ ...e, [which]: INVALID_DATE_MESSAGE }));
      return;
    }
    // As the calendars: no day after today (docs/screens.md).
    if (day > today) {
      setErrors((e) => ({ ...e, [which]: FUTURE_DATE_MESSAGE }));
      return;
    }
    if (day === current) {
      setText((t) => ({ ...t, [which]: formatDay(day) }));
      return;
    }
    chooseDay(which, day);
  };

  const onInputKeyDown = (which: Side) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commitText(which);
    }
  };

  const onOpenChange = (next: boolean) => {
    // Each opening starts from the value in force: an unfinished pick is dropped on close.
    if (next) resetFrom(committed);
    setOpen(next);
  };

  const activePreset = matchingPreset(committed, timeZone);
  const todayDate = calendarDate(today);
  const selected = {
    from: draft.start ? calendarDate(draft.start) : undefined,
    to: draft.end ? calendarDate(draft.end) : undefined,
  };

  const calendar = (which: Side) => {
    const headingId = `${ids}-${which}-heading`;
    return (
      <div
        role="group"
        aria-labelledby={headingId}
        className={cn('flex flex-col gap-1', side !== which && 'max-sm:hidden')}
        data-calendar={which}
      >
        {/* Named for assistive technology; on screen the Start or End field above says which. */}
        <p id={headingId} className="sr-only">
          {which === 'start' ? 'Start date' : 'End date'}
        </p>
        <Calendar
          mode="range"
          selected={selected}
          onSelect={(_range, day) => chooseDay(which, dayOfCalendarDate(day))}
          month={views[which]}
          onMonthChange={(month) => setViews((v) => ({ ...v, [which]: month }))}
          today={todayDate}
          labels={which === 'start' ? START_LABELS : END_LABELS}
          // docs/errors.md: the end calendar's minimum date is the start date (no paging back past it).
          // No day after today (in the user's zone) can be picked, nor a later month paged to: the
          // figures of a day to come are all zero.
          disabled={
            which === 'end' && draft.start
              ? [{ before: calendarDate(draft.start) }, { after: todayDate }]
              : { after: todayDate }
          }
          startMonth={which === 'end' && draft.start ? monthOf(draft.start) : undefined}
          endMonth={monthOf(today)}
        />
      </div>
    );
  };

  const triggerText = formatRangeLabel(committed, timeZone);

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <PickerTrigger text={triggerText} placeholder={RANGE_PLACEHOLDER} name={label} className={className} />
      <PickerPanel name={label} align={align}>
        {/* Between the phone and the wide layout, as wide as the two calendars (the presets wrap). */}
        <div className="flex flex-col sm:w-min lg:w-auto lg:flex-row">
          <div
            role="group"
            aria-label="Presets"
            className="flex flex-wrap gap-1.5 border-b border-slate-200 p-3 lg:w-36 lg:flex-col lg:flex-nowrap lg:gap-0.5 lg:border-r lg:border-b-0"
          >
            {DATE_RANGE_PRESETS.map((preset) => (
              <button
                key={preset.id}
                type="button"
                aria-pressed={activePreset === preset.id}
                onClick={() => dispatch({ type: 'preset', range: presetRange(preset.id, timeZone) })}
                className={cn(
                  'rounded-full border px-3 py-1 text-sm transition-colors lg:rounded-lg lg:border-transparent lg:py-1.5 lg:text-left',
                  activePreset === preset.id
                    ? 'border-accent bg-accent-soft font-medium text-accent'
                    : 'border-slate-200 text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )}
              >
                {preset.label}
              </button>
            ))}
          </div>

          <div className="flex flex-col gap-3 p-3">
            <div className="grid grid-cols-2 gap-3 sm:gap-5">
              {(['start', 'end'] as const).map((which) => (
                <TextField
                  key={which}
                  label={which === 'start' ? 'Start' : 'End'}
                  value={text[which]}
                  placeholder="yyyy/mm/dd"
                  autoComplete="off"
                  spellCheck={false}
                  error={errors[which]}
                  onChange={(e) => {
                    const next = e.target.value;
                    setText((t) => ({ ...t, [which]: next }));
                    setErrors((er) => ({ ...er, [which]: null }));
                  }}
                  onFocus={() => setSide(which)}
                  onBlur={() => commitText(which)}
                  onKeyDown={onInputKeyDown(which)}
                  className="tabular"
                  containerClassName="min-w-0"
                />
              ))}
            </div>

            <div className="flex rounded-lg bg-slate-100 p-0.5 sm:hidden" role="group" aria-label="Calendar">
              {(['start', 'end'] as const).map((which) => (
                <button
                  key={which}
                  type="button"
                  aria-pressed={side === which}
                  onClick={() => setSide(which)}
                  className={cn(
                    'flex-1 rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                    side === which ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600 hover:text-slate-900',
                  )}
                >
                  {which === 'start' ? 'Start date' : 'End date'}
                </button>
              ))}
            </div>

            <div className="flex justify-center gap-5 sm:justify-start">
              {calendar('start')}
              {calendar('end')}
            </div>

            {clearable ? (
              <div className="flex justify-end border-t border-slate-200 pt-2">
                <button type="button" className={buttonClass('link', 'sm')} onClick={() => dispatch({ type: 'clear' })}>
                  {CLEAR_LABEL}
                </button>
              </div>
            ) : null}
          </div>
        </div>
      </PickerPanel>
    </Popover.Root>
  );
}

function initialViews(range: DayRange | null, today: string) {
  return {
    start: shownMonth(range?.start ?? today, today),
    end: shownMonth(range?.end ?? today, today),
  };
}

/** The month a calendar shows for a day: its own, or this month for a day to come (a preset's end). */
function shownMonth(day: string, today: string) {
  return monthOf(day < today ? day : today);
}
