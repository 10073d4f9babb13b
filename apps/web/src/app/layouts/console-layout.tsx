import { Outlet } from 'react-router';
import { ConsoleHeader } from '../../features/admin/components/console-header.tsx';
import { TwoFactorRequiredBanner } from '../../features/admin/components/two-factor-required-banner.tsx';

/** The operator console's layout (docs/operator-console.md): its header and navigation, then the page. */
export function Component() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <ConsoleHeader />
      <main id="main" className="flex-1">
        <TwoFactorRequiredBanner />
        <Outlet />
      </main>
    </div>
  );
}
