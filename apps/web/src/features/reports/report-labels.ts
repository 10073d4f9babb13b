import { createStore } from '../../lib/store.ts';

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

/** The names seen on this page, by id. */
export const useSeenLabels = () => store.use();
