import type { FailingReceiver, Overview } from '@portal/shared/admin/overview.schemas';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { consoleArea } from '../console-nav.ts';
import { consolePaths } from '../console-paths.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

/** The publisher's name, a link to their page once the Publishers area exists (no dead links). */
function PublisherName({ r }: { r: FailingReceiver }) {
  const area = consoleArea('Publishers');
  const name = r.publisher_name || `Publisher #${r.publisher_id}`;
  return area ? (
    <Link to={consolePaths.publisher(r.publisher_id)} className="font-medium break-words text-accent hover:underline">
      {name}
    </Link>
  ) : (
    <span className="font-medium break-words text-slate-900">{name}</span>
  );
}

const nextTry = (r: FailingReceiver) =>
  r.next_attempt_at ? formatDateTime(r.next_attempt_at, browserTimeZone()) : 'Nothing waiting';

/** Why it is listed: backing off (rounds of failures), and the postbacks marked failing. */
function State({ r }: { r: FailingReceiver }) {
  const parts: string[] = [];
  if (r.backing_off_until) parts.push(`Backing off (${r.failures} ${r.failures === 1 ? 'round' : 'rounds'})`);
  if (r.failing_postbacks.length > 0) parts.push(`Failing: ${r.failing_postbacks.join(', ')}`);
  return parts.length > 0 ? <span className="block text-slate-600">{parts.join(' · ')}</span> : null;
}

/**
 * The publishers' postback receivers whose deliveries fail, longest failing first: when they began
 * and when a delivery is next tried, in the browser's zone.
 */
export function FailingReceiversCard({ failing }: { failing: Overview['failing_receivers'] }) {
  const { receivers, count } = failing;
  return (
    <Card className="p-5">
      <section aria-labelledby="overview-receivers">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="overview-receivers" className="text-base font-semibold text-slate-900">
            Failing postback receivers
          </h2>
          <span className="text-2xl font-semibold text-slate-900 tabular-nums">{formatInteger(count)}</span>
        </div>
        {receivers.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">Every publisher’s postbacks are being delivered.</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600">
              Longest failing first{count > receivers.length ? `, the first ${receivers.length}` : ''}. Times in your
              browser’s zone.
            </p>
            <table className="mt-3 hidden w-full text-left text-sm md:table">
              <thead>
                <tr className="border-b border-slate-200 text-xs text-slate-600">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Publisher
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Host
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Failing since
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Next try
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {receivers.map((r) => (
                  <tr key={`${r.publisher_id} ${r.host}`}>
                    <td className="py-2 pr-3 align-top">
                      <PublisherName r={r} />
                    </td>
                    <td className="py-2 pr-3 align-top">
                      <span className="font-mono text-xs break-all text-slate-900">{r.host || '(no host)'}</span>
                      <State r={r} />
                    </td>
                    <td className="py-2 pr-3 align-top whitespace-nowrap text-slate-900 tabular-nums">
                      {formatDateTime(r.failing_since, browserTimeZone())}
                    </td>
                    <td className="py-2 align-top whitespace-nowrap text-slate-900 tabular-nums">{nextTry(r)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="mt-3 divide-y divide-slate-100 md:hidden" aria-label="Failing postback receivers">
              {receivers.map((r) => (
                <li key={`${r.publisher_id} ${r.host}`} className="py-2.5 text-sm">
                  <PublisherName r={r} />
                  <span className="block font-mono text-xs break-all text-slate-900">{r.host || '(no host)'}</span>
                  <State r={r} />
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-slate-600">
                    <dt>Failing since</dt>
                    <dd className="text-slate-900 tabular-nums">
                      {formatDateTime(r.failing_since, browserTimeZone())}
                    </dd>
                    <dt>Next try</dt>
                    <dd className="text-slate-900 tabular-nums">{nextTry(r)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </Card>
  );
}
