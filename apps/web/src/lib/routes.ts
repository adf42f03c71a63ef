/**
 * The one table of the app's paths (spec 2). Components link through these names, never through
 * string literals, so a renamed path is one change. Patterns with `:param` go through `buildPath`.
 */
export const ROUTES = {
  // Entry and public
  home: '/',
  landing: '/landing',
  search: '/search',
  /** A provider's public profile: `/providers/ama-mensah-k3x9q2` (only the code at the end counts). */
  provider: '/providers/:slug',
  /** A category's own page: its providers, linked from "Browse Services" and shareable. */
  category: '/categories/:slug',
  pricing: '/pricing',
  enterpriseInquiry: '/enterprise-inquiry',
  features: '/features',
  serviceProviders: '/service-providers',
  about: '/about',
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
  help: '/help',
  helpTopic: '/help/:topic',

  // Authentication
  auth: '/auth',
  authCallback: '/auth/callback',
  checkEmail: '/check-email',

  // Protected (sign-in plus provider onboarding gate)
  messaging: '/messaging',
  dashboard: '/dashboard',
  tasks: '/tasks',
  tasksCreate: '/tasks/create',
  task: '/task/:id',
  /** The owner edits an open job (the post-job form, prefilled). */
  taskEdit: '/task/:id/edit',
  notificationsDiagnostics: '/notifications/diagnostics',
  postJob: '/post-job',
  serviceRequests: '/service-requests',
  profile: '/profile',
  subscription: '/subscription',
  /** A printable receipt of one paid payment (issue 17). */
  subscriptionReceipt: '/subscription/receipts/:id',
  profileCompletion: '/profile-completion',
  providerDirectory: '/provider-directory',
  postService: '/post-service',
  schedule: '/schedule',
  /** One booking with its actions (issue 8). */
  booking: '/bookings/:id',
  // Booking money (issue 18): the provider's earnings and payout method, the customer's payments.
  earnings: '/earnings',
  payoutSettings: '/settings/payouts',
  payments: '/payments',
  jobs: '/jobs',
  favorites: '/favorites',
  reviews: '/reviews',

  // Checkout (issue 17): signed in, not behind the onboarding gate (onboarding pays from its plan step)
  paymentSuccess: '/payment-success',
  paymentCancelled: '/payment-cancelled',
  /** The sandbox gateway's hosted TEST MODE checkout. */
  sandboxCheckout: '/pay/test/:reference',

  // Admin-only
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminUsers: '/admin/users',
  adminUserItem: '/admin/users/:id',
  adminReview: '/admin/review',
  adminReviewItem: '/admin/review/:id',
  adminDisputes: '/admin/disputes',
  adminDisputeItem: '/admin/disputes/:id',
  adminReports: '/admin/reports',
  adminLogs: '/admin/logs',
  adminActivity: '/admin/activity',
  adminEnterpriseLeads: '/admin/enterprise-leads',
  adminOutbox: '/admin/outbox',
  adminSubscriptions: '/admin/subscriptions',
  adminMoney: '/admin/money',

  // Onboarding (both route sets of spec 2 resolve to one wizard, DESIGN.md)
  onboarding: '/onboarding',
  onboardingStep: '/onboarding/:step',

  // Development and browser-test only (registered only outside production builds, see router.tsx)
  devCrash: '/dev/crash',
  devCrashLoader: '/dev/crash-loader',
  devScreens: '/dev/screens',
} as const;

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
