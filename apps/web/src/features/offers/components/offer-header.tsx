import type { Offer } from '@portal/shared/offers/offers.schemas';
import ExternalLink from 'lucide-react/icons/external-link';
import { buttonClass } from '../../../components/ui/button.tsx';
import { OfferStatusBadge } from '../../../components/ui/status-badge.tsx';
import { RequestAccess } from './request-access.tsx';

/** The offer's header (docs/screens.md Offer detail): id and name, its real status (docs/decisions.md), preview. */
export function OfferHeader({ offer }: { offer: Offer }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3.5 shadow-xs sm:px-5">
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1.5">
        <p className="min-w-0 text-[15px] font-medium text-slate-900">
          <span className="text-slate-500 tabular">[{offer.offer_id}]</span> {offer.name}
        </p>
        <OfferStatusBadge status={offer.status} />
        <RequestAccess offer={offer} />
      </div>
      {offer.preview_url ? (
        <a
          href={offer.preview_url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary', 'md')}
        >
          <ExternalLink size={16} aria-hidden="true" />
          Preview Landing Page
        </a>
      ) : null}
    </div>
  );
}
