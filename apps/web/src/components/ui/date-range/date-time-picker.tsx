import { startOfMonth } from 'date-fns';
import * as Popover from '@radix-ui/react-popover';
import { useId, useState } from 'react';
import { buttonClass } from '../button.tsx';
import { SelectField } from '../field.tsx';
import {
  CLEAR_LABEL,
  calendarDate,
  dayOfCalendarDate,
  formatPickerDateTime,
  formatMinutes,
  joinDayTime,
  splitInstant,
  timeOptions,
  todayIn,
} from './date-range.ts';
import { Calendar, PickerPanel, PickerTrigger, type PopoverAlign } from './picker-parts.tsx';

export interface DateTimePickerProps {
  /** The chosen instant, or null. Shown and picked as a day and a time in `timeZone`. */
  value: Date | null;
  /** Called on every change of the day or the time (the time kept when the day changes). */
  onChange: (value: Date | null) => void;
  /** The user's profile zone (IANA). */
  timeZone: string;
  /** Offers 'Clear selection', which reports null. */
  clearable?: boolean;
  /** The accessible name's prefix of the button and the panel; 'Date and time' unless given. */
  label?: string;
  placeholder?: string;
  className?: string;
  align?: PopoverAlign;
}

const TIME_OPTIONS = timeOptions().map((m) => ({ value: String(m), label: formatMinutes(m) }));

/**
 * The picker's single mode (docs/limits.md): one calendar and a time in 5-minute steps, shown as
 * `yyyy/MM/dd h:mm` in the user's zone. For instants such as "replay failed deliveries since …".
 */
export function DateTimePicker({
  value,
  onChange,
  timeZone,
  clearable = false,
  label = 'Date and time',
  placeholder = 'Select a date and time',
  className,
  align = 'start',
}: DateTimePickerProps) {
  const valid = value && Number.isFinite(value.getTime()) ? value : null;
  const parts = valid ? splitInstant(valid, timeZone) : null;
  const today = todayIn(timeZone);
  const timeId = useId();

  const [open, setOpen] = useState(false);
  const [view, setView] = useState(() => startOfMonth(calendarDate(parts?.day ?? today)));
  // The time picked before any day: used once a day is chosen.
  const [pendingMinutes, setPendingMinutes] = useState(0);
  const minutes = parts?.minutes ?? pendingMinutes;

  const onOpenChange = (next: boolean) => {
    if (next) setView(startOfMonth(calendarDate(parts?.day ?? today)));
    setOpen(next);
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <PickerTrigger
        text={valid ? formatPickerDateTime(valid, timeZone) : null}
        placeholder={placeholder}
        name={label}
        className={className}
      />
      {/* The calendar takes the focus (the chosen day, else today) instead of its first arrow. */}
      <PickerPanel name={label} align={align} onOpenAutoFocus={(e) => e.preventDefault()}>
        <div className="flex flex-col gap-3 p-3">
          <Calendar
            mode="single"
            selected={parts ? calendarDate(parts.day) : undefined}
            // The clicked day, not the library's toggle: clicking the chosen day again keeps it.
            onSelect={(_day, day) => onChange(joinDayTime(dayOfCalendarDate(day), minutes, timeZone))}
            month={view}
            onMonthChange={setView}
            today={calendarDate(today)}
            autoFocus
          />
          <SelectField
            id={timeId}
            label="Time"
            options={TIME_OPTIONS}
            value={String(minutes)}
            onChange={(e) => {
              const next = Number(e.target.value);
              if (parts) onChange(joinDayTime(parts.day, next, timeZone));
              else setPendingMinutes(next);
            }}
          />
          <div className="flex items-center justify-between gap-3 border-t border-slate-200 pt-2">
            {clearable ? (
              <button type="button" className={buttonClass('link', 'sm')} onClick={() => onChange(null)}>
                {CLEAR_LABEL}
              </button>
            ) : (
              <span />
            )}
            <Popover.Close className={buttonClass('primary', 'sm')}>Done</Popover.Close>
          </div>
        </div>
      </PickerPanel>
    </Popover.Root>
  );
}
