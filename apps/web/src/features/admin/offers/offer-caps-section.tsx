import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Section } from './offer-editor-section.tsx';
import type { OfferEditorParts } from './offer-editor-parts.ts';
import type { OfferForm } from './offer-form.ts';

const CAP_SCOPE_OPTIONS = [
  { value: 'global', label: 'Per network' },
  { value: 'publisher', label: 'Per publisher' },
];
const digits = (s: string) => s.replace(/\D/g, '');

/** The offer's daily and monthly caps, per network or per publisher. */
export function OfferCapsSection({ form, set, errorOf }: OfferEditorParts) {
  return (
    <Section title="Caps" hint="Conversions a day or a month, after which clicks go to the fallback. Empty: no cap.">
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
  );
}
