/**
 * The one table of the app's paths (spec 2). Components link through these names, never through
 * string literals, so a renamed path is one change. Patterns with `:param` go through `buildPath`
 * (apps/web/src/lib/routes.ts). Shared so the server knows them too: it answers any other path 404
 * (issue 29), with the app shell showing its not-found page.
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

/** The pages of the development and browser-test builds only (apps/web/src/app/router.tsx). */
export const DEV_ROUTE_NAMES = [
  'devCrash',
  'devCrashLoader',
  'devScreens',
] as const satisfies readonly (keyof typeof ROUTES)[];

/** A pattern as a regular expression, matched as the web router does: `:param` is one segment, case and a trailing slash do not count. */
export function patternRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`, 'i');
}

const PAGE_PATTERNS = Object.entries(ROUTES).map(([name, pattern]) => ({
  dev: (DEV_ROUTE_NAMES as readonly string[]).includes(name),
  regExp: patternRegExp(pattern),
}));

/**
 * Whether `path` (decoded, without the query) is one of the app's pages; the development pages
 * count only with `devRoutes` (a build that has them).
 */
export function isAppPage(path: string, options: { devRoutes?: boolean } = {}): boolean {
  return PAGE_PATTERNS.some(({ dev, regExp }) => (!dev || options.devRoutes === true) && regExp.test(path));
}
