import { datePart } from '../../../lib/dates.ts';

/** An invoice's period, start to end, date parts with dashes (docs/api.md Invoice). */
export function InvoicePeriod({ start, end }: { start: string; end: string }) {
  return (
    <span className="whitespace-nowrap tabular">
      {datePart(start)} <span aria-hidden="true">→</span>
      <span className="sr-only">to</span> {datePart(end)}
    </span>
  );
}
