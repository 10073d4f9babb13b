import { RECONCILE_CSV_MAX, RECONCILE_TOO_LARGE } from '@portal/shared/admin/conversions.schemas';
import { useId, useRef, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';

export const RECONCILE_EXAMPLE = [
  'order_id,status,reason,amount',
  'ORD-1001,approved,,49.90',
  'ORD-1002,rejected,Order returned,19.00',
].join('\n');

/**
 * The file to reconcile: what its columns are, with a small example, and the file chooser. A file
 * is read in the browser; one over the API's size is refused here in the API's words.
 */
export function ReconcileFile({
  busy,
  onFile,
  onTooLarge,
}: {
  busy: boolean;
  onFile: (file: { name: string; csv: string }) => void;
  onTooLarge: (message: string) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    // A character is at least a byte: a file this many bytes over is over without reading it.
    if (file.size > RECONCILE_CSV_MAX * 4) return onTooLarge(RECONCILE_TOO_LARGE);
    const csv = await file.text();
    if (csv.length > RECONCILE_CSV_MAX) return onTooLarge(RECONCILE_TOO_LARGE);
    onFile({ name: file.name, csv });
  };
  return (
    <div className="flex flex-col gap-3 text-sm text-slate-700">
      <p>
        A CSV file from the advertiser. Its first line names the columns: <code>tid</code> or <code>order_id</code>,{' '}
        <code>status</code> (<code>approved</code> or <code>rejected</code>), and optionally <code>reason</code> (needed
        to reject; the publisher sees it) and <code>amount</code> (compared with the conversion&apos;s revenue, never
        applied). Commas or semicolons; at most 50,000 rows.
      </p>
      <figure className="flex flex-col gap-1">
        <figcaption className="text-xs font-medium text-slate-600">For example</figcaption>
        <pre className="overflow-x-auto rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800">
          {RECONCILE_EXAMPLE}
        </pre>
      </figure>
      <p>Nothing changes until you check the preview and press Apply.</p>
      <div>
        <input
          ref={input}
          id={id}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="sr-only"
          tabIndex={-1}
          aria-label="CSV file"
          onChange={(e) => void choose(e)}
        />
        <Button onClick={() => input.current?.click()} loading={busy} aria-describedby={`${id}-hint`}>
          Choose CSV file
        </Button>
        <span id={`${id}-hint`} className="sr-only">
          Opens the file chooser; the file is checked at once and shown as a preview.
        </span>
      </div>
    </div>
  );
}
