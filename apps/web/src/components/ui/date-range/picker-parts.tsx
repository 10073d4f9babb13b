import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import * as Popover from '@radix-ui/react-popover';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  DayPicker,
  type ChevronProps,
  type ClassNames,
  type DayButtonProps,
  type DayPickerProps,
  type DayProps,
} from 'react-day-picker';
import { cn } from '../cn.ts';
import { WEEK_STARTS_ON } from './date-range.ts';
import { PickerButton } from './picker-button.tsx';

/**
 * The pieces both pickers are made of (the range picker and the date-time picker): the calendar,
 * the trigger button and the popover panel.
 */

export type PopoverAlign = 'start' | 'center' | 'end';

/** react-day-picker styled with Tailwind through `classNames` (its stylesheet is not loaded). */
const CALENDAR_CLASSES: Partial<ClassNames> = {
  root: 'w-fit text-sm text-slate-800',
  months: 'flex',
  // Caption on the left, arrows after it: the tab order follows what is seen (navLayout "after").
  // A fixed width (7 days of 2.25rem): a grid does not count an item spanning its 1fr column
  // when it is sized to its content, so the month would otherwise shrink below its own table.
  month: 'grid w-63 grid-cols-[1fr_auto] items-center gap-y-1',
  month_caption: 'flex h-9 items-center pl-2 whitespace-nowrap',
  caption_label: 'text-sm font-semibold text-slate-900',
  nav: 'flex items-center gap-0.5',
  button_previous:
    'inline-flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 aria-disabled:pointer-events-none aria-disabled:opacity-40',
  button_next:
    'inline-flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 aria-disabled:pointer-events-none aria-disabled:opacity-40',
  month_grid: 'col-span-2 border-collapse',
  weekday: 'h-8 w-9 p-0 text-xs font-medium text-slate-500',
  day: 'p-0',
};

function CalendarChevron({ orientation, className }: ChevronProps) {
  const C = orientation === 'right' ? ChevronRight : orientation === 'down' ? ChevronDown : ChevronLeft;
  return <C aria-hidden="true" size={18} className={className} />;
}

/** The cell carries the band between the two ends of a range; the button carries the rest. */
function CalendarDayCell({ day: _day, modifiers, className, ...td }: DayProps) {
  const band = modifiers.range_middle
    ? 'bg-accent-soft'
    : modifiers.range_start && !modifiers.range_end
      ? 'bg-linear-to-r from-transparent from-50% to-accent-soft to-50%'
      : modifiers.range_end && !modifiers.range_start
        ? 'bg-linear-to-r from-accent-soft from-50% to-transparent to-50%'
        : undefined;
  return <td className={cn(className, band)} {...td} />;
}

/**
 * The day button, classed from its modifiers in one place so the states never fight over
 * specificity (a selected day that is also today, a disabled day in the end calendar, …).
 */
function CalendarDayButton({ day: _day, modifiers, className, ...button }: DayButtonProps) {
  const edge = modifiers.selected && !modifiers.range_middle;
  // As the library's own button does: its arrow-key navigation moves the `focused` modifier,
  // and the button follows it with the real focus.
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  return (
    <button
      ref={ref}
      className={cn(
        className,
        'tabular flex size-9 items-center justify-center rounded-lg text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
        edge
          ? 'bg-accent font-semibold text-white hover:bg-accent-hover'
          : modifiers.range_middle
            ? 'text-slate-900 hover:bg-slate-900/5'
            : modifiers.disabled
              ? 'cursor-not-allowed text-slate-300'
              : 'text-slate-800 hover:bg-slate-100',
        modifiers.today && !edge && 'font-semibold text-accent ring-1 ring-accent/40 ring-inset',
      )}
      {...button}
    />
  );
}

const CALENDAR_COMPONENTS = { Chevron: CalendarChevron, Day: CalendarDayCell, DayButton: CalendarDayButton };

/**
 * A month calendar with the app's look and the spec's settings: weeks start on Monday, one month
 * at a time, always six rows so the popover does not jump while paging. `today` must be today in
 * the user's zone (see `calendarDate`).
 */
export function Calendar(props: DayPickerProps) {
  return (
    <DayPicker
      weekStartsOn={WEEK_STARTS_ON}
      fixedWeeks
      navLayout="after"
      classNames={CALENDAR_CLASSES}
      components={CALENDAR_COMPONENTS}
      {...props}
    />
  );
}

/** The button that opens a picker, as the popover's trigger. */
export function PickerTrigger(props: { text: string | null; placeholder: string; name: string; className?: string }) {
  return (
    <Popover.Trigger asChild>
      <PickerButton {...props} />
    </Popover.Trigger>
  );
}

/** The popover panel of both pickers. */
export function PickerPanel({
  name,
  align,
  onOpenAutoFocus,
  children,
}: {
  name: string;
  align: PopoverAlign;
  onOpenAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Popover.Portal>
      <Popover.Content
        aria-label={name}
        align={align}
        sideOffset={6}
        collisionPadding={8}
        onOpenAutoFocus={onOpenAutoFocus}
        // On a phone: a sheet along the bottom of the screen (index.css), as tall as the screen allows.
        data-picker-panel=""
        className={cn(
          'z-50 max-h-[var(--radix-popover-content-available-height)] max-w-[calc(100vw-1rem)] animate-fade-in',
          'max-sm:max-h-[calc(100dvh-1rem)] max-sm:max-w-none',
          'overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white shadow-lg focus:outline-none',
        )}
      >
        {children}
      </Popover.Content>
    </Popover.Portal>
  );
}

// ---------------------------------------------------------------------------------------------
