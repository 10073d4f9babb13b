import type { PublisherDetail } from '@portal/shared/admin/publishers.schemas';
import { PAYMENT_METHOD_LABELS } from '@portal/shared/profile/payment-details.constants';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem, fieldMessage } from '../login-problems.ts';
import { useSetMinimumPayout } from './publishers-api.ts';

const usd = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/**
 * Payouts (docs/money.md): the publisher's payment details, masked but for the last four
 * characters, whether payment is paused after a change, and its minimum payout (empty: the
 * network's), which a manager of the console changes here.
 */
export function PayoutsCard({ publisher, canWrite }: { publisher: PublisherDetail; canWrite: boolean }) {
  const save = useSetMinimumPayout(publisher.id);
  const current = publisher.minimum_payout == null ? '' : String(publisher.minimum_payout);
  const [value, setValue] = useState(current);
  const d = publisher.payment_details;
  const rows: [string, string | null][] = d
    ? [
        ['Method', PAYMENT_METHOD_LABELS[d.method]],
        ['PayPal e-mail', d.paypal_email],
        ['Account holder', d.account_holder],
        ['IBAN', d.iban],
        ['Account number', d.account_number],
        ['SWIFT/BIC', d.swift],
        ['Note', d.note],
      ]
    : [];
  const submit = () => {
    const amount = value.trim() === '' ? null : Number(value.trim());
    if (amount !== null && !Number.isFinite(amount)) {
      alerts.error('Enter the minimum payout as an amount in USD, or leave it empty.');
      return;
    }
    save.mutate(
      { minimum_payout: amount },
      {
        onSuccess: () => alerts.success('Minimum payout saved.'),
        onError: (err) => {
          if (!fieldMessage(err, 'minimum_payout')) alerts.error(consoleWriteProblem(err));
        },
      },
    );
  };
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Payouts</h2>
      {d ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {rows
            .filter(([, v]) => v != null)
            .map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-600">{k}</dt>
                <dd className="font-mono break-all text-slate-900">{v}</dd>
              </div>
            ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No payment details yet.</p>
      )}
      {d?.payment_paused_until ? (
        <p className="mt-2 text-sm font-medium text-amber-900">
          Payment paused until{' '}
          {new Date(d.payment_paused_until).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}: the
          details changed recently.
        </p>
      ) : null}
      <p className="mt-3 text-sm text-slate-700">
        Minimum payout:{' '}
        {publisher.minimum_payout == null
          ? `${usd(publisher.network_minimum_payout)} (the network's)`
          : usd(publisher.minimum_payout)}
      </p>
      {canWrite ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <TextField
            label="Own minimum payout (USD)"
            name="minimum_payout"
            inputMode="decimal"
            hint="Empty: the network's minimum."
            containerClassName="min-w-0 flex-1"
            value={value}
            error={fieldMessage(save.error, 'minimum_payout')}
            onChange={(e) => setValue(e.target.value)}
          />
          <Button variant="secondary" onClick={submit} disabled={value === current} loading={save.isPending}>
            Save
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
