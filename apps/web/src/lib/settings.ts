import { createStore } from './store.ts';

/** Application settings state of spec §3: the failed flag shows the 500 page. */
export const settingsStore = createStore<{ isFailed: boolean }>({ isFailed: false });
export const setFailed = (isFailed: boolean) => settingsStore.set({ isFailed });
