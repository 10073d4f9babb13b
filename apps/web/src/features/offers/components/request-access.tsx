import { API_PATHS } from '@portal/shared/api-paths';
import type { Offer, OfferAccessRequestResponse } from '@portal/shared/offers/offers.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { api } from '../../../lib/api-client.ts';
import { offerQuery } from '../api/get-offer.ts';

/**
 * An offer that needs the network's approval: **Request access**, then "Access requested" until
 * an operator grants it, or the operator's reason when it was declined, with **Request access** to
 * ask again (docs/api.md).
 */
export function RequestAccess({ offer }: { offer: Offer }) {
  const client = useQueryClient();
  const ask = useMutation({
    mutationFn: () => api.post<OfferAccessRequestResponse>(API_PATHS.offerRequestAccess, { offer_id: offer.offer_id }),
    onSuccess: (r) => {
      client.setQueryData(offerQuery(offer.offer_id).queryKey, { ...offer, access: r.data.access });
      if (r.data.access === 'run') void client.invalidateQueries({ queryKey: ['offer', offer.offer_id] });
    },
  });
  if (offer.access === 'run') return null;
  if (offer.access === 'requested')
    return <span className="text-sm text-slate-600">Access requested: the network will let you know.</span>;
  const button = (
    <Button variant="secondary" loading={ask.isPending} onClick={() => ask.mutate()}>
      Request access
    </Button>
  );
  if (offer.access !== 'declined') return button;
  return (
    <div className="flex flex-col items-start gap-2">
      <p role="status" className="text-sm text-slate-700">
        The network declined your request for access: {offer.access_declined_reason}
      </p>
      {button}
    </div>
  );
}
