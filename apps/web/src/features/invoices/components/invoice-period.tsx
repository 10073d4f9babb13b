import { formatDate } from '../../../lib/dates.ts';

/** An invoice's period, start to end, date parts with dashes (docs/api.md Invoice). */
export function InvoicePeriod({ start, end }: { start: string; end: string }) {
  return (
    <span className="whitespace-nowrap tabular">
      {formatDate(start)} <span aria-hidden="true">→</span>
      <span className="sr-only">to</span> {formatDate(end)}
    </span>
  );
}
