import { TRACKING_LINK_VARIABLES } from '@portal/shared/offers/offers.constants';
import type { OfferTrackingLinkResponse } from '@portal/shared/offers/offers.schemas';
import Link2 from 'lucide-react/icons/link-2';
import { useMemo, useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { useOfferTrackingLink } from '../api/get-offer-tracking-link.ts';
import { ALWAYS_USE_DEFAULT, buildTrackingLink, checkTrackingUrl, type TrackingValues } from '../tracking-link.ts';

/** The Tracking Link tab (docs/limits.md builder): landing page, click and sub IDs, the link to copy. */
export function TrackingLinkTab({ offerId }: { offerId: number }) {
  return (
    <QueryBlock query={useOfferTrackingLink(offerId)} what="the tracking link tool">
      {(data) => <TrackingLinkBuilder data={data} />}
    </QueryBlock>
  );
}

function TrackingLinkBuilder({ data }: { data: OfferTrackingLinkResponse['data'] }) {
  const [page, setPage] = useState(ALWAYS_USE_DEFAULT);
  const [values, setValues] = useState<TrackingValues>({});

  const pages = data.landing_page_list;
  const chosen = pages.find((p) => String(p.landing_page_cr) === page);
  const link = useMemo(
    () => buildTrackingLink(data.base_url, { cr: chosen && !chosen.default ? chosen.landing_page_cr : null, values }),
    [data, chosen, values],
  );
  const problem = link ? checkTrackingUrl(link) : null;

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Card className="p-5 sm:p-6">
        <h2 className="mb-1 text-base font-semibold text-slate-900">Build your link</h2>
        <p className="mb-5 text-sm text-slate-600">
          Fill in what you want to see in your reports; empty fields are left out.
        </p>
        <div className="flex flex-col gap-4">
          <SelectField
            label="Landing page"
            value={page}
            onChange={(e) => setPage(e.target.value)}
            options={[
              { value: ALWAYS_USE_DEFAULT, label: 'Always Use Default' },
              ...pages.map((p) => ({
                value: String(p.landing_page_cr),
                label: p.default ? `${p.landing_page_name} (default)` : p.landing_page_name,
              })),
            ]}
            hint="Always Use Default follows the offer's default page, even if the network changes it."
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {TRACKING_LINK_VARIABLES.map((v) => (
              <TextField
                key={v.key}
                label={v.label}
                name={v.key}
                value={values[v.key] ?? ''}
                maxLength={255}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => setValues((old) => ({ ...old, [v.key]: e.target.value }))}
                hint={<code className="text-xs">{v.key}</code>}
              />
            ))}
          </div>
        </div>
      </Card>
      <Card className="flex flex-col gap-4 self-start p-5 sm:p-6 lg:sticky lg:top-20">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Link2 size={18} aria-hidden="true" className="text-accent" /> Your tracking link
        </h2>
        <output
          aria-label="Tracking link"
          data-testid="tracking-link"
          className="block rounded-lg border border-slate-200 bg-slate-50 px-3 py-3 font-mono text-[13px] leading-relaxed break-all text-slate-900"
        >
          {link}
        </output>
        {problem ? (
          <p className="text-sm text-red-700" role="alert">
            {problem}
          </p>
        ) : null}
        <div>
          <CopyButton text={link} label="Copy link" />
        </div>
        <p className="text-sm text-slate-600">
          Each click is stored before the visitor is sent on, and shows in your reports with these values.
        </p>
      </Card>
    </div>
  );
}
