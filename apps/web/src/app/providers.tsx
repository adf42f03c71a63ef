import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { SiteLinkContext } from '../components/site/site-link.tsx';
import { RouterLinkAdapter } from './router-link.tsx';
import { useResolvedTheme, useSystemThemeSync } from './theme-sync.ts';

/** App-wide providers: data cache, in-app links for the shared site chrome, the toast area. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useSystemThemeSync();
  const theme = useResolvedTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <SiteLinkContext.Provider value={RouterLinkAdapter}>{children}</SiteLinkContext.Provider>
      {/* Spec 2: a toast area shows notifications, one at a time. */}
      <Toaster visibleToasts={1} theme={theme} position="top-center" richColors closeButton />
    </QueryClientProvider>
  );
}
