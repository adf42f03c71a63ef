import {
  adminSubscriptionSchema,
  CHECKOUT_MESSAGES,
  changePlanAnswerSchema,
  changePlanRequestSchema,
  checkoutAnswerSchema,
  checkoutRequestSchema,
  paymentStatusSchema,
  pricingAnswerSchema,
  SUBSCRIPTION_STATUSES,
  subscriptionResponseSchema,
  TIER_IDS,
} from '@adwuma/shared';
import { z } from 'zod';
import { requireUser, roleOf } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import {
  cancelSubscription,
  cardPortal,
  changePlan,
  createCheckoutSession,
  renewSubscription,
  resumeSubscription,
} from './checkout.ts';
import { adminSubscriptions, paymentStatus, pricing, subscriptionView } from './view.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 502, 503);
const writeLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
/** The spec's wording: signed out → 'Authentication required'; a customer → providers only. */
const checkoutAccess = {
  access: 'provider' as const,
  accessMessages: {
    unauthorized: CHECKOUT_MESSAGES.authRequired,
    forbidden: CHECKOUT_MESSAGES.providersOnly,
  },
};

/**
 * Provider subscriptions (issue 17): prices, the spec's create-checkout-session, the caller's plan and
 * its changes, payment status for /payment-success and the receipt, and the admin list. A tier
 * changes only when a payment is verified (features/payments), never here.
 */
export async function subscriptionRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/api/pricing',
    {
      config: { access: 'public' },
      schema: {
        tags: ['subscriptions'],
        summary: 'Plan prices in GHS and USD, and how each currency can be paid on this server',
        response: { 200: pricingAnswerSchema },
      },
    },
    async () => pricing(deps),
  );

  app.post(
    '/api/create-checkout-session',
    {
      config: { ...writeLimit, ...checkoutAccess },
      schema: {
        tags: ['subscriptions'],
        summary:
          'Start paying for Pro or Premium (monthly or annual, in ghs or usd): answers the checkout URL to follow',
        body: checkoutRequestSchema,
        response: { 200: checkoutAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return createCheckoutSession(deps, user, request.body);
    },
  );

  app.get(
    '/api/subscription',
    {
      config: checkoutAccess,
      schema: {
        tags: ['subscriptions'],
        summary: 'Your plan, its renewal, an unfinished checkout and your billing history',
        response: { 200: subscriptionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { subscription: await subscriptionView(deps, user.id) };
    },
  );

  app.post(
    '/api/subscription/change',
    {
      config: { ...writeLimit, ...checkoutAccess },
      schema: {
        tags: ['subscriptions'],
        summary:
          'Change plan: an upgrade answers the prorated checkout; a downgrade takes effect at the period end',
        body: changePlanRequestSchema,
        response: { 200: changePlanAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return changePlan(deps, user, request.body);
    },
  );

  for (const [path, summary, action] of [
    [
      '/api/subscription/cancel',
      'Cancel: the plan stays until the period ends, then Starter',
      cancelSubscription,
    ],
    ['/api/subscription/resume', 'Keep my plan: undo a cancel or a scheduled downgrade', resumeSubscription],
  ] as const) {
    app.post(
      path,
      {
        config: { ...writeLimit, ...checkoutAccess },
        schema: {
          tags: ['subscriptions'],
          summary,
          response: { 200: subscriptionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = await requireUser(request);
        await action(deps, user);
        return { subscription: await subscriptionView(deps, user.id) };
      },
    );
  }

  app.post(
    '/api/subscription/renew',
    {
      config: { ...writeLimit, ...checkoutAccess },
      schema: {
        tags: ['subscriptions'],
        summary: 'Pay the next period now (the mobile-money pay link, or paying while past due)',
        response: { 200: checkoutAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return renewSubscription(deps, user);
    },
  );

  app.post(
    '/api/subscription/portal',
    {
      config: { ...writeLimit, ...checkoutAccess },
      schema: {
        tags: ['subscriptions'],
        summary: "Stripe's customer portal, to change the card a plan renews with",
        response: { 200: z.object({ url: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { url: await cardPortal(deps, user) };
    },
  );

  app.get(
    '/api/payments/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscriptions'],
        summary:
          'One of your payments (any, for admins): its status while pending, and the receipt once paid',
        params: z.object({ id: z.uuid({ error: 'Not a payment id' }) }),
        response: { 200: paymentStatusSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const isAdmin = (await roleOf(deps.database.db, user.id)) === 'admin';
      return paymentStatus(deps, { id: user.id, isAdmin }, request.params.id);
    },
  );

  app.get(
    '/api/admin/subscriptions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Subscriptions (provider, tier, gateway, status, renewal) and how many providers are on each tier',
        querystring: z.object({
          tier: z.enum(TIER_IDS, { error: 'Choose starter, pro, premium or enterprise' }).optional(),
          status: z.enum(SUBSCRIPTION_STATUSES, { error: 'Choose active or past_due' }).optional(),
          q: z.string().trim().max(100).optional(),
          page: z.coerce.number({ error: 'must be a page number' }).int().min(1).max(10_000).default(1),
        }),
        response: {
          200: z.object({
            subscriptions: z.array(adminSubscriptionSchema),
            total: z.number().int(),
            page: z.number().int(),
            page_size: z.number().int(),
            counts: z.record(z.enum(TIER_IDS), z.number().int()),
          }),
          ...errors,
        },
      },
    },
    async (request) => adminSubscriptions(deps, { ...request.query, q: request.query.q || undefined }),
  );
}
