import type { ClientOnErrorFunction } from 'react-router';
import { isRouteErrorResponse, type RouteObject } from 'react-router';
import { GlobalCrashScreen } from '../components/screens/global-error.tsx';
import { NotFoundScreen } from '../components/screens/not-found-screen.tsx';
import { RouteErrorScreen } from '../components/screens/route-error-screen.tsx';
import { RouteFallback } from '../components/screens/route-fallback.tsx';
// app/ is the composition root: unlike features/, it imports feature files directly (the shell's
// providers and guards statically, every page lazily by path) so that each route stays its own chunk;
// an entry file would pull a whole feature into the first download (scripts/deps-rules.mjs).
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { HomeRedirect, RequireAuth } from '../features/auth/guards.tsx';
import { LocationProvider } from '../features/location/location-context.tsx';
import { ProviderGate } from '../features/onboarding/lazy-provider-gate.tsx';
import { reportError } from '../lib/error-reporting.ts';
import { ROUTES } from '../lib/routes.ts';
import { LandingDevRedirect } from './home-redirect.tsx';
import { PageBoundary, RootLayout } from './root-layout.tsx';

/**
 * Routes for crash tests and a gallery of the generic screens. Vite replaces the condition at build
 * time, so a production build without VITE_ENABLE_TEST_ROUTES=true contains neither the routes nor
 * their code.
 */
export const TEST_ROUTES_ENABLED =
  import.meta.env.MODE !== 'production' || import.meta.env.VITE_ENABLE_TEST_ROUTES === 'true';

const devRoutes: RouteObject[] = TEST_ROUTES_ENABLED
  ? [
      {
        path: ROUTES.devCrash,
        lazy: async () => ({ Component: (await import('../features/dev/dev-pages.tsx')).CrashPage }),
      },
      {
        path: ROUTES.devCrashLoader,
        lazy: async () => {
          const m = await import('../features/dev/dev-pages.tsx');
          return { Component: m.CrashPage, loader: m.crashLoader };
        },
      },
      {
        path: ROUTES.devScreens,
        lazy: async () => ({ Component: (await import('../features/dev/dev-pages.tsx')).ScreensPage }),
      },
    ]
  : [];

const authRoutes: RouteObject[] = [
  {
    path: ROUTES.auth,
    lazy: async () => ({ Component: (await import('../features/auth/auth-page.tsx')).AuthPage }),
  },
  {
    path: ROUTES.authCallback,
    lazy: async () => ({
      Component: (await import('../features/auth/auth-callback-page.tsx')).AuthCallbackPage,
    }),
  },
  {
    path: ROUTES.checkEmail,
    lazy: async () => ({ Component: (await import('../features/auth/check-email-page.tsx')).CheckEmailPage }),
  },
  {
    Component: RequireAuth,
    children: [
      {
        // Spec 4 "Provider gate" on the protected pages; /onboarding/* (below) is where it sends.
        Component: ProviderGate,
        children: [
          {
            path: ROUTES.dashboard,
            lazy: async () => ({
              Component: (await import('../features/dashboard/dashboard-page.tsx')).DashboardPage,
            }),
          },
          {
            path: ROUTES.profile,
            lazy: async () => ({
              Component: (await import('../features/profile/profile-page.tsx')).ProfilePage,
            }),
          },
          {
            path: ROUTES.profileCompletion,
            lazy: async () => ({
              Component: (await import('../features/profile-completion/profile-completion-page.tsx'))
                .ProfileCompletionPage,
            }),
          },
          {
            path: ROUTES.providerDirectory,
            lazy: async () => ({
              Component: (await import('../features/directory/directory-page.tsx')).DirectoryPage,
            }),
          },
          {
            path: ROUTES.postService,
            lazy: async () => ({
              Component: (await import('../features/services/post-service-page.tsx')).PostServicePage,
            }),
          },
          {
            path: ROUTES.serviceRequests,
            lazy: async () => ({
              Component: (await import('../features/quotes/service-requests-page.tsx')).ServiceRequestsPage,
            }),
          },
          {
            path: ROUTES.schedule,
            lazy: async () => ({
              Component: (await import('../features/bookings/schedule-page.tsx')).SchedulePage,
            }),
          },
          {
            path: ROUTES.booking,
            lazy: async () => ({
              Component: (await import('../features/bookings/booking-page.tsx')).BookingPage,
            }),
          },
          {
            path: ROUTES.favorites,
            lazy: async () => ({
              Component: (await import('../features/favorites/favorites-page.tsx')).FavoritesPage,
            }),
          },
          // Jobs and bids (issue 7): /post-job and /tasks/create are the same form.
          ...[ROUTES.postJob, ROUTES.tasksCreate].map((path) => ({
            path,
            lazy: async () => ({
              Component: (await import('../features/jobs/post-job/post-job-page.tsx')).PostJobPage,
            }),
          })),
          {
            path: ROUTES.tasks,
            lazy: async () => ({
              Component: (await import('../features/jobs/my-jobs-page.tsx')).MyJobsPage,
            }),
          },
          {
            path: ROUTES.task,
            lazy: async () => ({
              Component: (await import('../features/jobs/task/job-page.tsx')).JobPage,
            }),
          },
          {
            path: ROUTES.taskEdit,
            lazy: async () => ({
              Component: (await import('../features/jobs/post-job/edit-job-page.tsx')).EditJobPage,
            }),
          },
          {
            path: ROUTES.jobs,
            lazy: async () => ({
              Component: (await import('../features/jobs/board/job-board-page.tsx')).JobBoardPage,
            }),
          },
          {
            path: ROUTES.reviews,
            lazy: async () => ({
              Component: (await import('../features/reviews/reviews-page.tsx')).ReviewsPage,
            }),
          },
          // Messaging and notifications (issue 9).
          {
            path: ROUTES.messaging,
            lazy: async () => ({
              Component: (await import('../features/messaging/messaging-page.tsx')).MessagingPage,
            }),
          },
          {
            path: ROUTES.notificationsDiagnostics,
            lazy: async () => ({
              Component: (await import('../features/notifications/diagnostics-page.tsx'))
                .NotificationsDiagnosticsPage,
            }),
          },
          // Subscription and receipts (issue 17).
          {
            path: ROUTES.subscription,
            lazy: async () => ({
              Component: (await import('../features/subscription/subscription-page.tsx')).SubscriptionPage,
            }),
          },
          {
            path: ROUTES.subscriptionReceipt,
            lazy: async () => ({
              Component: (await import('../features/subscription/receipt-page.tsx')).ReceiptPage,
            }),
          },
          // Booking money (issue 18): the provider's earnings and payout method, the customer's payments.
          {
            path: ROUTES.earnings,
            lazy: async () => ({
              Component: (await import('../features/earnings/earnings-page.tsx')).EarningsPage,
            }),
          },
          {
            path: ROUTES.payoutSettings,
            lazy: async () => ({
              Component: (await import('../features/payouts/payout-settings-page.tsx')).PayoutSettingsPage,
            }),
          },
          {
            path: ROUTES.payments,
            lazy: async () => ({
              Component: (await import('../features/payments/payments-page.tsx')).PaymentsPage,
            }),
          },
        ],
      },
      // Checkout (issue 17): outside the provider gate, so a provider paying from the onboarding plan
      // step comes back to these pages.
      {
        path: ROUTES.paymentSuccess,
        lazy: async () => ({
          Component: (await import('../features/checkout/payment-success-page.tsx')).PaymentSuccessPage,
        }),
      },
      {
        path: ROUTES.paymentCancelled,
        lazy: async () => ({
          Component: (await import('../features/checkout/payment-cancelled-page.tsx')).PaymentCancelledPage,
        }),
      },
      {
        path: ROUTES.sandboxCheckout,
        lazy: async () => ({
          Component: (await import('../features/checkout/sandbox-checkout-page.tsx')).SandboxCheckoutPage,
        }),
      },
      {
        path: ROUTES.onboardingStep,
        lazy: async () => ({
          Component: (await import('../features/onboarding/onboarding-page.tsx')).OnboardingPage,
        }),
      },
      {
        path: ROUTES.onboarding,
        lazy: async () => ({
          Component: (await import('../features/onboarding/onboarding-page.tsx')).OnboardingPage,
        }),
      },
    ],
  },
  {
    // Spec 2 "Admin-only", behind the admin wrapper.
    path: ROUTES.admin,
    lazy: async () => ({ Component: (await import('../features/admin/admin-guard.tsx')).AdminArea }),
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/admin/dashboard/admin-dashboard-page.tsx'))
            .AdminDashboardPage,
        }),
      },
      {
        path: ROUTES.adminDashboard,
        lazy: async () => ({
          Component: (await import('../features/admin/dashboard/admin-dashboard-page.tsx'))
            .AdminDashboardPage,
        }),
      },
      {
        path: ROUTES.adminUsers,
        lazy: async () => ({
          Component: (await import('../features/admin/users/admin-users-page.tsx')).AdminUsersPage,
        }),
      },
      {
        path: ROUTES.adminUserItem,
        lazy: async () => ({
          Component: (await import('../features/admin/users/admin-user-page.tsx')).AdminUserPage,
        }),
      },
      {
        path: ROUTES.adminReview,
        lazy: async () => ({
          Component: (await import('../features/admin/admin-review-page.tsx')).AdminReviewPage,
        }),
      },
      {
        path: ROUTES.adminReviewItem,
        lazy: async () => ({
          Component: (await import('../features/admin/admin-review-detail-page.tsx')).AdminReviewDetailPage,
        }),
      },
      {
        path: ROUTES.adminDisputes,
        lazy: async () => ({
          Component: (await import('../features/admin/disputes/admin-disputes-page.tsx')).AdminDisputesPage,
        }),
      },
      {
        path: ROUTES.adminDisputeItem,
        lazy: async () => ({
          Component: (await import('../features/admin/disputes/admin-dispute-detail-page.tsx'))
            .AdminDisputeDetailPage,
        }),
      },
      {
        path: ROUTES.adminReports,
        lazy: async () => ({
          Component: (await import('../features/admin/reports/admin-reports-page.tsx')).AdminReportsPage,
        }),
      },
      {
        path: ROUTES.adminEnterpriseLeads,
        lazy: async () => ({
          Component: (await import('../features/admin/leads/admin-leads-page.tsx')).AdminLeadsPage,
        }),
      },
      {
        path: ROUTES.adminLogs,
        lazy: async () => ({
          Component: (await import('../features/admin/logs/admin-logs-page.tsx')).AdminLogsPage,
        }),
      },
      {
        path: ROUTES.adminOutbox,
        lazy: async () => ({
          Component: (await import('../features/admin/admin-outbox-page.tsx')).AdminOutboxPage,
        }),
      },
      {
        path: ROUTES.adminSubscriptions,
        lazy: async () => ({
          Component: (await import('../features/admin/admin-subscriptions-page.tsx')).AdminSubscriptionsPage,
        }),
      },
      {
        path: ROUTES.adminMoney,
        lazy: async () => ({
          Component: (await import('../features/admin/money/admin-money-page.tsx')).AdminMoneyPage,
        }),
      },
      {
        path: ROUTES.adminActivity,
        lazy: async () => ({
          Component: (await import('../features/admin/activity/admin-activity-page.tsx')).AdminActivityPage,
        }),
      },
    ],
  },
];

/** Every page is its own chunk: the first load fetches only the page it shows. */
const pageRoutes: RouteObject[] = [
  { index: true, Component: HomeRedirect },
  ...authRoutes,
  {
    path: ROUTES.search,
    lazy: async () => ({ Component: (await import('../features/search/search-page.tsx')).SearchPage }),
  },
  {
    path: ROUTES.provider,
    lazy: async () => ({
      Component: (await import('../features/providers/provider-profile-page.tsx')).ProviderProfilePage,
    }),
  },
  {
    path: ROUTES.category,
    lazy: async () => ({
      Component: (await import('../features/categories/category-page.tsx')).CategoryPage,
    }),
  },
  {
    path: ROUTES.pricing,
    lazy: async () => ({ Component: (await import('../features/pricing/pricing-page.tsx')).PricingPage }),
  },
  {
    path: ROUTES.enterpriseInquiry,
    lazy: async () => ({
      Component: (await import('../features/enterprise/enterprise-inquiry-page.tsx')).EnterpriseInquiryPage,
    }),
  },
  {
    path: ROUTES.features,
    lazy: async () => ({ Component: (await import('../features/marketing/features-page.tsx')).FeaturesPage }),
  },
  {
    path: ROUTES.serviceProviders,
    lazy: async () => ({
      Component: (await import('../features/marketing/service-providers-page.tsx')).ServiceProvidersPage,
    }),
  },
  {
    path: ROUTES.about,
    lazy: async () => ({ Component: (await import('../features/marketing/about-page.tsx')).AboutPage }),
  },
  {
    path: ROUTES.privacy,
    lazy: async () => ({ Component: (await import('../features/legal/privacy-page.tsx')).PrivacyPage }),
  },
  {
    path: ROUTES.terms,
    lazy: async () => ({ Component: (await import('../features/legal/terms-page.tsx')).TermsPage }),
  },
  {
    path: ROUTES.contact,
    lazy: async () => ({ Component: (await import('../features/contact/contact-page.tsx')).ContactPage }),
  },
  {
    path: ROUTES.help,
    lazy: async () => ({ Component: (await import('../features/help/help-page.tsx')).HelpPage }),
  },
  {
    path: ROUTES.helpTopic,
    lazy: async () => {
      const m = await import('../features/help/help-article-page.tsx');
      return { Component: m.HelpArticlePage, loader: m.helpArticleLoader };
    },
  },
  ...devRoutes,
  // The production server answers /landing itself; the dev server would hand it to the app.
  ...(import.meta.env.DEV ? [{ path: ROUTES.landing, Component: LandingDevRedirect }] : []),
  { path: '*', Component: NotFoundScreen },
];

/** The frame with the session and the location context: both are known everywhere below. */
function AppRoot() {
  return (
    <AuthProvider>
      <LocationProvider>
        <RootLayout />
      </LocationProvider>
    </AuthProvider>
  );
}

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    // The frame itself failed: nothing of the app can be trusted on screen.
    errorElement: <GlobalCrashScreen />,
    children: [
      {
        id: 'pages',
        Component: PageBoundary,
        errorElement: <RouteErrorScreen />,
        HydrateFallback: RouteFallback,
        children: pageRoutes,
      },
    ],
  },
];

/**
 * Reports what the router caught: loaders and page code that failed to load, and render failures
 * of the frame. A 404 answer is a normal outcome and is not reported.
 */
export const onRouterError: ClientOnErrorFunction = (error, info) => {
  if (isRouteErrorResponse(error) && error.status === 404) return;
  reportError({
    error: isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`.trim()) : error,
    type: 'RouteError',
    severity: info.errorInfo ? 'critical' : 'high',
    context: { pattern: info.pattern, params: info.params },
  });
};
