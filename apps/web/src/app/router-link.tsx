import { Link, useLocation } from 'react-router';
import type { SiteLinkProps } from '../components/site/site-link.tsx';
import { isDocumentPath, isExternalHref } from '../lib/routes.ts';

/** Whether a header/footer link points at the page on screen (for aria-current). */
export function isCurrentLink(href: string, pathname: string, search: string): boolean {
  const url = new URL(href, 'http://x');
  if (url.pathname !== pathname) return false;
  const current = new URLSearchParams(search);
  const wanted = [...url.searchParams];
  // A link with a query matches when the page has that query; a bare link only when the page is
  // not one its siblings name (/search, its map view included, versus /search?view=categories).
  if (wanted.length) return wanted.every(([key, value]) => current.get(key) === value);
  return current.get('view') !== 'categories' && !current.has('focus');
}

/**
 * The site chrome's links inside the app: router navigation for app pages, full-page loads for
 * pages the server serves itself (/landing, /) and for external addresses.
 */
export function RouterLinkAdapter({ href, children, ...rest }: SiteLinkProps) {
  const { pathname, search } = useLocation();
  if (isExternalHref(href) || href.startsWith('#')) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  const current = isCurrentLink(href, pathname, search) ? 'page' : undefined;
  return (
    <Link to={href} reloadDocument={isDocumentPath(href)} aria-current={current} {...rest}>
      {children}
    </Link>
  );
}
