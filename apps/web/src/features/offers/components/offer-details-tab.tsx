import type { ConversionMethod } from '@portal/shared/constants';
import { PAYOUT_TYPE_LABELS } from '@portal/shared/offers/offers.constants';
import type { OfferDetailsResponse } from '@portal/shared/offers/offers.schemas';
import DOMPurify from 'dompurify';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import Globe2 from 'lucide-react/icons/earth';
import Radio from 'lucide-react/icons/radio';
import Tags from 'lucide-react/icons/tags';
import Wallet from 'lucide-react/icons/wallet';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useOfferDetails } from '../api/get-offer-details.ts';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const regionName = (code: string) => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/** How conversions of the offer are reported, in the publisher's words (docs/tracking.md). */
const METHOD_TEXT: Record<ConversionMethod, { label: string; help: string }> = {
  postback: {
    label: 'Server postback',
    help: "The advertiser reports each conversion from its server. Your iframe pixels for this offer don't fire; use postbacks.",
  },
  pixel: {
    label: "Pixel on the advertiser's thank-you page",
    help: 'Conversions are reported by a pixel on the thank-you page; your iframe pixels fire there, and your postbacks are sent as well.',
  },
  both: {
    label: 'Server postback or thank-you page pixel',
    help: 'The advertiser reports conversions from its server or by a pixel on the thank-you page; your iframe pixels fire with pixel conversions.',
  },
};

/** The Details tab (docs/screens.md): description, expiration, regions, payout and its type, tags. */
export function OfferDetailsTab({ offerId }: { offerId: number }) {
  return (
    <QueryBlock query={useOfferDetails(offerId)} what="the offer's details">
      {(data) => <OfferDetails data={data} />}
    </QueryBlock>
  );
}

function OfferDetails({ data }: { data: OfferDetailsResponse['data'] }) {
  const method = METHOD_TEXT[data.offer_conversion_method];
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
      <Card className="self-start p-5 sm:p-6">
        <h2 className="mb-3 text-base font-semibold text-slate-900">Description</h2>
        {data.offer_description.trim() ? (
          <div
            className="prose-sm max-w-none space-y-2 text-[15px] leading-relaxed whitespace-pre-line text-slate-800 [&_a]:text-accent [&_a]:underline"
            // Written by the network; sanitised like notifications (docs/security.md).
            dangerouslySetInnerHTML={{
              __html: DOMPurify.sanitize(data.offer_description, { USE_PROFILES: { html: true } }),
            }}
          />
        ) : (
          <p className="text-sm text-slate-600">No description.</p>
        )}
      </Card>
      <Card className="divide-y divide-slate-100">
        <Fact icon={<Wallet size={18} />} label="Payout">
          {data.offer_payout_type === 'revshare' ? `${data.offer_payout}%` : formatMoney(data.offer_payout)}{' '}
          <span className="text-slate-600">{PAYOUT_TYPE_LABELS[data.offer_payout_type]}</span>
        </Fact>
        <Fact icon={<CalendarClock size={18} />} label="Expiration">
          {data.offer_expire_date ? formatDate(data.offer_expire_date) : 'This offer does not expire.'}
        </Fact>
        <Fact icon={<Globe2 size={18} />} label="Regions">
          {data.offer_geos.length ? data.offer_geos.map(regionName).join(', ') : 'This offer is valid for all regions'}
        </Fact>
        <Fact icon={<Radio size={18} />} label="Conversion Tracking">
          {method.label}
          <span className="mt-0.5 block text-sm text-slate-600">{method.help}</span>
        </Fact>
        <Fact icon={<Tags size={18} />} label="Tags">
          {data.offer_tags.length ? (
            <ul className="flex flex-wrap gap-1.5">
              {data.offer_tags.map((t) => (
                <li key={t} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                  {t}
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-slate-600">No tags</span>
          )}
        </Fact>
      </Card>
    </div>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 px-5 py-4">
      <span className="mt-0.5 text-slate-500" aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold text-slate-600">{label}</p>
        <div className="mt-1 text-[15px] text-slate-900">{children}</div>
      </div>
    </div>
  );
}
