import { Outlet, ScrollRestoration } from 'react-router';
import { Toasts } from '../../components/ui/toasts.tsx';
import { settingsStore } from '../../lib/settings.ts';
import { ServerErrorPage } from '../routes/errors/server-error-page.tsx';

/** Every layout's parent: the toasts, and the 500 page while the settings failed flag is set. */
export function RootLayout() {
  const isFailed = settingsStore.use((s) => s.isFailed);
  return (
    <>
      {isFailed ? <ServerErrorPage /> : <Outlet />}
      <Toasts />
      <ScrollRestoration />
    </>
  );
}
