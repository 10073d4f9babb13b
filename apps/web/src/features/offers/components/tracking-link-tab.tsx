import { TRACKING_LINK_VARIABLES } from '@portal/shared/offers/offers.constants';
import type { OfferTrackingLinkResponse } from '@portal/shared/offers/offers.schemas';
import Link2 from 'lucide-react/icons/link-2';
import type { OfferStatus } from '@portal/shared/constants';
import { useId, useMemo, useState } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { useIsWide } from '../../../lib/use-media-query.ts';
import { useOfferTrackingLink } from '../api/get-offer-tracking-link.ts';
import {
  ALWAYS_USE_DEFAULT,
  buildTrackingLink,
  checkTrackingUrl,
  firstFieldProblem,
  type TrackingValues,
} from '../tracking-link.ts';
import { notPayingReason } from '../offer-payability.ts';

/** The offer as the builder needs it: whether its clicks can convert now. */
export interface TrackedOffer {
  status: OfferStatus;
  /** `YYYY-MM-DD` (UTC), null: does not expire. */
  expiration: string | null;
}

/** The Tracking Link tab (docs/limits.md builder): landing page, click and sub IDs, the link to copy. */
export function TrackingLinkTab({ offerId, offer }: { offerId: number; offer: TrackedOffer }) {
  return (
    <QueryBlock query={useOfferTrackingLink(offerId)} what="the tracking link tool">
      {(data) => <TrackingLinkBuilder data={data} offer={offer} />}
    </QueryBlock>
  );
}

function TrackingLinkBuilder({ data, offer }: { data: OfferTrackingLinkResponse['data']; offer: TrackedOffer }) {
  const ids = useId();
  const [page, setPage] = useState(ALWAYS_USE_DEFAULT);
  const [values, setValues] = useState<TrackingValues>({});

  const pages = data.landing_page_list;
  const chosen = pages.find((p) => String(p.landing_page_cr) === page);
  const link = useMemo(
    () => buildTrackingLink(data.base_url, { cr: chosen && !chosen.default ? chosen.landing_page_cr : null, values }),
    [data, chosen, values],
  );
  // Errors show at their field, one at a time; what no field holds (the address itself) under the link.
  const fieldProblem = firstFieldProblem(values);
  const problem = fieldProblem?.message ?? (link ? checkTrackingUrl(link) : null);
  const notPaying = notPayingReason(offer);
  const wide = useIsWide();
  const warningId = `${ids}-warning`;
  const reasonId = `${ids}-reason`;

  const linkCard = (
    <Card key="link" className="flex flex-col gap-4 self-start p-5 sm:p-6 lg:sticky lg:top-20">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Link2 size={18} aria-hidden="true" className="text-accent" /> Your tracking link
      </h2>
      {notPaying ? (
        <AlertBox tone="warning" title="Clicks on this link will not convert">
          <span id={warningId}>{notPaying}</span>
        </AlertBox>
      ) : null}
      <output
        aria-label="Tracking link"
        aria-describedby={notPaying ? warningId : undefined}
        data-testid="tracking-link"
        className="block rounded-lg border border-slate-200 bg-slate-50 px-3 py-3 font-mono text-[13px] leading-relaxed break-all text-slate-900"
      >
        {link}
      </output>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <CopyButton
          text={link}
          label="Copy link"
          disabled={problem !== null}
          describedBy={[problem ? reasonId : '', notPaying ? warningId : ''].filter(Boolean).join(' ') || undefined}
        />
        {problem ? (
          <p id={reasonId} className="text-sm text-slate-600">
            {fieldProblem ? 'Fix the field marked in red to copy the link.' : `${problem}: the link cannot be copied.`}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">
        Each click is stored before the visitor is sent on, and shows in your reports with these values.
      </p>
    </Card>
  );
  const formCard = (
    <Card key="form" className="p-5 sm:p-6">
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
              error={fieldProblem?.key === v.key ? fieldProblem.message : null}
            />
          ))}
        </div>
      </div>
    </Card>
  );
  // The page reads (and tabs) in the order it is laid out: on a phone the link and Copy first, in
  // view at once, the form that builds it below; from 1024 px the form, the link in the column on
  // its right.
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      {wide ? [formCard, linkCard] : [linkCard, formCard]}
    </div>
  );
}
