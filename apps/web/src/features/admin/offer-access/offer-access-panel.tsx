import type { OfferAccessRequest, OfferGrant } from '@portal/shared/admin/offers.schemas';
import { useState, type FormEvent } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import type { Column } from '../../../components/ui/list/types.ts';
import { alerts } from '../../../lib/alerts.ts';
import { useOperatorMe } from '../api/session.ts';
import { consoleWriteProblem, fieldMessage } from '../login-problems.ts';
import {
  useOfferAccessChange,
  useOfferAccessRequests,
  useOfferGrants,
  type OfferAccessScope,
} from './offer-access-api.ts';
import { LazyDeclineRequestModal } from './lazy-decline-request-modal.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

export type OfferAccessPanelProps = { offerId: number; publisherId?: never } | { publisherId: number; offerId?: never };

/**
 * Offer access (docs/operator-console.md, Offers): the requests waiting for approval (approve, or
 * decline with a reason the publisher sees), the grants,
 * and a grant by id. Given an offer it names publishers; given a publisher it names offers. A
 * viewer sees the lists without the buttons.
 */
export function OfferAccessPanel(props: OfferAccessPanelProps) {
  const scope: OfferAccessScope =
    props.offerId !== undefined ? { offerId: props.offerId } : { publisherId: props.publisherId };
  const byOffer = 'offerId' in scope;
  const { data: me } = useOperatorMe();
  const canWrite = !!me && me.role !== 'viewer';
  const grants = useOfferGrants(scope);
  const requests = useOfferAccessRequests(scope);
  const change = useOfferAccessChange();
  const [busy, setBusy] = useState<string | null>(null);
  const [declining, setDeclining] = useState<{ requestId: number; who: string } | null>(null);

  const pairOf = (r: { offer_id: number; publisher_id: number }) => ({
    offer_id: r.offer_id,
    publisher_id: r.publisher_id,
  });
  const other = (r: { offer_id: number; offer_name: string; publisher_id: number; publisher_name: string }) =>
    byOffer ? `${r.publisher_name} #${r.publisher_id}` : `${r.offer_name} #${r.offer_id}`;

  const run = (key: string, c: Parameters<typeof change.mutate>[0], done: string) => {
    setBusy(key);
    change.mutate(c, {
      onSuccess: () => alerts.success(done),
      onError: (err) => alerts.error(consoleWriteProblem(err)),
      onSettled: () => setBusy(null),
    });
  };

  const requestColumns: Column<OfferAccessRequest>[] = [
    { id: 'who', header: byOffer ? 'Publisher' : 'Offer', primary: true, cell: other },
    { id: 'at', header: 'Requested', width: '8rem', cell: (r) => formatDate(r.requested_at, browserTimeZone()) },
    ...(canWrite
      ? [
          {
            id: 'approve',
            header: 'Approve',
            headerHidden: true,
            action: true,
            width: '7.5rem',
            cell: (r: OfferAccessRequest) => (
              <Button
                size="sm"
                loading={busy === `a${r.id}`}
                aria-label={`Approve ${other(r)}`}
                onClick={() => run(`a${r.id}`, { kind: 'approve', requestId: r.id }, `${other(r)}: access granted.`)}
              >
                Approve
              </Button>
            ),
          },
          {
            id: 'decline',
            header: 'Decline',
            headerHidden: true,
            action: true,
            width: '7.5rem',
            cell: (r: OfferAccessRequest) => (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Decline ${other(r)}`}
                onClick={() => setDeclining({ requestId: r.id, who: other(r) })}
              >
                Decline
              </Button>
            ),
          },
        ]
      : []),
  ];

  const grantColumns: Column<OfferGrant>[] = [
    { id: 'who', header: byOffer ? 'Publisher' : 'Offer', primary: true, cell: other },
    { id: 'at', header: 'Granted', width: '8rem', cell: (g) => formatDate(g.granted_at, browserTimeZone()) },
    ...(canWrite
      ? [
          {
            id: 'revoke',
            header: 'Revoke',
            headerHidden: true,
            action: true,
            width: '7.5rem',
            cell: (g: OfferGrant) => (
              <Button
                size="sm"
                variant="secondary"
                loading={busy === `r${g.offer_id}-${g.publisher_id}`}
                aria-label={`Revoke ${other(g)}`}
                onClick={() =>
                  run(
                    `r${g.offer_id}-${g.publisher_id}`,
                    { kind: 'revoke', ...pairOf(g) },
                    `${other(g)}: access revoked.`,
                  )
                }
              >
                Revoke
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">Offer access</h2>
      <p className="mt-1 text-sm text-slate-600">
        {byOffer
          ? 'Publishers granted this offer, and those asking for it. Public offers need no grant.'
          : 'Offers granted to this publisher besides the public ones, and those it asks for.'}
      </p>
      <h3 className="mt-4 mb-2 text-sm font-semibold text-slate-800">Requests</h3>
      <DataTable
        what="the requests"
        label="Access requests"
        columns={requestColumns}
        rows={requests.rows}
        rowKey={(r) => r.id}
        state={requests}
        emptyText="No request waits for approval"
      />
      <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-800">Grants</h3>
      <DataTable
        what="the grants"
        label="Grants"
        columns={grantColumns}
        rows={grants.rows}
        rowKey={(g) => `${g.offer_id}-${g.publisher_id}`}
        state={grants}
        emptyText="Nothing granted"
      />
      {canWrite ? <GrantForm byOffer={byOffer} scope={scope} /> : null}
      <LazyDeclineRequestModal dialog={declining} onClose={() => setDeclining(null)} />
    </Card>
  );
}

function GrantForm({ byOffer, scope }: { byOffer: boolean; scope: OfferAccessScope }) {
  const change = useOfferAccessChange();
  const [value, setValue] = useState('');
  const field = byOffer ? 'publisher_id' : 'offer_id';
  const label = byOffer ? 'Publisher ID' : 'Offer ID';
  const err = change.error;
  const fieldError = fieldMessage(err, field);
  const problem = err && !fieldError ? consoleWriteProblem(err) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = Number(value.trim());
    if (!Number.isInteger(id) || id <= 0) return;
    const pair =
      'offerId' in scope
        ? { offer_id: scope.offerId, publisher_id: id }
        : { offer_id: id, publisher_id: scope.publisherId };
    change.mutate(
      { kind: 'grant', ...pair },
      {
        onSuccess: () => {
          alerts.success(`${label} ${id}: access granted.`);
          setValue('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-wrap items-end gap-2">
      {problem ? (
        <AlertBox tone="error" className="w-full">
          {problem}
        </AlertBox>
      ) : null}
      <TextField
        label={label}
        inputMode="numeric"
        containerClassName="w-40"
        value={value}
        error={fieldError}
        onChange={(e) => {
          setValue(e.target.value.replace(/\D/g, ''));
          change.reset();
        }}
      />
      <Button type="submit" loading={change.isPending} disabled={!/^\d+$/.test(value)}>
        Grant
      </Button>
    </form>
  );
}
