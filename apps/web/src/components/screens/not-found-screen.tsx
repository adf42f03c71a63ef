import { Compass, HelpCircle, Home, Search } from 'lucide-react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { AppLink, ButtonLink } from '../ui/button-link.tsx';

export const NOT_FOUND_TEXT = {
  title: 'Page not found',
  message: "We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.",
} as const;

/** The app's 404: says what was not found and offers the ways back in. */
export function NotFoundScreen() {
  const location = useLocation();
  useDocumentTitle(NOT_FOUND_TEXT.title);
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-14 text-center">
      <div className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-800/30 dark:text-brand-500">
        <Compass aria-hidden="true" className="h-8 w-8" />
      </div>
      <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-500">
        Error 404
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">
        {NOT_FOUND_TEXT.title}
      </h1>
      <p className="mt-3 text-muted-fg">{NOT_FOUND_TEXT.message}</p>
      <p className="mt-2 break-all rounded-lg bg-muted px-3 py-1 font-mono text-sm text-muted-fg">
        {location.pathname}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={ROUTES.home}>
          <Home aria-hidden="true" className="h-4 w-4" /> Go to the home page
        </ButtonLink>
        <ButtonLink to={ROUTES.search} variant="outline">
          <Search aria-hidden="true" className="h-4 w-4" /> Browse services
        </ButtonLink>
      </div>
      <p className="mt-6 text-sm text-muted-fg">
        <HelpCircle aria-hidden="true" className="mr-1 inline h-4 w-4 align-[-3px]" />
        Need a hand?{' '}
        <AppLink to={ROUTES.help} className="font-semibold text-brand-700 underline dark:text-brand-500">
          Visit the help centre
        </AppLink>{' '}
        or{' '}
        <AppLink to={ROUTES.contact} className="font-semibold text-brand-700 underline dark:text-brand-500">
          contact us
        </AppLink>
        .
      </p>
    </div>
  );
}
