import type { AdminOffer } from '@portal/shared/admin/offers.schemas';
import { useState, type FormEvent } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { consoleWriteProblem } from '../login-problems.ts';
import { OfferApprovalSection } from './offer-approval-section.tsx';
import { OfferCapsSection } from './offer-caps-section.tsx';
import type { OfferEditorParts } from './offer-editor-parts.ts';
import { OfferEventsSection } from './offer-events-section.tsx';
import { OfferFieldsSection } from './offer-fields-section.tsx';
import { formOf, requestOf, type OfferForm } from './offer-form.ts';
import { OfferLandingPagesSection } from './offer-landing-pages-section.tsx';
import { useOfferAdvertisers, useSaveOffer } from './offers-api.ts';

/**
 * The offer editor, for a new offer and an existing one (docs/operator-console.md, Offers): its
 * fields, caps, approval, events (the first is the base one) and landing pages (the first is the default),
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

  const parts: OfferEditorParts = { form, setForm, set, touch, errorOf };
  const advertiserOptions = (advertisers.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));

  return (
    <form onSubmit={submit} noValidate aria-label="Offer">
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-5">
        {problem ? <AlertBox tone="error">{problem}</AlertBox> : null}
        <OfferFieldsSection {...parts} advertisers={advertiserOptions} />
        <OfferEventsSection {...parts} />
        <OfferLandingPagesSection {...parts} />
        <OfferCapsSection {...parts} />
        <OfferApprovalSection {...parts} />
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
