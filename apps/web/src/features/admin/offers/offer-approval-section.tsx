import {
  CONVERSION_APPROVAL_LABELS,
  CONVERSION_APPROVALS,
  HOLD_DAYS_MAX,
  HOLD_DAYS_MIN,
  type ConversionApproval,
} from '@portal/shared/offers/offers.constants';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Section } from './offer-editor-section.tsx';
import type { OfferEditorParts } from './offer-editor-parts.ts';

const APPROVAL_OPTIONS = CONVERSION_APPROVALS.map((v) => ({ value: v, label: CONVERSION_APPROVAL_LABELS[v] }));
const APPROVAL_HINTS: Record<ConversionApproval, string> = {
  auto: 'Conversions are approved when they arrive.',
  hold: 'Conversions wait as pending and are approved when the hold ends, unless rejected meanwhile.',
  manual: 'Conversions wait as pending until you or the advertiser approve or reject them.',
};
const digits = (s: string) => s.replace(/\D/g, '');

/**
 * How the offer's conversions arrive (docs/money.md): approved at once, held for a number of days,
 * or pending until decided; and the minimum click-to-conversion time under which one is held.
 */
export function OfferApprovalSection({ form, set, errorOf }: OfferEditorParts) {
  return (
    <Section
      title="Approval"
      hint="Pending conversions are not paid. A conversion flagged as possible fraud always arrives pending."
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Approval"
          options={APPROVAL_OPTIONS}
          value={form.approval}
          hint={APPROVAL_HINTS[form.approval]}
          error={errorOf('conversion_approval')}
          onChange={(e) => set('approval', 'conversion_approval', e.target.value as ConversionApproval)}
        />
        {form.approval === 'hold' ? (
          <TextField
            label="Hold (days)"
            inputMode="numeric"
            required
            value={form.holdDays}
            hint={`${HOLD_DAYS_MIN} to ${HOLD_DAYS_MAX} days.`}
            error={errorOf('hold_days')}
            onChange={(e) => set('holdDays', 'hold_days', digits(e.target.value))}
          />
        ) : null}
        <TextField
          label="Minimum click-to-conversion time (seconds)"
          inputMode="numeric"
          value={form.minCtitSeconds}
          hint="A conversion sooner than this after its click arrives pending. 0: off."
          error={errorOf('min_ctit_seconds')}
          onChange={(e) => set('minCtitSeconds', 'min_ctit_seconds', digits(e.target.value))}
        />
      </div>
    </Section>
  );
}
