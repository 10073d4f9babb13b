import { useEffect, useState, type FormEvent } from 'react';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_PAUSE_HOURS,
  type PaymentMethod,
} from '@portal/shared/profile/payment-details.constants';
import type { PaymentDetails } from '@portal/shared/profile/payment-details.schemas';
import { AlertBox } from '../../components/ui/alert-box.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { LoadingBlock } from '../../components/ui/spinner.tsx';
import { alerts } from '../../lib/alerts.ts';
import { isApiError, isServerFault } from '../../lib/api-error.ts';
import { usePaymentDetails, useUpdatePaymentDetails } from './payment-details-api.ts';

type Field = 'paypal_email' | 'account_holder' | 'iban' | 'account_number' | 'swift' | 'note' | 'password' | 'code';
type Values = Record<Field, string> & { method: PaymentMethod | '' };

const FIELDS: Record<PaymentMethod, { field: Field; label: string; hint?: string; autoComplete?: string }[]> = {
  paypal: [{ field: 'paypal_email', label: 'PayPal e-mail', autoComplete: 'email' }],
  bank_transfer: [
    { field: 'account_holder', label: 'Account holder', autoComplete: 'name' },
    { field: 'iban', label: 'IBAN', hint: 'Or leave it empty and give the account number with the SWIFT/BIC.' },
    { field: 'account_number', label: 'Account number', hint: 'Only without an IBAN.' },
    { field: 'swift', label: 'SWIFT/BIC', hint: 'Only without an IBAN: 8 or 11 letters and digits.' },
  ],
  other: [{ field: 'note', label: 'How you want to be paid' }],
};

const EMPTY: Values = {
  method: '',
  paypal_email: '',
  account_holder: '',
  iban: '',
  account_number: '',
  swift: '',
  note: '',
  password: '',
  code: '',
};

const fromDetails = (d: PaymentDetails | null): Values =>
  d
    ? {
        ...EMPTY,
        method: d.method,
        paypal_email: d.paypal_email ?? '',
        account_holder: d.account_holder ?? '',
        iban: d.iban ?? '',
        account_number: d.account_number ?? '',
        swift: d.swift ?? '',
        note: d.note ?? '',
      }
    : EMPTY;

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The profile's Payment details (docs/money.md): the method, its fields, and the current password
 * (with the two-factor code when it is on) to confirm a change, which e-mails the account and
 * pauses payment for 72 hours.
 */
export function PaymentDetailsTab({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const details = usePaymentDetails();
  const update = useUpdatePaymentDetails();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field | 'method', string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (details.data !== undefined) setValues(fromDetails(details.data));
  }, [details.data]);

  if (details.isPending) return <LoadingBlock label="Loading your payment details…" />;
  if (details.isError) return <AlertBox tone="error">Could not load your payment details. Please try again.</AlertBox>;

  const set = (f: Field | 'method', v: string) => {
    setValues((x) => ({ ...x, [f]: v }));
    setErrors((x) => ({ ...x, [f]: undefined }));
  };
  const method = values.method;
  const paused = details.data?.payment_paused_until;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const body = {
      method: method || null,
      ...(method ? Object.fromEntries(FIELDS[method].map((f) => [f.field, values[f.field] || null])) : {}),
      password: values.password,
      ...(twoFactorEnabled ? { code: values.code } : {}),
    };
    update.mutate(body, {
      onSuccess: () => {
        setValues((x) => ({ ...x, password: '', code: '' }));
        setErrors({});
        alerts.success(`Your payment details are saved. Payments are paused for ${PAYMENT_PAUSE_HOURS} hours.`);
      },
      onError: (err) => {
        if (isApiError(err) && Object.keys(err.fields).length > 0) {
          setErrors(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, v.message])));
        } else if (isApiError(err) && err.status === 429 && err.serverMessage) setFormError(err.serverMessage);
        else setFormError(isServerFault(err) ? 'Something went wrong, try again.' : 'Could not save your details.');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4" aria-label="Payment details">
      {paused ? (
        <AlertBox>Your payment details changed recently: payments are paused until {when(paused)}.</AlertBox>
      ) : null}
      {details.data === null ? (
        <p className="text-sm text-slate-700">Tell us where to pay you. We e-mail you whenever these details change.</p>
      ) : null}
      {formError ? <AlertBox tone="error">{formError}</AlertBox> : null}
      <SelectField
        name="method"
        label="Payment method"
        required
        placeholder="Choose a method"
        options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
        value={method}
        error={errors.method}
        onChange={(e) => set('method', e.target.value)}
      />
      {method
        ? FIELDS[method].map((f) => (
            <TextField
              key={f.field}
              name={f.field}
              label={f.label}
              hint={f.hint}
              required={f.field !== 'account_number' && f.field !== 'swift' && f.field !== 'iban'}
              autoComplete={f.autoComplete ?? 'off'}
              value={values[f.field]}
              error={errors[f.field]}
              onChange={(e) => set(f.field, e.target.value)}
            />
          ))
        : null}
      <TextField
        name="password"
        type="password"
        label="Current Password"
        required
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={(e) => set('password', e.target.value)}
      />
      {twoFactorEnabled ? (
        <TextField
          name="code"
          label="Two-factor code"
          hint="The code from your authenticator app, or a recovery code."
          required
          autoComplete="one-time-code"
          inputMode="numeric"
          value={values.code}
          error={errors.code}
          onChange={(e) => set('code', e.target.value)}
        />
      ) : null}
      {/* Said before the change is made, not only after (docs/money.md). */}
      <p className="text-sm text-slate-600">
        A change is e-mailed to you and pauses payments for {PAYMENT_PAUSE_HOURS} hours.
      </p>
      <div>
        <Button type="submit" disabled={!method || !values.password} loading={update.isPending}>
          Save payment details
        </Button>
      </div>
    </form>
  );
}
