import {
  PUBLISHER_STATUS_CHANGES,
  statusActionsFor,
  type PublisherStatusAction,
} from '@portal/shared/admin/publishers.constants';
import type { PublisherDetail } from '@portal/shared/admin/publishers.schemas';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { consolePaths } from '../console-paths.ts';
import { PublisherStatusBadge } from './publisher-status-badge.tsx';
import { ViewAsButton } from './view-as-button.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

/** The account at a glance: name, status and its changes, View as publisher, and the facts of its sign-up. */
export function PublisherSummary({
  publisher: p,
  canWrite,
  onStatus,
}: {
  publisher: PublisherDetail;
  canWrite: boolean;
  onStatus: (action: PublisherStatusAction) => void;
}) {
  const facts: { label: string; value: React.ReactNode }[] = [
    { label: 'ID', value: <span className="tabular-nums">{p.id}</span> },
    { label: 'Signed up', value: <span className="tabular-nums">{formatDate(p.created_at, browserTimeZone())}</span> },
    {
      label: 'Approved',
      value: p.approved_at ? (
        <span className="tabular-nums">{formatDate(p.approved_at, browserTimeZone())}</span>
      ) : (
        'Not yet'
      ),
    },
    {
      label: 'Referrer',
      value: p.referrer ? (
        <Link to={consolePaths.publisher(p.referrer.id)} className="font-medium text-accent hover:underline">
          {p.referrer.name}
        </Link>
      ) : (
        'None'
      ),
    },
    { label: 'Referral code', value: <span className="font-mono">{p.referral_code}</span> },
    { label: 'Website', value: p.website_url ? <span className="break-all">{p.website_url}</span> : 'None' },
  ];
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <h2 className="text-xl font-semibold break-words text-slate-900">{p.name}</h2>
          <PublisherStatusBadge status={p.status} />
        </div>
        <div className="flex flex-wrap items-start gap-2">
          {canWrite
            ? statusActionsFor(p.status).map((a) => (
                <Button
                  key={a}
                  variant={a === 'reject' || a === 'suspend' ? 'secondary' : 'primary'}
                  onClick={() => onStatus(a)}
                >
                  {PUBLISHER_STATUS_CHANGES[a].label}
                </Button>
              ))
            : null}
          {canWrite && p.status === 'active' ? <ViewAsButton publisherId={p.id} /> : null}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
        {facts.map((f) => (
          <div key={f.label} className="min-w-0">
            <dt className="text-xs font-medium text-slate-600">{f.label}</dt>
            <dd className="mt-0.5 text-slate-900">{f.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
