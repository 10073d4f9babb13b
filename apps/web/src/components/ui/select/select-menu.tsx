import Check from 'lucide-react/icons/check';
import {
  useEffect,
  useId,
  useRef,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  type RefObject,
  type UIEvent,
} from 'react';
import { cn } from '../cn.ts';
import { Spinner } from '../spinner.tsx';
import type { SelectOption } from './types.ts';

export const EMPTY_TEXT = 'No option available.';
/** A page of options that failed: never read as "no options". Each opening asks again. */
export const FAILED_TEXT = 'Could not load the options. Open the list again to retry.';

/** The look of field.tsx's controls (border, focus ring, red border on error). */
export const controlBox =
  'w-full rounded-lg border bg-white text-[15px] text-slate-900 shadow-xs transition-colors ' +
  'has-disabled:cursor-not-allowed has-disabled:bg-slate-100 has-disabled:text-slate-500';
export const controlOk = 'border-slate-300 focus-within:border-accent focus-within:ring-3 focus-within:ring-accent/20';
export const controlBad = 'border-red-600 focus-within:ring-3 focus-within:ring-red-600/20';
/** The bare input inside the box; the box draws the focus ring. */
export const innerInput =
  'min-w-0 flex-1 bg-transparent placeholder:text-slate-500 focus:outline-none focus-visible:outline-none ' +
  'disabled:cursor-not-allowed';

/** Element ids shared by the label, input, listbox and the error/hint lines of FieldShell. */
export function useFieldIds(id: string | undefined, error: string | null | undefined, hint: ReactNode) {
  const auto = useId();
  const input = id ?? auto;
  return {
    input,
    label: `${input}-label`,
    menu: `${input}-listbox`,
    describedBy: error ? `${input}-error` : hint ? `${input}-hint` : undefined,
  };
}

/**
 * Escape that closes an open list must not also close the modal around the select: Radix
 * dialogs listen on the document in the capture phase and skip a prevented event; a capture
 * listener on the window runs before theirs.
 */
export function useEscapeClosesListOnly(input: RefObject<HTMLInputElement | null>, isOpen: boolean) {
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && e.target === input.current) e.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [input, isOpen]);
}

/** Keeps the highlighted option visible in the scrolling panel (jsdom has no scrollIntoView). */
export const scrollIntoView = (node: HTMLElement) => node.scrollIntoView?.({ block: 'nearest' });

/** How close (px) to the bottom of the list counts as "scrolled to the end". */
const END_SLACK = 24;

interface MenuPanelProps {
  isOpen: boolean;
  loading: boolean;
  empty: boolean;
  failed?: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  /** Downshift's getMenuProps(); the panel adds the scrolling and the end-of-list detection. */
  menuProps: HTMLAttributes<HTMLUListElement> & { ref?: Ref<HTMLUListElement> };
  /** The option rows. */
  children: ReactNode;
}

/**
 * The dropdown under the field, exactly as wide as it. The listbox itself is what scrolls (axe
 * accepts a scrolling combobox popup without focusable content); the loading and empty rows sit
 * under it, outside the listbox, so it only ever owns options. The live region says the same.
 */
export function MenuPanel({
  isOpen,
  loading,
  empty,
  failed,
  hasMore,
  onLoadMore,
  menuProps,
  children,
}: MenuPanelProps) {
  const list = useRef<HTMLUListElement | null>(null);
  const { ref: menuRef, className, ...rest } = menuProps;

  const onScroll = (e: UIEvent<HTMLUListElement>) => {
    const el = e.currentTarget;
    if (hasMore && !loading && el.scrollTop + el.clientHeight >= el.scrollHeight - END_SLACK) onLoadMore();
  };

  // A short page cannot be scrolled, so there would be no way to reach the next one: keep loading
  // until the list overflows. clientHeight 0 means no layout (hidden, or a test DOM): do nothing.
  useEffect(() => {
    const el = list.current;
    if (!isOpen || loading || !hasMore || !el || el.clientHeight === 0) return;
    if (el.scrollHeight <= el.clientHeight + END_SLACK) onLoadMore();
  });

  return (
    <div
      hidden={!isOpen}
      className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
    >
      <ul
        {...rest}
        ref={(node) => {
          list.current = node;
          if (typeof menuRef === 'function') menuRef(node);
          else if (menuRef) menuRef.current = node;
        }}
        onScroll={onScroll}
        className={cn('max-h-64 overflow-y-auto overscroll-contain', !empty && 'py-1', className)}
      >
        {children}
      </ul>
      {loading ? (
        <div aria-hidden="true" className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600">
          <Spinner size={14} />
          Loading…
        </div>
      ) : failed ? (
        <div aria-hidden="true" className="px-3 py-2 text-sm text-red-800">
          {FAILED_TEXT}
        </div>
      ) : empty ? (
        <div aria-hidden="true" className="px-3 py-2 text-sm text-slate-600">
          {EMPTY_TEXT}
        </div>
      ) : null}
    </div>
  );
}

/** What a screen reader hears about the list while it is open (downshift's own status ignores loading). */
export function ListStatus({
  isOpen,
  loading,
  failed,
  count,
}: {
  isOpen: boolean;
  loading: boolean;
  failed?: boolean;
  count: number;
}) {
  let text = '';
  if (isOpen) {
    if (count === 0) text = loading ? 'Loading options…' : failed ? FAILED_TEXT : EMPTY_TEXT;
    else text = `${count} option${count === 1 ? '' : 's'} available${loading ? ', loading more' : ''}.`;
  }
  return (
    <div role="status" className="sr-only">
      {text}
    </div>
  );
}

interface OptionRowProps extends HTMLAttributes<HTMLLIElement> {
  ref?: Ref<HTMLLIElement>;
  option: SelectOption;
  highlighted: boolean;
  chosen: boolean;
}

/** One option; `rest` is downshift's getItemProps (role, id, aria-selected, handlers, ref). */
export function OptionRow({ option, highlighted, chosen, className, ...rest }: OptionRowProps) {
  return (
    <li
      {...rest}
      className={cn(
        'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm break-words text-slate-800',
        highlighted && 'bg-accent-soft',
        chosen && 'font-medium text-slate-900',
        className,
      )}
    >
      <span className="min-w-0 flex-1">{option.label}</span>
      {chosen ? <Check aria-hidden="true" size={16} className="shrink-0 text-accent" /> : null}
    </li>
  );
}
