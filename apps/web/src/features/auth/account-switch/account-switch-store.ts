import { createStore } from '../../../lib/store.ts';

/** Whether the account switch (a multi-account user's choice of another linked account) is open. */
export const accountSwitch = createStore(false);

export const openAccountSwitch = () => accountSwitch.set(true);
export const closeAccountSwitch = () => accountSwitch.set(false);
