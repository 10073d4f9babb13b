import ChevronDown from 'lucide-react/icons/chevron-down';
import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef } from 'react';
import { cn } from '../cn.ts';
import { deferred, useDeferred } from '../deferred.tsx';
import { FieldShell } from '../field.tsx';
import { controlBad, controlBox, controlOk, innerInput } from './select-menu.tsx';
import type { MultiSelectProps } from './types.ts';

const select = deferred(() => import('./select.tsx').then((m) => m.Select));

/**
 * A multiple select as a page's first paint needs it: its label, its box and the chosen values,
 * without the combobox code, which loads when the field is first pointed at, focused or
 * clicked. The focus, and a click, then go on to the real field.
 */
export function LazyMultiSelect(props: MultiSelectProps) {
  const auto = useId();
  const id = props.id ?? auto;
  const { value: Select, request } = useDeferred(select);
  const used = useRef<'focused' | 'clicked' | null>(null);
  useEffect(() => {
    if (!Select || !used.current) return;
    const input = document.getElementById(id);
    input?.focus();
    if (used.current === 'clicked') input?.click();
    used.current = null;
  }, [Select, id]);
  if (Select) return <Select {...props} id={id} />;

  const chosen = props.value.map((v) => ({ value: v, label: props.selectedLabels?.[v] ?? v }));
  return (
    <FieldShell
      id={id}
      label={props.label}
      required={props.required}
      error={props.error}
      hint={props.hint}
      className={props.className}
    >
      <div
        className={cn(controlBox, 'flex min-h-10 items-center', props.error ? controlBad : controlOk)}
        onPointerEnter={request}
        onPointerDown={() => {
          used.current = 'clicked';
          request();
        }}
      >
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5 py-1.5 pl-2">
          {chosen.map((o) => (
            <span
              key={o.value}
              className="inline-flex max-w-full items-center gap-1 rounded-md bg-accent-soft py-0.5 pr-1 pl-2 text-sm text-slate-900"
            >
              <span className="min-w-0 truncate">{o.label}</span>
              <span aria-hidden="true" className="rounded p-0.5 text-slate-600">
                <X size={14} />
              </span>
            </span>
          ))}
          <input
            id={id}
            readOnly
            role="combobox"
            aria-expanded={false}
            aria-autocomplete="list"
            disabled={props.disabled}
            placeholder={chosen.length ? undefined : props.placeholder}
            aria-required={props.required || undefined}
            className={cn(innerInput, 'h-7 basis-10 px-1')}
            onFocus={() => {
              used.current ??= 'focused';
              request();
            }}
            onClick={() => {
              used.current = 'clicked';
              request();
            }}
          />
        </div>
        <span
          aria-hidden="true"
          className="flex h-10 shrink-0 items-center self-start rounded-r-lg px-2.5 text-slate-500"
        >
          <ChevronDown size={16} />
        </span>
      </div>
    </FieldShell>
  );
}
