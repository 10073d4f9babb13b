import type { Overview } from '@portal/shared/admin/overview.schemas';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { consoleArea } from '../console-nav.ts';
import { consolePaths } from '../console-paths.ts';
import { formatDate } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

/** Publishers waiting for approval: how many, the newest, each a link once the Publishers area exists. */
export function PendingPublishersCard({ pending }: { pending: Overview['pending_publishers'] }) {
  const area = consoleArea('Publishers');
  return (
    <Card className="p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">Publishers waiting for approval</h2>
        <span className="text-2xl font-semibold text-slate-900 tabular-nums">{formatInteger(pending.count)}</span>
      </div>
      {pending.latest.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No publisher is waiting for approval.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {pending.latest.map((p) => (
            <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm">
              <span className="min-w-0">
                {area ? (
                  <Link to={consolePaths.publisher(p.id)} className="font-medium text-accent hover:underline">
                    {p.name}
                  </Link>
                ) : (
                  <span className="font-medium text-slate-900">{p.name}</span>
                )}
                {p.email ? <span className="ml-2 break-all text-slate-600">{p.email}</span> : null}
              </span>
              <span className="text-slate-600 tabular-nums">{formatDate(p.created_at, browserTimeZone())}</span>
            </li>
          ))}
        </ul>
      )}
      {area && pending.count > 0 ? (
        <Link
          to={consolePaths.publishersWithStatus('pending')}
          className="mt-3 inline-block text-sm font-medium text-accent hover:underline"
        >
          Review every pending publisher
        </Link>
      ) : null}
    </Card>
  );
}
