import { OFFER_STATUSES } from '@portal/shared/constants';
import {
  OFFER_STATUS_LABELS,
  OFFER_VISIBILITIES,
  OFFER_VISIBILITY_LABELS,
} from '@portal/shared/offers/offers.constants';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { CONVERSION_METHOD_LABELS } from './offer-columns.tsx';
import { Section, TextArea } from './offer-editor-section.tsx';
import type { OfferEditorParts } from './offer-editor-parts.ts';
import type { OfferForm } from './offer-form.ts';

const STATUS_OPTIONS = OFFER_STATUSES.map((s) => ({ value: s, label: OFFER_STATUS_LABELS[s] }));
const VISIBILITY_OPTIONS = OFFER_VISIBILITIES.map((v) => ({ value: v, label: OFFER_VISIBILITY_LABELS[v] }));
const METHOD_OPTIONS = (['postback', 'pixel', 'both'] as const).map((m) => ({
  value: m,
  label: CONVERSION_METHOD_LABELS[m],
}));

/** The offer's own fields: name, advertiser, status, preview, regions, tags, expiration, visibility, conversion method, description. */
export function OfferFieldsSection({
  advertisers,
  form,
  set,
  errorOf,
}: OfferEditorParts & { advertisers: { value: string; label: string }[] }) {
  return (
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
          options={advertisers}
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
          label="Tags"
          placeholder="Finance, Mobile"
          hint="Comma-separated; publishers see them on the offer."
          value={form.tags}
          error={errorOf('tags')}
          onChange={(e) => set('tags', 'tags', e.target.value)}
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
  );
}
