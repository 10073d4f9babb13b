import { switchPrompt } from './open-login-link.ts';
import { SwitchAccountPrompt } from './switch-account-prompt.tsx';

/**
 * Where the prompt of a link that logs in shows up. It only asks while a session is open, so it
 * lives in the pages a session sees (the signed-in layout and the account choice), whose chunks
 * already hold the dialog library: the entry and the login page stay as small as they were.
 */
export function SwitchPromptHost() {
  const offer = switchPrompt.use();
  return offer ? <SwitchAccountPrompt offer={offer} /> : null;
}
