import { lazy, Suspense } from 'react';
import { switchPrompt } from './open-login-link.ts';

// Loaded when a link asks (rarely): the dialog library stays out of the pages' first paint.
const SwitchAccountPrompt = lazy(() =>
  import('./switch-account-prompt.tsx').then((m) => ({ default: m.SwitchAccountPrompt })),
);

/**
 * Where the prompt of a link that logs in shows up. It only asks while a session is open, so it
 * lives in the pages a session sees (the signed-in layout and the account choice); the prompt and
 * its dialog load when there is one to show.
 */
export function SwitchPromptHost() {
  const offer = switchPrompt.use();
  return offer ? (
    <Suspense fallback={null}>
      <SwitchAccountPrompt offer={offer} />
    </Suspense>
  ) : null;
}
