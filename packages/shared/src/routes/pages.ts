import { patternRegExp, ROUTES } from '../routes.ts';

/**
 * Which pages need what (spec 2), for the server's page guard (apps/server/src/plugins/page-guard.ts)
 * and the web router alike: the names of ROUTES (packages/shared/src/routes.ts), so a renamed path
 * is still one change.
 */

type RouteName = keyof typeof ROUTES;

/**
 * Spec 2 "Protected (sign-in plus provider onboarding gate)", with the app's own pages behind the
 * same guard (apps/web/src/app/router.tsx: RequireAuth + ProviderGate): bookings, receipts,
 * earnings, payouts, payments and the job editor.
 */
export const PROTECTED_PAGE_NAMES = [
  'messaging',
  'dashboard',
  'tasks',
  'tasksCreate',
  'task',
  'taskEdit',
  'notificationsDiagnostics',
  'postJob',
  'serviceRequests',
  'profile',
  'subscription',
  'subscriptionReceipt',
  'profileCompletion',
  'providerDirectory',
  'postService',
  'schedule',
  'booking',
  'earnings',
  'payoutSettings',
  'payments',
  'jobs',
  'favorites',
  'reviews',
] as const satisfies readonly RouteName[];

/** Spec 2 "Admin-only": /admin and the admin area's pages. */
export const ADMIN_PAGE_NAMES = (Object.keys(ROUTES) as RouteName[]).filter(
  (name) => name === 'admin' || ROUTES[name].startsWith('/admin/'),
);

export const PROTECTED_PAGES: readonly string[] = PROTECTED_PAGE_NAMES.map((name) => ROUTES[name]);
export const ADMIN_PAGES: readonly string[] = ADMIN_PAGE_NAMES.map((name) => ROUTES[name]);

const PROTECTED = PROTECTED_PAGES.map(patternRegExp);
const ADMIN = ADMIN_PAGES.map(patternRegExp);

export type PageAccess = 'admin' | 'protected' | 'open';

/**
 * What a page (its decoded path, without the query) needs: 'admin' (signed in with the admin flag),
 * 'protected' (signed in, then the provider gate) or 'open' (anything else: public pages, /auth,
 * onboarding, checkout, unknown paths — those the web app answers itself).
 */
export function pageAccess(path: string): PageAccess {
  if (ADMIN.some((re) => re.test(path))) return 'admin';
  if (PROTECTED.some((re) => re.test(path))) return 'protected';
  return 'open';
}
