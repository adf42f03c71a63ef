import '../lib/zod-jitless.ts';
import '../styles/app.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { CriticalErrorScreen, renderStaticCriticalError } from '../components/screens/critical-error.tsx';
import { GlobalErrorBoundary } from '../components/screens/global-error.tsx';
import { i18n, startLanguage } from '../i18n/index.ts';
import { captureUtm } from '../lib/analytics.ts';
import { installGlobalErrorHandlers, reportError } from '../lib/error-reporting.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { readSsrData } from '../ssr/data.ts';
import { AppProviders } from './providers.tsx';
import { appRoutes, onRouterError } from './router.tsx';

captureUtm();
installGlobalErrorHandlers();

const container = document.getElementById('root');

/** A fatal render failure (nothing caught it): show the critical screen, or plain DOM if even that fails. */
function showCritical(root: Root, target: HTMLElement) {
  window.setTimeout(() => {
    try {
      root.render(<CriticalErrorScreen />);
    } catch {
      renderStaticCriticalError(target);
    }
  }, 0);
}

/**
 * A server-rendered page hydrates with the routes it was rendered with: their code is loaded before
 * the router starts, or it would show its loading fallback over the server's markup.
 */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start(target: HTMLElement) {
  const ssr = readSsrData();
  const queryClient = createQueryClient();
  // The page's language (what the server rendered it in) is loaded before the first render.
  const language = startLanguage();
  if (ssr) {
    hydrate(queryClient, ssr.queries);
    await loadMatchedRoutes(appRoutes);
  }
  await language;
  const router = createBrowserRouter(appRoutes, ssr ? { hydrationData: ssr.router } : undefined);
  let criticalShown = false;
  const options: RootOptions = {
    onUncaughtError(error, info) {
      reportError({
        error,
        type: 'CriticalRenderError',
        severity: 'critical',
        componentName: 'Root',
        context: { componentStack: info.componentStack?.slice(0, 4000) ?? null },
      });
      if (criticalShown) return renderStaticCriticalError(target);
      criticalShown = true;
      showCritical(root, target);
    },
  };
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <GlobalErrorBoundary>
          <AppProviders queryClient={queryClient}>
            <RouterProvider router={router} onError={onRouterError} />
          </AppProviders>
        </GlobalErrorBoundary>
      </I18nextProvider>
    </StrictMode>
  );
  let root: Root;
  if (ssr) {
    root = hydrateRoot(target, app, {
      ...options,
      // The server's markup did not match (React then renders the page afresh): worth knowing.
      onRecoverableError(error, info) {
        reportError({
          error,
          type: 'HydrationMismatch',
          severity: 'low',
          componentName: 'Root',
          context: { componentStack: info.componentStack?.slice(0, 4000) ?? null },
        });
      },
    });
  } else {
    root = createRoot(target, options);
    root.render(app);
  }
}

if (container) {
  start(container).catch((error: unknown) => {
    reportError({ error, type: 'CriticalRenderError', severity: 'critical', componentName: 'Root' });
    renderStaticCriticalError(container);
  });
}

// The service worker (offline pages, push, the update prompt): after the app has started (issue 21).
void import('../pwa/register.ts').then(({ registerServiceWorker }) => registerServiceWorker());
