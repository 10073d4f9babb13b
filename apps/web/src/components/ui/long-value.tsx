import X from 'lucide-react/icons/x';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from './cn.ts';
import { CopyButton } from './copy-button.tsx';

/**
 * A value that may be too long for its place (a sub ID, a postback URL; docs/ui.md "Long values"):
 * one line cut with an ellipsis and, when it is cut, a button that opens the whole value with a
 * Copy button — the same at every width, by pointer, touch or keyboard. The whole is a native
 * popover (the top layer: no table cell or card clips it; Escape and a click outside close it),
 * which takes the focus to its Copy button when it opens.
 */
export function LongValue({ value, label, className }: { value: string; label: string; className?: string }) {
  const id = useId();
  const text = useRef<HTMLSpanElement>(null);
  const [clipped, setClipped] = useState(false);
  // The whole value is in the page only while it is open, so the page never holds it twice (find in page, browse mode).
  const [open, setOpen] = useState(false);

  useLayoutEffect(() => {
    const el = text.current!;
    const observer = new ResizeObserver(() => setClipped(el.scrollWidth > el.clientWidth + 1));
    observer.observe(el);
    return () => observer.disconnect();
  }, [value]);

  return (
    <span className="flex min-w-0 items-center gap-1">
      <span ref={text} className={cn('min-w-0 truncate', className)}>
        {value}
      </span>
      {clipped ? (
        <>
          <button
            type="button"
            popoverTarget={id}
            className="shrink-0 rounded text-xs font-medium text-accent hover:underline"
          >
            Show all<span className="sr-only"> ({label})</span>
          </button>
          <div
            id={id}
            popover="auto"
            role="dialog"
            aria-label={label}
            onToggle={(e) => {
              setOpen(e.newState === 'open');
              if (e.newState === 'open') (e.currentTarget.lastElementChild as HTMLElement).focus();
            }}
            className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-2xl bg-white p-5 text-sm text-slate-900 shadow-2xl backdrop:bg-slate-900/30"
          >
            <p className="flex justify-between font-semibold">
              {label}
              <button type="button" popoverTarget={id} aria-label="Close" className="-m-1 p-1 text-slate-500">
                <X size={16} aria-hidden="true" />
              </button>
            </p>
            <p
              data-testid="long-value"
              className="my-3 max-h-[50dvh] overflow-y-auto rounded-lg bg-slate-50 px-3 py-2 font-mono font-normal break-all"
            >
              {open ? value : null}
            </p>
            <CopyButton text={value} size="sm" />
          </div>
        </>
      ) : null}
    </span>
  );
}
