import type { CapStatus } from '@portal/shared/admin/overview.schemas';
import { Card } from '../../../components/ui/card.tsx';
import { formatInteger } from '../../../lib/format.ts';

/** A small pill (the console keeps its own: the publisher pages' badge module stays out of its files). */
const Pill = ({ children, className }: { children: React.ReactNode; className: string }) => (
  <span
    className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${className}`}
  >
    {children}
  </span>
);

const share = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0);
/** A bar segment's width: exact, so a few conversions of a large cap still show. */
const width = (part: number, whole: number) => `${whole > 0 ? Math.min(100, (part / whole) * 100) : 0}%`;

/**
 * The fullest caps of the current UTC day and month, each with how much of its count came from
 * pixel conversions, so a cap that pixels filled shows as such (docs/tracking.md, Caps).
 */
export function CapsCard({ caps }: { caps: CapStatus[] }) {
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Offer caps</h2>
      <p className="mt-1 text-sm text-slate-600">
        Today and this month (UTC), fullest first.{' '}
        <span className="whitespace-nowrap">
          <span aria-hidden="true" className="text-accent">
            ■
          </span>{' '}
          by pixel,
        </span>{' '}
        <span className="whitespace-nowrap">
          <span aria-hidden="true" className="text-slate-400">
            ■
          </span>{' '}
          by postback.
        </span>
      </p>
      {caps.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No capped offer has conversions today or this month.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {caps.map((c) => {
            const full = c.count >= c.cap;
            const byPixel = share(c.pixel_count, c.count);
            return (
              <li
                key={`${c.offer_id}-${c.period}-${c.publisher_id ?? 0}`}
                className="py-2.5 text-sm"
                aria-label={`${c.offer_name}, ${c.period === 'day' ? 'today' : 'this month'}`}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <span className="min-w-0 font-medium break-words text-slate-900">
                    {c.offer_name} <span className="font-normal text-slate-500">#{c.offer_id}</span>
                  </span>
                  <span className="text-slate-900 tabular-nums">
                    {formatInteger(c.count)} of {formatInteger(c.cap)}
                  </span>
                </div>
                <div
                  className="mt-1.5 flex h-1.5 overflow-hidden rounded-full bg-slate-100"
                  aria-hidden="true"
                  title={`${share(c.count, c.cap)} % used`}
                >
                  <div className="bg-accent" style={{ width: width(c.pixel_count, c.cap) }} />
                  <div className="bg-slate-400" style={{ width: width(c.count - c.pixel_count, c.cap) }} />
                </div>
                <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
                  <span>
                    {c.period === 'day' ? 'Today' : 'This month'} ·{' '}
                    {c.publisher_id === null ? 'all publishers' : `publisher #${c.publisher_id}`}
                  </span>
                  <span className="tabular-nums">
                    {formatInteger(c.pixel_count)} by pixel ({byPixel} %)
                  </span>
                  {full ? <Pill className="bg-red-50 text-red-800 ring-red-600/25">Full</Pill> : null}
                  {c.pixel_count > 0 && byPixel >= 50 ? (
                    <Pill className="bg-accent-soft text-accent ring-accent/30">Mostly pixels</Pill>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
