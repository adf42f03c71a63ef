import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { ComponentErrorBoundary } from '../components/screens/component-error-boundary.tsx';
import { RouteFallback } from '../components/screens/route-fallback.tsx';
import { SiteFooter } from '../components/site/site-footer.tsx';
import { SiteHeader } from '../components/site/site-header.tsx';
import { useSiteI18n } from '../components/site/site-i18n.ts';
import { useOptionalSession } from '../features/auth/index.ts';
import { track } from '../lib/analytics.ts';

// The live connection is a signed-in person's only: visitors never download it (issue 20).
const RealtimeBridge = lazy(() =>
  import('../features/realtime/realtime-bridge.tsx').then((m) => ({ default: m.RealtimeBridge })),
);

/** Mounts the realtime bridge once someone is signed in (the server renders everyone signed out). */
function SignedInRealtime() {
  const session = useOptionalSession();
  if (session?.status !== 'signed_in') return null;
  return (
    <Suspense fallback={null}>
      <RealtimeBridge />
    </Suspense>
  );
}

/** Spec 3 event_tracking: a page_view for every page the visitor sees (once per history entry). */
function usePageViews() {
  const location = useLocation();
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    track('page_view', undefined, `${location.pathname}${location.search}`);
  }, [location.key, location.pathname, location.search]);
}

function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <div
      aria-hidden="true"
      className={`fixed inset-x-0 top-0 z-50 h-1 bg-brand-500 transition-opacity duration-300 ${busy ? 'animate-pulse opacity-100' : 'opacity-0'}`}
    />
  );
}

/**
 * Marks the page as the app's once React has taken it over (after hydrating a server-rendered page):
 * forms send from then on (public/theme-init.js holds them back before), and browser tests wait for it.
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

/** Header, page, footer: the frame of every app page. */
export function RootLayout() {
  usePageViews();
  useHydratedMark();
  const { t } = useSiteI18n();
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-fg">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-brand-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t('skipToContent')}
      </a>
      <NavigationProgress />
      <SignedInRealtime />
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}

/**
 * Wraps every page: a render failure shows the component error screen (and is reported) while the
 * header and footer stay; moving to another page clears it.
 */
export function PageBoundary() {
  const { pathname } = useLocation();
  return (
    <ComponentErrorBoundary resetKeys={[pathname]}>
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
    </ComponentErrorBoundary>
  );
}
