import { lazy, Suspense } from 'react';
import { accountSwitch, closeAccountSwitch } from './account-switch-store.ts';

// Loaded when the account menu's "Switch account" is chosen: no page's first paint carries it.
const AccountSwitchDialog = lazy(() =>
  import('./account-switch-dialog.tsx').then((m) => ({ default: m.AccountSwitchDialog })),
);

/** Where the account switch shows up in the signed-in layout (opened from the account menu). */
export function AccountSwitchHost() {
  const open = accountSwitch.use();
  return open ? (
    <Suspense fallback={null}>
      <AccountSwitchDialog onClose={closeAccountSwitch} />
    </Suspense>
  ) : null;
}
