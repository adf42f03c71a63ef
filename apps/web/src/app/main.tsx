import '../styles/app.css';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { CriticalErrorScreen, renderStaticCriticalError } from '../components/screens/critical-error.tsx';
import { GlobalErrorBoundary } from '../components/screens/global-error.tsx';
import { captureUtm } from '../lib/analytics.ts';
import { installGlobalErrorHandlers, reportError } from '../lib/error-reporting.ts';
import { createQueryClient } from '../lib/query-client.ts';
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

if (container) {
  try {
    const router = createBrowserRouter(appRoutes);
    const queryClient = createQueryClient();
    let criticalShown = false;
    const root: Root = createRoot(container, {
      onUncaughtError(error, info) {
        reportError({
          error,
          type: 'CriticalRenderError',
          severity: 'critical',
          componentName: 'Root',
          context: { componentStack: info.componentStack?.slice(0, 4000) ?? null },
        });
        if (criticalShown) return renderStaticCriticalError(container);
        criticalShown = true;
        showCritical(root, container);
      },
    });
    root.render(
      <StrictMode>
        <GlobalErrorBoundary>
          <AppProviders queryClient={queryClient}>
            <RouterProvider router={router} onError={onRouterError} />
          </AppProviders>
        </GlobalErrorBoundary>
      </StrictMode>,
    );
  } catch (error) {
    reportError({ error, type: 'CriticalRenderError', severity: 'critical', componentName: 'Root' });
    renderStaticCriticalError(container);
  }
}
