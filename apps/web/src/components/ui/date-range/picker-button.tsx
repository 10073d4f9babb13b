import CalendarDays from 'lucide-react/icons/calendar-days';
import ChevronDown from 'lucide-react/icons/chevron-down';
import type { ComponentPropsWithRef } from 'react';
import { buttonClass } from '../button.tsx';
import { cn } from '../cn.ts';

export interface PickerButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'children'> {
  text: string | null;
  placeholder: string;
  /** The accessible name's prefix, e.g. 'Date range' gives "Date range: Today". */
  name: string;
}

/**
 * The look of the button that opens a picker: calendar icon, the value or a placeholder, a
 * chevron. The pickers wrap it in their popover's trigger; their stand-ins show it alone.
 */
export function PickerButton({ text, placeholder, name, className, ...rest }: PickerButtonProps) {
  return (
    <button
      type="button"
      aria-label={`${name}: ${text ?? placeholder}`}
      {...rest}
      className={buttonClass(
        'secondary',
        'md',
        cn('max-w-full min-w-0 justify-start gap-2 px-3 font-normal', className),
      )}
    >
      <CalendarDays aria-hidden="true" size={17} className="shrink-0 text-slate-500" />
      <span className={cn('tabular min-w-0 truncate', text ? 'text-slate-900' : 'text-slate-600')}>
        {text ?? placeholder}
      </span>
      <ChevronDown aria-hidden="true" size={16} className="ml-auto shrink-0 text-slate-500" />
    </button>
  );
}
