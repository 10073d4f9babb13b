import { Outlet } from 'react-router';
import { AppHeader } from './app-header.tsx';
import { Footer } from '../../components/layout/footer.tsx';
import { AccountSwitchHost } from '../../features/auth/account-switch/account-switch-host.tsx';
import { SwitchPromptHost } from '../../features/auth/login-link/switch-prompt-host.tsx';
import { ViewAsBanner } from './view-as-banner.tsx';

/**
 * The authenticated layout: an operator's view-as banner, header (with the account manager's card),
 * content, footer, and the prompt of a link that logs in while this session is open.
 */
export function Component() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="print:hidden sr-only z-50 rounded-lg bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <ViewAsBanner />
      <AppHeader />
      {/* At least a screen tall under the header: the footer starts below the fold, so content that
          arrives after the first paint does not push it out of view (a layout shift). */}
      <main id="main" className="min-h-[calc(100dvh-4rem)] flex-1 print:min-h-0">
        <Outlet />
      </main>
      <Footer />
      <SwitchPromptHost />
      <AccountSwitchHost />
    </div>
  );
}
