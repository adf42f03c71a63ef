import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { notifications } from '../db/schema.ts';
import type { Access, RouteAccess } from '../plugins/access.ts';
import type { TestApp } from './app.ts';
import { makeAdmin, signUp, type TestUser } from './auth.ts';
import { bookingBetween } from './bookings.ts';
import { placeBid, postJob } from './jobs.ts';
import { call, onboardedProvider } from './providers.ts';
import { askQuote, providerWithService } from './quotes.ts';

/** The callers of the authorization matrix and the fuzz test. */
export type Who = 'anonymous' | 'customer' | 'otherCustomer' | 'provider' | 'otherProvider' | 'admin';
export const EVERYONE: Who[] = [
  'anonymous',
  'customer',
  'otherCustomer',
  'provider',
  'otherProvider',
  'admin',
];

/** What each caller may reach: the providers are onboarded, the admin is a customer made admin. */
export const PASSES: Record<Who, Access[]> = {
  anonymous: ['public'],
  customer: ['public', 'user'],
  otherCustomer: ['public', 'user'],
  provider: ['public', 'user', 'provider', 'onboarded-provider'],
  otherProvider: ['public', 'user', 'provider', 'onboarded-provider'],
  admin: ['public', 'user', 'admin'],
};

/**
 * Six callers and one of each owned resource: a job of `customer` with a bid by `provider`, a quote
 * request on the provider's service, a booking between them (scheduled), a dispute on a second
 * (completed) booking, a conversation, and a notification of the customer.
 */
export interface World {
  users: Record<Exclude<Who, 'anonymous'>, TestUser>;
  ids: {
    service: string;
    job: string;
    bid: string;
    quote: string;
    booking: string;
    dispute: string;
    conversation: string;
    notification: string;
    /** The provider's pending Pro checkout (sandbox). */
    payment: string;
    sandboxReference: string;
  };
}

export async function createWorld(t: TestApp): Promise<World> {
  const withService = await providerWithService(t);
  const provider = withService.provider;
  const otherProvider = await onboardedProvider(t, { name: 'Yaw Boateng' });
  const customer = await signUp(t, { name: 'Ama Mensah' });
  const otherCustomer = await signUp(t, { name: 'Kofi Owusu' });
  const admin = await signUp(t, { name: 'Chief Admin' });
  await makeAdmin(t, admin.id);

  const job = await postJob(t, customer);
  const bid = await placeBid(t, provider, job.id);
  const quote = await askQuote(t, customer, withService.serviceId);
  const booking = await bookingBetween(t, customer.id, provider.id, { status: 'scheduled' });
  const disputed = await bookingBetween(t, customer.id, provider.id);
  let res = await call(t, 'POST', `/api/bookings/${disputed}/disputes`, customer.cookie, {
    reason: 'not_done',
    description: 'The provider never came and does not answer the phone.',
  });
  expect(res.statusCode, res.body).toBe(201);
  const dispute = res.json().dispute.id as string;
  res = await call(t, 'POST', '/api/conversations', customer.cookie, { recipient_id: provider.id });
  expect(res.statusCode, res.body).toBe(200);
  const conversation = res.json().id as string;
  const [notice] = await t.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.user_id, customer.id))
    .orderBy(desc(notifications.created_at))
    .limit(1);
  expect(notice, 'the bid leaves the customer a notice').toBeDefined();
  res = await call(t, 'POST', '/api/create-checkout-session', provider.cookie, {
    tier: 'pro',
    currency: 'ghs',
  });
  expect(res.statusCode, res.body).toBe(200);
  const payment = res.json().payment_id as string;
  const sandboxReference = String(res.json().url).split('/').pop()!;
  return {
    users: { customer, otherCustomer, provider, otherProvider, admin },
    ids: {
      service: withService.serviceId,
      job: job.id,
      bid: bid.id,
      quote: quote.id,
      booking,
      dispute,
      conversation,
      notification: notice!.id,
      payment,
      sandboxReference,
    },
  };
}

/** A path parameter by its name and the route's prefix: the world's resources, else an unknown id. */
export function paramFor(world: World, url: string, name: string): string {
  const { users, ids } = world;
  if (name === '*') return 'no-such-file.png';
  if (name === 'bucket') return 'documents';
  if (name === 'type') return 'front';
  if (name === 'slug') return url.startsWith('/api/categories') ? 'plumbing' : 'no-such-provider';
  if (name === 'providerId') return users.provider.id;
  if (name === 'userId') return users.customer.id;
  if (name === 'bidId') return ids.bid;
  if (name === 'reference') return ids.sandboxReference;
  if (name === 'gateway') return 'sandbox';
  if (name !== 'id') return randomUUID();
  const prefixes: [string, string][] = [
    ['/api/jobs/', ids.job],
    ['/api/bids/', ids.bid],
    ['/api/quote-requests/', ids.quote],
    ['/api/bookings/', ids.booking],
    ['/api/conversations/', ids.conversation],
    ['/api/services/', ids.service],
    ['/api/notifications/', ids.notification],
    ['/api/disputes/', ids.dispute],
    ['/api/admin/disputes/', ids.dispute],
    ['/api/profiles/', users.customer.id],
    ['/api/users/', users.otherCustomer.id],
    ['/api/payments/', ids.payment],
  ];
  return prefixes.find(([prefix]) => url.startsWith(prefix))?.[1] ?? randomUUID();
}

/** The names of a route's path parameters (`:id`, the wildcard `*`). */
export function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)|\*$/g)].map((m) => m[1] ?? '*');
}

/** The route's path with `params` filled in. */
export function pathOf(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)|\*$/g, (_match, name: string | undefined) =>
    encodeURIComponent(params[name ?? '*']!),
  );
}

/**
 * Every route's expected access and, for routes on one party's resource, who may see or change it
 * (everyone else who passes the access must get 403 or 404). The resources: a job of `customer`
 * with a bid by `provider`, a quote request and a booking between them, a conversation, a dispute,
 * a service of `provider`, a notification of `customer`. A new route must be added here.
 */
const C: Who[] = ['customer'];
const P: Who[] = ['provider'];
const CP: Who[] = ['customer', 'provider'];
export const ROUTE_RULES: Record<string, { access: Access; owners?: Who[]; loopbackOnly?: boolean }> = {
  'GET /api/docs': { access: 'public' },
  // Test-only (DEV_CLOCK=true, never in production): a 404 to every caller not on this machine.
  'POST /api/dev/clock/run-money-jobs': { access: 'public', loopbackOnly: true },
  // Test-only (DEV_OUTBOX=true, never in production): the mails and SMS the dev outbox kept.
  'GET /api/dev/outbox': { access: 'public', loopbackOnly: true },
  'GET /api/dev/sms-outbox': { access: 'public', loopbackOnly: true },
  'GET /api/health': { access: 'public' },
  'POST /api/waitlist': { access: 'public' },
  'POST /api/events': { access: 'public' },
  'POST /api/enterprise-leads': { access: 'public' },
  'POST /api/frontend-errors': { access: 'public' },
  'GET /api/categories': { access: 'public' },
  'GET /api/auth/providers': { access: 'public' },
  'GET /api/auth/*': { access: 'public' },
  'POST /api/auth/*': { access: 'public' },
  'GET /api/me': { access: 'user' },
  'GET /api/session': { access: 'public' },
  'GET /api/profile': { access: 'user' },
  'PATCH /api/profile': { access: 'user' },
  'GET /api/profiles/:id': { access: 'user', owners: ['customer', 'admin'] },
  'POST /api/profile/become-provider': { access: 'user' },
  'POST /api/profile/avatar': { access: 'user' },
  'GET /api/avatars/:userId': { access: 'public' },
  'GET /api/onboarding/status': { access: 'user' },
  'PUT /api/onboarding/profile': { access: 'provider' },
  'GET /api/onboarding/services': { access: 'user' },
  'PUT /api/onboarding/services': { access: 'provider' },
  'GET /api/onboarding/availability': { access: 'user' },
  'PUT /api/onboarding/availability': { access: 'provider' },
  'POST /api/onboarding/terms': { access: 'provider' },
  'POST /api/onboarding/subscription': { access: 'provider' },
  'POST /api/onboarding/intro-seen': { access: 'user' },
  'GET /api/onboarding/summary': { access: 'user' },
  'GET /api/onboarding/location': { access: 'user' },
  'PUT /api/onboarding/location': { access: 'provider' },
  'GET /api/geocode/reverse': { access: 'user' },
  'GET /api/geocode/search': { access: 'public' },
  'GET /api/admin/overview': { access: 'admin' },
  'GET /api/admin/users': { access: 'admin' },
  'GET /api/admin/users/:id': { access: 'admin' },
  'POST /api/admin/users/:id/actions': { access: 'admin' },
  'GET /api/admin/enterprise-leads': { access: 'admin' },
  'GET /api/admin/enterprise-leads.csv': { access: 'admin' },
  'PATCH /api/admin/enterprise-leads/:id': { access: 'admin' },
  'GET /api/admin/admins': { access: 'admin' },
  'GET /api/admin/activity': { access: 'admin' },
  'GET /api/admin/logs': { access: 'admin' },
  'GET /api/admin/outbox': { access: 'admin' },
  'GET /api/admin/subscriptions': { access: 'admin' },
  'GET /api/admin/money': { access: 'admin' },
  'GET /api/admin/money/payments': { access: 'admin' },
  'GET /api/admin/money/payouts': { access: 'admin' },
  'POST /api/admin/money/payouts/:id/retry': { access: 'admin' },
  'GET /api/admin/money/refunds': { access: 'admin' },
  'POST /api/admin/money/refunds/:id/retry': { access: 'admin' },
  'GET /api/admin/analytics/funnel': { access: 'admin' },
  'GET /api/admin/analytics/health': { access: 'admin' },
  'GET /api/admin/analytics/experiments': { access: 'admin' },
  'GET /api/pricing': { access: 'public' },
  'POST /api/create-checkout-session': { access: 'provider' },
  'GET /api/subscription': { access: 'provider' },
  'POST /api/subscription/change': { access: 'provider' },
  'POST /api/subscription/cancel': { access: 'provider' },
  'POST /api/subscription/resume': { access: 'provider' },
  'POST /api/subscription/renew': { access: 'provider' },
  'POST /api/subscription/portal': { access: 'provider' },
  'GET /api/payments': { access: 'user' },
  'GET /api/payments/:id': { access: 'user', owners: ['provider', 'admin'] },
  'POST /api/payments/webhooks/:gateway': { access: 'public' },
  'POST /api/payouts/lookup': { access: 'provider' },
  'GET /api/payouts/settings': { access: 'provider' },
  'PUT /api/payouts/settings': { access: 'provider' },
  'GET /api/earnings': { access: 'provider' },
  'GET /api/earnings/statement.csv': { access: 'provider' },
  'GET /api/bookings/:id/materials': { access: 'user', owners: CP },
  'POST /api/bookings/:id/materials/advance': { access: 'provider', owners: P },
  'POST /api/bookings/:id/materials/receipts': { access: 'provider', owners: P },
  'GET /api/payments/sandbox/:reference': { access: 'user', owners: P },
  'POST /api/payments/sandbox/:reference/pay': { access: 'user', owners: P },
  'POST /api/payments/sandbox/:reference/cancel': { access: 'user', owners: P },
  'GET /api/admin/audit': { access: 'admin' },
  'GET /api/admin/verification': { access: 'admin' },
  'GET /api/admin/verification/:id': { access: 'admin' },
  'POST /api/admin/verification/:id/claim': { access: 'admin' },
  'POST /api/admin/verification/:id/decision': { access: 'admin' },
  'GET /api/admin/disputes': { access: 'admin' },
  'GET /api/admin/disputes/:id': { access: 'admin' },
  'POST /api/admin/disputes/:id/resolve': { access: 'admin' },
  'GET /api/admin/disputes/:id/conversation': { access: 'admin' },
  'GET /api/admin/reports': { access: 'admin' },
  'POST /api/admin/reports/:id/resolve': { access: 'admin' },
  'POST /api/services': { access: 'provider' },
  'GET /api/services/mine': { access: 'provider' },
  'GET /api/services/:id': { access: 'public' },
  'PATCH /api/services/:id': { access: 'provider', owners: P },
  'DELETE /api/services/:id': { access: 'provider', owners: P },
  'POST /api/services/:id/photos': { access: 'provider', owners: P },
  'DELETE /api/services/:id/photos/:photoId': { access: 'provider', owners: P },
  'PUT /api/services/:id/photos/order': { access: 'provider', owners: P },
  'GET /api/search': { access: 'public' },
  'GET /api/categories/:slug/providers': { access: 'public' },
  'GET /api/providers/:slug': { access: 'public' },
  'GET /api/providers/:slug/reviews': { access: 'public' },
  'GET /api/directory': { access: 'public' },
  'GET /api/directory/cities': { access: 'public' },
  'PUT /api/favorites/:providerId': { access: 'user' },
  'DELETE /api/favorites/:providerId': { access: 'user' },
  'GET /api/favorites': { access: 'user' },
  'GET /api/favorites/ids': { access: 'user' },
  'GET /api/files/public/*': { access: 'public' },
  'GET /api/files/:bucket/*': { access: 'public' },
  'GET /api/verification': { access: 'provider' },
  'POST /api/verification/documents/:type': { access: 'provider' },
  'DELETE /api/verification/documents/:id': { access: 'provider' },
  'POST /api/verification/submit': { access: 'provider' },
  'GET /api/notifications': { access: 'user' },
  'POST /api/notifications/:id/read': { access: 'user', owners: C },
  'POST /api/notifications/read-all': { access: 'user' },
  'GET /api/notifications/preferences': { access: 'user' },
  'PUT /api/notifications/preferences': { access: 'user' },
  'POST /api/notifications/test': { access: 'user' },
  'GET /api/push/key': { access: 'user' },
  'GET /api/push/subscriptions': { access: 'user' },
  'POST /api/push/subscriptions': { access: 'user' },
  'DELETE /api/push/subscriptions': { access: 'user' },
  'POST /api/jobs': { access: 'user' },
  'GET /api/jobs': { access: 'onboarded-provider' },
  'GET /api/jobs/mine': { access: 'user' },
  // An open job is on the board: onboarded providers see it.
  'GET /api/jobs/:id': { access: 'user', owners: ['customer', 'provider', 'otherProvider'] },
  'PATCH /api/jobs/:id': { access: 'user', owners: C },
  'POST /api/jobs/:id/cancel': { access: 'user', owners: C },
  'POST /api/jobs/:id/close': { access: 'user', owners: C },
  'POST /api/jobs/:id/photos': { access: 'user', owners: C },
  'DELETE /api/jobs/:id/photos/:photoId': { access: 'user', owners: C },
  'POST /api/jobs/:id/bids': { access: 'onboarded-provider' },
  'POST /api/jobs/:id/bids/:bidId/accept': { access: 'user', owners: C },
  'GET /api/bids/mine': { access: 'provider' },
  'GET /api/bids/allowance': { access: 'provider' },
  'PATCH /api/bids/:id': { access: 'provider', owners: P },
  'POST /api/bids/:id/withdraw': { access: 'provider', owners: P },
  'POST /api/quote-requests': { access: 'user' },
  'GET /api/quote-requests': { access: 'user' },
  'GET /api/quote-requests/:id': { access: 'user', owners: CP },
  'POST /api/quote-requests/:id/quote': { access: 'user', owners: P },
  'POST /api/quote-requests/:id/decline': { access: 'user', owners: P },
  'POST /api/quote-requests/:id/accept': { access: 'user', owners: C },
  'POST /api/quote-requests/:id/cancel': { access: 'user', owners: C },
  'GET /api/bookings': { access: 'user' },
  'GET /api/bookings/:id': { access: 'user', owners: CP },
  'POST /api/bookings/:id/start': { access: 'user', owners: CP },
  'POST /api/bookings/:id/mark-done': { access: 'user', owners: CP },
  'POST /api/bookings/:id/confirm': { access: 'user', owners: CP },
  'POST /api/bookings/:id/cancel': { access: 'user', owners: CP },
  'POST /api/bookings/:id/reschedule': { access: 'user', owners: CP },
  'POST /api/bookings/:id/reschedule/accept': { access: 'user', owners: CP },
  'POST /api/bookings/:id/reschedule/decline': { access: 'user', owners: CP },
  'POST /api/bookings/:id/reschedule/withdraw': { access: 'user', owners: CP },
  'POST /api/bookings/:id/review': { access: 'user', owners: CP },
  'POST /api/bookings/:id/disputes': { access: 'user', owners: CP },
  'POST /api/bookings/:id/pay': { access: 'user', owners: C },
  'GET /api/bookings/:id/money': { access: 'user', owners: ['customer', 'provider', 'admin'] },
  'GET /api/disputes/:id': { access: 'user', owners: ['customer', 'provider', 'admin'] },
  'POST /api/disputes/:id/photos': { access: 'user', owners: CP },
  'POST /api/reviews/:id/reply': { access: 'user', owners: P },
  'GET /api/reviews': { access: 'user' },
  'GET /api/realtime': { access: 'user' },
  'GET /api/realtime/events': { access: 'user' },
  'POST /api/conversations': { access: 'user' },
  'GET /api/conversations': { access: 'user' },
  'GET /api/conversations/:id': { access: 'user', owners: CP },
  'POST /api/conversations/:id/messages': { access: 'user', owners: CP },
  'POST /api/conversations/:id/messages/image': { access: 'user', owners: CP },
  'POST /api/conversations/:id/read': { access: 'user', owners: CP },
  'GET /api/conversations/:id/attachments/:messageId': { access: 'user', owners: CP },
  'GET /api/messages/unread': { access: 'user' },
  'GET /api/messages/search': { access: 'user' },
  'POST /api/users/:id/block': { access: 'user' },
  'DELETE /api/users/:id/block': { access: 'user' },
  'POST /api/reports': { access: 'user' },
};

/** Routes whose success changes who the caller is or removes a resource: run them last. */
export function inSafeOrder(routes: RouteAccess[]): RouteAccess[] {
  const late = (r: RouteAccess) =>
    r.url === '/api/profile/become-provider'
      ? 2
      : r.method === 'DELETE' || /\/(cancel|close)$/.test(r.url)
        ? 1
        : 0;
  return [...routes].sort((a, b) => late(a) - late(b));
}

/** Who sends a route's request in the fuzz tests: its first owner, else the least-privileged caller it admits. */
export function callerOf(route: Pick<RouteAccess, 'method' | 'url' | 'access'>): Who {
  const owners = ROUTE_RULES[`${route.method} ${route.url}`]?.owners;
  if (owners?.[0]) return owners[0];
  const order: Who[] = ['anonymous', 'customer', 'provider', 'admin'];
  return order.find((who) => PASSES[who].includes(route.access)) ?? 'admin';
}
