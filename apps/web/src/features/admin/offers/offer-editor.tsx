import type { AdminOffer } from '@portal/shared/admin/offers.schemas';
import { OFFER_STATUSES } from '@portal/shared/constants';
import {
  OFFER_STATUS_LABELS,
  OFFER_VISIBILITIES,
  OFFER_VISIBILITY_LABELS,
} from '@portal/shared/offers/offers.constants';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldShell, SelectField, TextField } from '../../../components/ui/field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { consoleWriteProblem } from '../login-problems.ts';
import { CONVERSION_METHOD_LABELS } from './offer-columns.tsx';
import { formOf, newEventRow, newLandingPageRow, requestOf, type OfferForm } from './offer-form.ts';
import { useOfferAdvertisers, useSaveOffer } from './offers-api.ts';

const STATUS_OPTIONS = OFFER_STATUSES.map((s) => ({ value: s, label: OFFER_STATUS_LABELS[s] }));
const VISIBILITY_OPTIONS = OFFER_VISIBILITIES.map((v) => ({ value: v, label: OFFER_VISIBILITY_LABELS[v] }));
const METHOD_OPTIONS = (['postback', 'pixel', 'both'] as const).map((m) => ({
  value: m,
  label: CONVERSION_METHOD_LABELS[m],
}));
const PAYOUT_TYPE_OPTIONS = [
  { value: 'cpa', label: 'Amount ($)' },
  { value: 'revshare', label: 'Revenue share (%)' },
];
const CAP_SCOPE_OPTIONS = [
  { value: 'global', label: 'Per network' },
  { value: 'publisher', label: 'Per publisher' },
];
const decimal = (s: string) => s.replace(/[^\d.]/g, '');
const digits = (s: string) => s.replace(/\D/g, '');

/**
 * The offer editor, for a new offer and an existing one (docs/operator-console.md, Offers): its
 * fields, caps, events (the first is the base one) and landing pages (the first is the default),
 * saved together with Save; the server's field errors show at their fields until edited.
 */
export function OfferEditor({
  offer,
  onSaved,
  readOnly = false,
}: {
  offer: AdminOffer | null;
  onSaved: (o: AdminOffer) => void;
  /** A viewer's: the fields shown, nothing to change or save. */
  readOnly?: boolean;
}) {
  const [form, setForm] = useState<OfferForm>(() => formOf(offer));
  const [edited, setEdited] = useState<Set<string>>(new Set());
  const save = useSaveOffer();
  const advertisers = useOfferAdvertisers();
  const err = save.error;
  const fields = isApiError(err) ? err.fields : {};
  const errorOf = (field: string) => (edited.has(field) ? undefined : fields[field]?.message);
  const touch = (field: string) => setEdited((s) => (s.has(field) ? s : new Set(s).add(field)));
  const set = <K extends keyof OfferForm>(k: K, field: string, v: OfferForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    touch(field);
  };
  const problem = err && Object.keys(fields).length === 0 ? consoleWriteProblem(err) : null;
  const hasFieldErrors = Object.keys(fields).some((f) => !edited.has(f));

  const setEvent = (i: number, field: string, patch: Partial<OfferForm['events'][number]>) => {
    setForm((f) => ({ ...f, events: f.events.map((e, j) => (j === i ? { ...e, ...patch } : e)) }));
    touch(`events.${i}.${field}`);
  };
  const setPage = (i: number, url: string) => {
    setForm((f) => ({ ...f, landingPages: f.landingPages.map((p, j) => (j === i ? { ...p, url } : p)) }));
    touch(`landing_pages.${i}.url`);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setEdited(new Set());
    save.mutate(
      { id: offer?.id ?? null, body: requestOf(form) },
      {
        onSuccess: (saved) => {
          // New rows now have ids: the form follows what was saved.
          setForm(formOf(saved));
          onSaved(saved);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Offer">
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-5">
        {problem ? <AlertBox tone="error">{problem}</AlertBox> : null}
        <Section title="Offer">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Name"
              required
              value={form.name}
              error={errorOf('name')}
              onChange={(e) => set('name', 'name', e.target.value)}
            />
            <SelectField
              label="Advertiser"
              required
              placeholder="Select an advertiser"
              options={(advertisers.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
              value={form.advertiserId}
              error={errorOf('advertiser_id')}
              onChange={(e) => set('advertiserId', 'advertiser_id', e.target.value)}
            />
            <SelectField
              label="Status"
              options={STATUS_OPTIONS}
              value={form.status}
              error={errorOf('status')}
              onChange={(e) => set('status', 'status', e.target.value as OfferForm['status'])}
            />
            <TextField
              label="Preview URL"
              type="url"
              placeholder="https://"
              value={form.previewUrl}
              error={errorOf('preview_url')}
              onChange={(e) => set('previewUrl', 'preview_url', e.target.value)}
            />
            <TextField
              label="Regions"
              placeholder="US, DE"
              hint="Two-letter country codes; none means everywhere."
              value={form.regions}
              error={errorOf('geos')}
              onChange={(e) => set('regions', 'geos', e.target.value)}
            />
            <TextField
              label="Expiration"
              type="date"
              hint="Empty: it does not expire."
              value={form.expiration}
              error={errorOf('expire_date')}
              onChange={(e) => set('expiration', 'expire_date', e.target.value)}
            />
            <SelectField
              label="Visibility"
              options={VISIBILITY_OPTIONS}
              hint={
                form.visibility === 'approval_required'
                  ? 'Every publisher sees it; those granted run it, others may ask for access.'
                  : form.visibility === 'private'
                    ? 'Only granted publishers see and run it.'
                    : 'Every publisher sees and runs it.'
              }
              value={form.visibility}
              error={errorOf('visibility')}
              onChange={(e) => set('visibility', 'visibility', e.target.value as OfferForm['visibility'])}
            />
            <SelectField
              label="Conversion method"
              options={METHOD_OPTIONS}
              value={form.conversionMethod}
              error={errorOf('conversion_method')}
              onChange={(e) =>
                set('conversionMethod', 'conversion_method', e.target.value as OfferForm['conversionMethod'])
              }
            />
          </div>
          <TextArea
            label="Description"
            value={form.description}
            error={errorOf('description')}
            onChange={(v) => set('description', 'description', v)}
          />
        </Section>

        <Section
          title="Events"
          hint="What the offer pays for. The first event is the base one, shown as the offer's payout."
        >
          <ol className="flex flex-col gap-3">
            {form.events.map((ev, i) => (
              <li
                key={ev.key}
                aria-label={`Event ${i + 1}`}
                className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1.4fr_1fr_1fr_1fr_1fr_auto] sm:items-start"
              >
                <TextField
                  label="Event name"
                  required
                  value={ev.name}
                  error={errorOf(`events.${i}.name`)}
                  onChange={(e) => setEvent(i, 'name', { name: e.target.value })}
                />
                <TextField
                  label="Payout"
                  inputMode="decimal"
                  value={ev.payout}
                  error={errorOf(`events.${i}.payout`)}
                  onChange={(e) => setEvent(i, 'payout', { payout: decimal(e.target.value) })}
                />
                <SelectField
                  label="Payout type"
                  options={PAYOUT_TYPE_OPTIONS}
                  value={ev.payoutType}
                  onChange={(e) => setEvent(i, 'payout', { payoutType: e.target.value as 'cpa' | 'revshare' })}
                />
                <TextField
                  label="Revenue"
                  inputMode="decimal"
                  hint="What the advertiser pays."
                  value={ev.revenue}
                  error={errorOf(`events.${i}.revenue`)}
                  onChange={(e) => setEvent(i, 'revenue', { revenue: decimal(e.target.value) })}
                />
                <SelectField
                  label="Revenue type"
                  options={PAYOUT_TYPE_OPTIONS}
                  value={ev.revenueType}
                  onChange={(e) => setEvent(i, 'revenue', { revenueType: e.target.value as 'cpa' | 'revshare' })}
                />
                <div className="sm:pt-7">
                  {ev.id === null && form.events.length > 1 ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove event ${i + 1}`}
                      onClick={() => setForm((f) => ({ ...f, events: f.events.filter((_, j) => j !== i) }))}
                    >
                      Remove
                    </Button>
                  ) : i === 0 ? (
                    <span className="text-xs text-slate-600">Base</span>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
          {fields['events'] && !edited.has('events') ? (
            <p className="text-sm text-red-700">{fields['events'].message}</p>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => {
              setForm((f) => ({ ...f, events: [...f.events, newEventRow()] }));
              touch('events');
            }}
          >
            Add event
          </Button>
        </Section>

        <Section title="Landing pages" hint="Where clicks go. The first is the default; a click may name another.">
          <ol className="flex flex-col gap-3">
            {form.landingPages.map((p, i) => (
              <li key={p.key} aria-label={`Landing page ${i + 1}`} className="flex items-start gap-2">
                <TextField
                  label="Landing page URL"
                  containerClassName="min-w-0 flex-1"
                  placeholder="https://shop.example/landing?clickid={tid}"
                  hint={i === 0 ? `The default${p.name ? ` (${p.name})` : ''}.` : (p.name ?? undefined)}
                  value={p.url}
                  error={errorOf(`landing_pages.${i}.url`)}
                  onChange={(e) => setPage(i, e.target.value)}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-7"
                  aria-label={`Remove landing page ${i + 1}`}
                  onClick={() => setForm((f) => ({ ...f, landingPages: f.landingPages.filter((_, j) => j !== i) }))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ol>
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => setForm((f) => ({ ...f, landingPages: [...f.landingPages, newLandingPageRow()] }))}
          >
            Add landing page
          </Button>
        </Section>

        <Section
          title="Caps"
          hint="Conversions a day or a month, after which clicks go to the fallback. Empty: no cap."
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Daily cap"
              inputMode="numeric"
              value={form.dailyCap}
              error={errorOf('daily_cap')}
              onChange={(e) => set('dailyCap', 'daily_cap', digits(e.target.value))}
            />
            <TextField
              label="Monthly cap"
              inputMode="numeric"
              value={form.monthlyCap}
              error={errorOf('monthly_cap')}
              onChange={(e) => set('monthlyCap', 'monthly_cap', digits(e.target.value))}
            />
            <SelectField
              label="Caps count"
              options={CAP_SCOPE_OPTIONS}
              value={form.capScope}
              error={errorOf('cap_scope')}
              onChange={(e) => set('capScope', 'cap_scope', e.target.value as OfferForm['capScope'])}
            />
          </div>
        </Section>

        {readOnly ? null : (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            {hasFieldErrors ? (
              <p role="alert" className="text-sm text-red-700">
                Please correct the highlighted fields.
              </p>
            ) : null}
          </div>
        )}
      </fieldset>
    </form>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div>
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      </div>
      {children}
    </Card>
  );
}

function TextArea(p: { label: string; value: string; error: string | undefined; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <FieldShell id={id} label={p.label} error={p.error ?? null}>
      <textarea
        id={id}
        rows={4}
        value={p.value}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${id}-error` : undefined}
        onChange={(e) => p.onChange(e.target.value)}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-[15px] text-slate-900 shadow-xs focus:border-accent focus:ring-3 focus:ring-accent/20 focus:outline-none"
      />
    </FieldShell>
  );
}
