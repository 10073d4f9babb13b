import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { setNavigator } from '../lib/api-client.ts';
import { authenticatedOnly, entryByLink, publicOnly, selectAccountOnly } from './access.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteErrorPage } from './routes/errors/route-error-page.tsx';

/** Route modules load on demand (route-level code splitting); each exports `Component`. */
const page = (load: () => Promise<{ Component: React.ComponentType }>) => ({ lazy: load });

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        loader: publicOnly,
        lazy: () => import('./layouts/public-layout.tsx'),
        children: [
          { path: paths.login, ...page(() => import('./routes/auth/login-page.tsx')) },
          { path: paths.signup, ...page(() => import('./routes/auth/signup-page.tsx')) },
          { path: '/signup/:referrerId', ...page(() => import('./routes/auth/signup-page.tsx')) },
          { path: paths.forgotPassword, ...page(() => import('./routes/auth/forgot-password-page.tsx')) },
          { path: '/forgot-password/:token', ...page(() => import('./routes/auth/reset-password-page.tsx')) },
        ],
      },
      {
        loader: selectAccountOnly,
        lazy: () => import('./layouts/public-layout.tsx'),
        children: [{ path: paths.selectAccount, ...page(() => import('./routes/auth/select-account-page.tsx')) }],
      },
      {
        loader: authenticatedOnly,
        lazy: () => import('./layouts/app-layout.tsx'),
        children: [
          { index: true, ...page(() => import('./routes/app/dashboard-page.tsx')) },
          { path: paths.myOffers, ...page(() => import('./routes/app/my-offers-page.tsx')) },
          { path: '/profile', loader: () => redirect(paths.profile()) },
          { path: '/profile/:type', ...page(() => import('./routes/app/profile-page.tsx')) },
          { path: paths.notifications, ...page(() => import('./routes/app/notifications-page.tsx')) },
          { path: '/offers/:id', loader: ({ params }) => redirect(paths.offer(params['id'] ?? '')) },
          { path: '/offers/:id/:type', ...page(() => import('./routes/app/offer-page.tsx')) },
          { path: paths.globalPostbacks, ...page(() => import('./routes/app/global-postbacks-page.tsx')) },
          { path: '/reports', loader: () => redirect(paths.reports('campaign-summary')) },
          { path: '/reports/:type', ...page(() => import('./routes/app/reports-page.tsx')) },
          { path: paths.invoices, ...page(() => import('./routes/app/invoices-page.tsx')) },
          { path: '/invoices/:id', ...page(() => import('./routes/app/invoice-page.tsx')) },
        ],
      },
      { path: '*', loader: entryByLink, ...page(() => import('./routes/errors/not-found-page.tsx')) },
    ],
  },
];

export function createRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to) => {
    void router.navigate(to);
  });
  return router;
}
