import { createStore } from './store.ts';

/** Application settings state of docs/api.md: the failed flag shows the 500 page. */
export const settingsStore = createStore<{ isFailed: boolean }>({ isFailed: false });
export const setFailed = (isFailed: boolean) => settingsStore.set({ isFailed });
