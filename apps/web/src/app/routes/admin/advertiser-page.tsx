import type { AdvertiserDetail } from '@portal/shared/admin/advertisers.schemas';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { OfferStatusBadge } from '../../../components/ui/status-badge.tsx';
import { AdvertiserStatusBadge, publishedWarning } from '../../../features/admin/advertisers/advertiser-parts.tsx';
import { useAdvertiser } from '../../../features/admin/advertisers/advertisers-api.ts';
import {
  LazyAdvertiserDialog,
  type AdvertiserDialog,
} from '../../../features/admin/advertisers/lazy-advertiser-modals.tsx';
import { consoleArea } from '../../../features/admin/console-nav.ts';
import { consolePaths } from '../../../features/admin/console-paths.ts';
import { useCanWrite } from '../../../features/admin/use-can-write.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

const METHOD_LABELS = { postback: 'Server postback', pixel: 'Pixel', both: 'Server postback and pixel' } as const;

/** One advertiser: edit it, rotate its two credentials (each shown once), the offers it owns. */
export function Component() {
  const id = Number(useParams()['id']);
  const query = useAdvertiser(Number.isSafeInteger(id) && id > 0 ? id : 0);
  const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 422);
  return (
    <PageWrapper
      title="Advertisers"
      seoTitle={query.data ? `${query.data.name} · Advertisers` : 'Advertisers'}
      back={{ to: consolePaths.advertisers, label: 'All advertisers' }}
      wide
    >
      {notFound ? (
        <AlertBox tone="info">There is no such advertiser.</AlertBox>
      ) : (
        <QueryBlock query={query} what="the advertiser">
          {(a) => <AdvertiserView advertiser={a} />}
        </QueryBlock>
      )}
    </PageWrapper>
  );
}

function AdvertiserView({ advertiser: a }: { advertiser: AdvertiserDetail }) {
  const canWrite = useCanWrite();
  const [dialog, setDialog] = useState<AdvertiserDialog>(null);
  const warning = publishedWarning(a);
  const offersArea = consoleArea('Offers');
  const rotated = (at: string | null) =>
    at ? `Last rotated ${formatDateTime(at, browserTimeZone())}` : 'Never rotated';
  return (
    <div className="flex flex-col gap-6">
      <Card className="p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-xl font-semibold break-words text-slate-900">{a.name}</h2>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <AdvertiserStatusBadge status={a.status} />
              <span>
                Advertiser {a.id} · created {formatDate(a.created_at, browserTimeZone())}
              </span>
            </p>
          </div>
          {canWrite ? (
            <Button variant="secondary" onClick={() => setDialog({ kind: 'edit', advertiser: a })}>
              Edit
            </Button>
          ) : null}
        </div>
      </Card>

      <Card className="p-5">
        <h2 className="text-base font-semibold text-slate-900">Credentials</h2>
        <p className="mt-1 text-sm text-slate-600">
          A new credential is shown once, when it is made; the old one stops working at once.
        </p>
        {warning ? (
          <AlertBox tone="warning" className="mt-3">
            {warning}, which anyone can use: rotate before the network goes live.
          </AlertBox>
        ) : null}
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4">
            <h3 className="text-sm font-medium text-slate-900">Conversion API token</h3>
            <p className="text-sm text-slate-600">{rotated(a.token_rotated_at)}</p>
            {canWrite ? (
              <Button
                variant="secondary"
                className="self-start"
                onClick={() => setDialog({ kind: 'rotate', advertiser: a, which: 'token' })}
              >
                Rotate conversion token
              </Button>
            ) : null}
          </div>
          <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4">
            <h3 className="text-sm font-medium text-slate-900">Pixel signing secret</h3>
            <p className="text-sm text-slate-600">{rotated(a.pixel_secret_rotated_at)}</p>
            {canWrite ? (
              <Button
                variant="secondary"
                className="self-start"
                onClick={() => setDialog({ kind: 'rotate', advertiser: a, which: 'pixel_secret' })}
              >
                Rotate pixel secret
              </Button>
            ) : null}
          </div>
        </div>
      </Card>

      <Card className="p-5">
        <h2 className="text-base font-semibold text-slate-900">Offers</h2>
        {a.offer_list.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">This advertiser owns no offers yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {a.offer_list.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5 text-sm">
                <span className="min-w-0 break-words">
                  {offersArea ? (
                    <Link to={consolePaths.offer(o.id)} className="font-medium text-accent hover:underline">
                      {o.name}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">{o.name}</span>
                  )}
                  <span className="ml-2 text-slate-600">
                    #{o.id} · {METHOD_LABELS[o.conversion_method]}
                  </span>
                </span>
                <OfferStatusBadge status={o.status} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <LazyAdvertiserDialog dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
