import { ROUTES } from '@adwuma/shared';

/** The one table of the app's paths (spec 2) lives in packages/shared/src/routes.ts: the server knows them too. */
export { ROUTES };

export type RouteName = keyof typeof ROUTES;
export type RoutePattern = (typeof ROUTES)[RouteName];

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<P extends string> = { [K in ParamNames<P>]: string };

/** Fills a pattern's `:params` (URL-encoded) and appends a query string from the defined values. */
export function buildPath<P extends RoutePattern>(
  pattern: P,
  ...args: ParamNames<P> extends never
    ? [params?: undefined, query?: Record<string, string | undefined>]
    : [params: RouteParams<P>, query?: Record<string, string | undefined>]
): string {
  const [params, query] = args as [Record<string, string> | undefined, Record<string, string> | undefined];
  const path = pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${pattern}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') search.set(key, value);
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** /auth with its query (spec 2 "Authentication"): mode, intent=provider, returnTo, email. */
export function authPath(
  query: { mode?: 'signin' | 'signup'; intent?: 'provider'; returnTo?: string; email?: string } = {},
): string {
  return buildPath(ROUTES.auth, undefined, query);
}

/** Where provider sign-up starts (header "Join as Provider", plan buttons). */
export const PROVIDER_SIGNUP_PATH = authPath({ mode: 'signup', intent: 'provider' });

/** Served by the server outside this app: links to them are full-page navigations. */
const DOCUMENT_PATHS: ReadonlySet<string> = new Set([ROUTES.home, ROUTES.landing]);

export function isDocumentPath(href: string): boolean {
  const path = href.split(/[?#]/, 1)[0] ?? '';
  return DOCUMENT_PATHS.has(path);
}

export function isExternalHref(href: string): boolean {
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href);
}
