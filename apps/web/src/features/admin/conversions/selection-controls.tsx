import { STATUS_BULK_TOO_MANY, type AdminConversion } from '@portal/shared/admin/conversions.schemas';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { Column } from '../../../components/ui/list/types.ts';
import { pageState, type ConversionSelection } from './conversion-selection.ts';

const BOX = 'size-4.5 cursor-pointer rounded border-slate-400 accent-[var(--accent)]';
const count = (n: number) => n.toLocaleString('en-US');

/** The header's box (and a phone's, above the cards): every conversion shown, or none. */
function SelectShownBox({ sel, shown, label }: { sel: ConversionSelection; shown: string[]; label?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  const state = pageState(sel.selection, shown);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  const input = (
    <input
      ref={ref}
      type="checkbox"
      className={BOX}
      aria-label={label ? undefined : 'Select all conversions shown'}
      checked={state === 'all'}
      disabled={shown.length === 0}
      onChange={() => sel.toggleShown(shown)}
    />
  );
  if (!label) return input;
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
      {input}
      {label}
    </label>
  );
}

/**
 * The first column when the operator may write: a box per row ("Select conversion …"), the header's
 * box selecting every row shown. On a phone the box sits in the card's corner.
 */
export function selectColumn(sel: ConversionSelection, shown: string[]): Column<AdminConversion> {
  return {
    id: 'select',
    header: 'Select',
    action: true,
    width: '3rem',
    headerContent: <SelectShownBox sel={sel} shown={shown} />,
    cell: (c) => (
      <label className="-m-2 inline-flex size-11 cursor-pointer items-center justify-center lg:m-0 lg:size-auto">
        <input
          type="checkbox"
          className={BOX}
          aria-label={`Select conversion ${c.id}`}
          checked={sel.chosen.has(c.id)}
          onChange={() => sel.toggle(c.id)}
        />
      </label>
    ),
  };
}

/** Above a phone's cards (no header there): the box selecting every conversion shown. */
export function SelectShown({ sel, shown }: { sel: ConversionSelection; shown: string[] }) {
  if (shown.length === 0) return null;
  return (
    <div className="mb-2 px-1">
      <SelectShownBox sel={sel} shown={shown} label={`Select all ${count(shown.length)} shown`} />
    </div>
  );
}

/**
 * Under the list, kept in view while it scrolls: "N selected" with Approve, Reject and Clear, and
 * the limit said when more would have been selected. A screen reader hears the count change.
 */
export function SelectionBar({
  sel,
  onDecide,
}: {
  sel: ConversionSelection;
  onDecide: (status: 'approved' | 'rejected') => void;
}) {
  const n = sel.selection.ids.length;
  return (
    <>
      <p className="sr-only" role="status">
        {n > 0 ? `${count(n)} selected.` : ''} {sel.selection.capped ? STATUS_BULK_TOO_MANY : ''}
      </p>
      {n > 0 ? (
        <div className="sticky bottom-3 z-20 mt-3 flex flex-col gap-2 rounded-xl border border-slate-300 bg-white px-4 py-3 shadow-lg sm:flex-row sm:items-center sm:justify-between">
          <div className="text-sm">
            <p className="font-semibold text-slate-900" aria-hidden="true">
              {count(n)} selected
            </p>
            {sel.selection.capped ? (
              <p className="text-amber-900" aria-hidden="true">
                {STATUS_BULK_TOO_MANY} {count(n)} are selected; the rest were not.
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => onDecide('approved')}>
              Approve
            </Button>
            <Button size="sm" variant="danger" onClick={() => onDecide('rejected')}>
              Reject
            </Button>
            <Button size="sm" variant="secondary" onClick={sel.clear}>
              Clear
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
