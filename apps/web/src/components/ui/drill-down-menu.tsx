import ChevronDown from 'lucide-react/icons/chevron-down';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { drillButtonClass } from './drill-down-button.ts';

export interface DrillDownOption {
  value: string;
  label: string;
}

export interface DrillDownMenuProps<O extends DrillDownOption> {
  options: readonly O[];
  /** Called with the picked option; the list closes. */
  onSelect: (option: O) => void;
  /** The button's accessible name, e.g. 'Drill down on Summer Sale'. */
  label: string;
  /** The button's icon (decorative; `label` names the button). */
  icon?: ReactNode;
  disabled?: boolean;
  className?: string;
  /** Open from the start (its stand-in was clicked before it had loaded). */
  defaultOpen?: boolean;
}

/** docs/limits.md: a button this close (px) to the viewport's right edge opens its list to the left. */
const RIGHT_EDGE = 200;
/** docs/limits.md: narrower than this (the stacked-table breakpoint), the list sits under its button. */
const NARROW = 1024;

type Placement = { side: 'right' | 'left' | 'bottom'; align: 'start' | 'end' };

function placementFor(button: HTMLElement | null): Placement {
  const width = window.innerWidth;
  const nearRight = button ? width - button.getBoundingClientRect().right < RIGHT_EDGE : false;
  if (width < NARROW) return { side: 'bottom', align: nearRight ? 'end' : 'start' };
  return { side: nearRight ? 'left' : 'right', align: 'start' };
}

/**
 * The drill-down button of a report cell (docs/screens.md): toggles a list of options; picking one calls
 * `onSelect` and closes it; an outside click or Escape closes it. Radix handles focus, keyboard
 * and collisions; the side is chosen on open from where the button is.
 */
export function DrillDownMenu<O extends DrillDownOption>({
  options,
  onSelect,
  label,
  icon,
  disabled,
  className,
  defaultOpen = false,
}: DrillDownMenuProps<O>) {
  const [open, setOpen] = useState(defaultOpen);
  const [placement, setPlacement] = useState<Placement>({ side: 'right', align: 'start' });
  const button = useRef<HTMLButtonElement>(null);
  // Open from the start: placed from where the button is, before the list is painted.
  useLayoutEffect(() => {
    if (defaultOpen) setPlacement(placementFor(button.current));
  }, [defaultOpen]);

  const onOpenChange = (next: boolean) => {
    if (next) setPlacement(placementFor(button.current));
    setOpen(next);
  };

  return (
    // Not modal: a table page stays scrollable, and a click on another cell's button closes this
    // list and opens that one in a single click.
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger
        ref={button}
        disabled={disabled}
        aria-label={label}
        className={cn(drillButtonClass, className)}
      >
        {icon ?? <ChevronDown aria-hidden="true" size={16} />}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side={placement.side}
          align={placement.align}
          sideOffset={4}
          collisionPadding={8}
          // A list long enough to scroll must be reachable by keyboard before an item has focus
          // (axe scrollable-region-focusable); Radix keeps Tab inside the menu, so no extra stop.
          tabIndex={0}
          className={cn(
            'z-50 min-w-36 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg animate-fade-in',
            // At most 16rem tall, less when the viewport has less room; 200 px wide on narrow screens.
            'max-h-[min(16rem,var(--radix-dropdown-menu-content-available-height))] max-w-[200px] lg:max-w-xs',
          )}
        >
          {options.map((option) => (
            <DropdownMenu.Item
              key={option.value}
              onSelect={() => onSelect(option)}
              className="cursor-pointer rounded-md px-3 py-2 text-sm break-words text-slate-800 outline-none select-none data-highlighted:bg-accent-soft data-highlighted:text-slate-900"
            >
              {option.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
