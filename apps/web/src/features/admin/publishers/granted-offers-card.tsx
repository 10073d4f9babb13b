import type { PublisherGrant } from '@portal/shared/admin/publishers.schemas';
import { Card } from '../../../components/ui/card.tsx';
import { formatConsoleDate } from '../format.ts';

/** The offers granted to this publisher (private and approval-required offers it may run). */
export function GrantedOffersCard({ grants }: { grants: PublisherGrant[] }) {
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Offer access</h2>
      <p className="mt-1 text-sm text-slate-600">
        Offers granted to this publisher besides the public ones. Grants are made on the offer.
      </p>
      {grants.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No offer is granted to this publisher.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Granted offers">
          {grants.map((g) => (
            <li key={g.offer_id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm">
              <span className="min-w-0 font-medium text-slate-900">
                {g.offer_name} <span className="font-normal text-slate-600">#{g.offer_id}</span>
              </span>
              <span className="text-slate-600 tabular-nums">Granted {formatConsoleDate(g.granted_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
