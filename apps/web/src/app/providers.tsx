import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api-error.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Auth, not-found and server faults are handled by the client; retrying them only delays the screen.
      retry: (count, error) => count < 1 && isApiError(error) && error.status === null && error.kind === 'network',
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
