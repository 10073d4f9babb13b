import { API_PATHS } from '@portal/shared/api-paths';
import type { Offer, OfferAccessRequestResponse } from '@portal/shared/offers/offers.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { api } from '../../../lib/api-client.ts';
import { offerQuery } from '../api/get-offer.ts';

/**
 * An offer that needs the network's approval: **Request access**, then "Access requested" until
 * an operator grants it (docs/api.md).
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
  return (
    <Button variant="secondary" loading={ask.isPending} onClick={() => ask.mutate()}>
      Request access
    </Button>
  );
}
