import { ArrowLeft, Home, RefreshCw, RotateCcw, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { Button } from '../ui/button.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import { NotFoundScreen } from './not-found-screen.tsx';
import { ScreenShell } from './screen-shell.tsx';

export const ROUTE_ERROR_TEXT = {
  title: 'Navigation Error',
  message: "This page couldn't be loaded. Check your connection, then try again.",
  tryAgain: 'Try Loading Again',
  back: 'Go Back',
  home: 'Go Home',
  refresh: 'Refresh Page',
} as const;

/**
 * The router's error element (spec 2 "Route error"): a page whose code or data failed to load.
 * A 404 answer (unknown help topic, say) shows the not-found page instead. The router's onError
 * reports these (app/providers.tsx), so this screen only shows them.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return <NavigationErrorScreen error={error} />;
}

export function NavigationErrorScreen({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentTitle(ROUTE_ERROR_TEXT.title);

  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : undefined;

  return (
    <ScreenShell
      role="alert"
      tone="danger"
      icon={<TriangleAlert aria-hidden="true" className="h-7 w-7" />}
      title={ROUTE_ERROR_TEXT.title}
      actions={
        <>
          <Button
            onClick={() =>
              navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })
            }
          >
            <RotateCcw aria-hidden="true" className="h-4 w-4" /> {ROUTE_ERROR_TEXT.tryAgain}
          </Button>
          <Button
            variant="outline"
            onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(ROUTES.search))}
          >
            <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {ROUTE_ERROR_TEXT.back}
          </Button>
          <ButtonLink to={ROUTES.home} variant="outline">
            <Home aria-hidden="true" className="h-4 w-4" /> {ROUTE_ERROR_TEXT.home}
          </ButtonLink>
          <Button variant="ghost" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" /> {ROUTE_ERROR_TEXT.refresh}
          </Button>
        </>
      }
    >
      <p>{ROUTE_ERROR_TEXT.message}</p>
      {detail && <p className="mt-3 rounded-lg bg-muted px-3 py-2 font-mono text-xs break-words">{detail}</p>}
    </ScreenShell>
  );
}
