import { createStore } from '../../lib/store.ts';
import { useLandingPagesOf } from './api/get-landing-pages.ts';
import { useOfferNames } from './api/get-offer-names.ts';
import type { ReportFilterState } from './report-filters.ts';

/**
 * Names of offers and landing pages seen on this page (picked in a filter, or on a row drilled
 * into), so a filter set from the URL or a drill-down shows names, not bare ids.
 */
const store = createStore<{ offers: Map<number, string>; landingPages: Map<number, string> }>({
  offers: new Map(),
  landingPages: new Map(),
});

export function rememberLabels(add: { offers?: [number, string][]; landingPages?: [number, string][] }) {
  store.set((s) => ({
    offers: add.offers?.length ? new Map([...s.offers, ...add.offers]) : s.offers,
    landingPages: add.landingPages?.length ? new Map([...s.landingPages, ...add.landingPages]) : s.landingPages,
  }));
}

/**
 * The names of the filters' offers and landing pages: those seen on this page, else asked of the
 * API (an offer by its id; a landing page from its offer's list), the bare id only until they come.
 */
export function useLabels(filters: Pick<ReportFilterState, 'offers'>) {
  const s = store.use();
  const offerNames = useOfferNames(filters.offers.filter((id) => !s.offers.has(id)));
  const pages = useLandingPagesOf(filters.offers);
  return {
    offer: (id: number) => s.offers.get(id) ?? offerNames.get(id) ?? `Offer ${id}`,
    landingPage: (id: number) => s.landingPages.get(id) ?? pages.find((p) => p.id === id)?.name ?? `Landing page ${id}`,
  };
}
