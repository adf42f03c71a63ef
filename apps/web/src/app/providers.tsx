import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { HeaderAccountContext } from '../components/site/site-header.tsx';
import { SiteLinkContext } from '../components/site/site-link.tsx';
import { ToastArea } from '../components/site/toast-area.tsx';
import { headerAccount } from '../features/account/account-menu.tsx';
import { RouterLinkAdapter } from './router-link.tsx';
import { useResolvedTheme, useSystemThemeSync } from './theme-sync.ts';

/**
 * App-wide providers: data cache, in-app links and the account menu for the shared site chrome, the
 * toast area. (The session itself lives inside the router: features/auth/auth-provider.tsx.)
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useSystemThemeSync();
  const theme = useResolvedTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <SiteLinkContext.Provider value={RouterLinkAdapter}>
        <HeaderAccountContext.Provider value={headerAccount}>{children}</HeaderAccountContext.Provider>
      </SiteLinkContext.Provider>
      {/* Spec 2: a toast area shows notifications, one at a time (sonner loads with the first one). */}
      <ToastArea visibleToasts={1} theme={theme} position="top-center" richColors closeButton />
    </QueryClientProvider>
  );
}
