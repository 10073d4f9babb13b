import type { ReportFilterState } from '../report-filters.ts';
import { useSeenLabels } from '../report-labels.ts';
import { useLandingPagesOf } from './get-landing-pages.ts';
import { useOfferNames } from './get-offer-names.ts';

/**
 * The names of the filters' offers and landing pages: those seen on this page, else asked of the
 * API (an offer by its id; a landing page from its offer's list), the bare id only until they come.
 */
export function useLabels(filters: Pick<ReportFilterState, 'offers'>) {
  const s = useSeenLabels();
  const offerNames = useOfferNames(filters.offers.filter((id) => !s.offers.has(id)));
  const pages = useLandingPagesOf(filters.offers);
  return {
    offer: (id: number) => s.offers.get(id) ?? offerNames.get(id) ?? `Offer ${id}`,
    landingPage: (id: number) => s.landingPages.get(id) ?? pages.find((p) => p.id === id)?.name ?? `Landing page ${id}`,
  };
}
