import { useSearchParams } from 'react-router';
import { AuthErrorScreen, SessionCheckScreen } from '../../components/screens/auth-screens.tsx';
import { ComponentErrorFallback } from '../../components/screens/component-error-boundary.tsx';
import { CriticalErrorScreen } from '../../components/screens/critical-error.tsx';
import { ErrorScreen } from '../../components/screens/error-screen.tsx';
import { GlobalCrashScreen } from '../../components/screens/global-error.tsx';
import { LoadingScreen } from '../../components/screens/loading-screen.tsx';
import { AppLink } from '../../components/ui/button-link.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';

/**
 * Test-only pages (registered outside production builds, or with VITE_ENABLE_TEST_ROUTES=true), so
 * browser tests can see the error boundaries and the generic screens.
 */

export class DeliberateCrash extends Error {
  override name = 'DeliberateCrash';
}

/** /dev/crash throws while rendering: the component error boundary catches it. */
export function CrashPage(): never {
  throw new DeliberateCrash('Deliberate render crash from /dev/crash');
}

/** /dev/crash-loader throws in its loader: the router shows the Navigation Error screen. */
export function crashLoader(): never {
  throw new DeliberateCrash('Deliberate loader failure from /dev/crash-loader');
}

const SCREENS = {
  loading: () => <LoadingScreen />,
  slow: () => <LoadingScreen slowAfterMs={0} />,
  error: () => <ErrorScreen onRetry={() => {}} />,
  auth: () => <AuthErrorScreen />,
  session: () => <SessionCheckScreen />,
  component: () => (
    <ComponentErrorFallback error={new Error('Example failure')} severity="high" onReset={() => {}} />
  ),
  global: () => <GlobalCrashScreen />,
  critical: () => <CriticalErrorScreen />,
} as const;

type ScreenName = keyof typeof SCREENS;

/** /dev/screens?show=<name>: one generic screen at a time; without `show`, the list. */
export function ScreensPage() {
  useDocumentTitle('Screens');
  const [params] = useSearchParams();
  const show = params.get('show');
  if (show && show in SCREENS) return SCREENS[show as ScreenName]();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold">Generic screens</h1>
      <ul className="mt-4 list-disc space-y-1 pl-6">
        {(Object.keys(SCREENS) as ScreenName[]).map((name) => (
          <li key={name}>
            <AppLink className="underline" to={buildPath(ROUTES.devScreens, undefined, { show: name })}>
              {name}
            </AppLink>
          </li>
        ))}
        <li>
          <AppLink className="underline" to={ROUTES.devCrash}>
            render crash
          </AppLink>
        </li>
        <li>
          <AppLink className="underline" to={ROUTES.devCrashLoader}>
            loader crash
          </AppLink>
        </li>
      </ul>
    </div>
  );
}
