import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { applyBrandTheme, getBrand } from './lib/brand.ts';
import { captureLoginLink } from './lib/login-link.ts';
import { adoptCspNonce } from './lib/csp-nonce.ts';
import { pageTitle } from './lib/title.ts';
import './index.css';

// First of all, before the router and any request: a login link's code leaves the address bar.
captureLoginLink();
adoptCspNonce();
applyBrandTheme();
document.title = pageTitle(getBrand().productName);

const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
