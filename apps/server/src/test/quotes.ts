import {
  type QuoteRequest,
  quoteRequestResponseSchema,
  serviceResponseSchema,
  toIsoDate,
} from '@adwuma/shared';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { notifications, quoteRequests } from '../db/schema.ts';
import type { TestApp } from './app.ts';
import type { TestUser } from './auth.ts';
import { call, onboardedProvider, PLACES } from './providers.ts';

/** A date `days` from today, "YYYY-MM-DD". */
export const daysFromNow = (days: number) => toIsoDate(new Date(Date.now() + days * 86_400_000));

export interface ProviderWithService {
  provider: TestUser;
  serviceId: string;
}

/** An onboarded, listed provider with one published service (through the API). */
export async function providerWithService(
  t: TestApp,
  opts: { name?: string; title?: string; status?: 'published' | 'draft' } = {},
): Promise<ProviderWithService> {
  const provider = await onboardedProvider(t, { name: opts.name ?? 'Kwabena Ofori', place: PLACES.kumasi });
  const serviceId = await addService(t, provider, opts);
  return { provider, serviceId };
}

/** Adds a service of the provider (published by default) and answers its id. */
export async function addService(
  t: TestApp,
  provider: TestUser,
  opts: { title?: string; status?: 'published' | 'draft' } = {},
): Promise<string> {
  const res = await call(t, 'POST', '/api/services', provider.cookie, {
    title: opts.title ?? 'Water tank installation',
    category: 'plumbing',
    description: 'Polytank installation with pump and pipe connections, Kumasi and nearby towns.',
    price_type: 'from',
    price: 60_000,
    duration_minutes: 240,
    service_areas: ['Adum'],
    status: opts.status ?? 'published',
  });
  expect(res.statusCode, res.body).toBe(201);
  return serviceResponseSchema.parse(res.json()).service.id;
}

export const QUOTE_BODY = {
  details: 'Install a 1000 litre polytank on a stand and connect it to the pump.',
  city: 'Kumasi',
  address: 'Adum, near the post office',
};

/** The customer asks for a quote on the service; answers the created request. */
export async function askQuote(
  t: TestApp,
  customer: TestUser,
  serviceId: string,
  body: Record<string, unknown> = {},
): Promise<QuoteRequest> {
  const res = await call(t, 'POST', '/api/quote-requests', customer.cookie, {
    service_id: serviceId,
    preferred_date: daysFromNow(5),
    ...QUOTE_BODY,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return quoteRequestResponseSchema.parse(res.json()).request;
}

/** Calls an action (quote, decline, accept, cancel) on a request. */
export const quoteAction = (
  t: TestApp,
  user: TestUser,
  id: string,
  action: 'quote' | 'decline' | 'accept' | 'cancel',
  body?: unknown,
) => call(t, 'POST', `/api/quote-requests/${id}/${action}`, user.cookie, body);

/** The provider answers with a price (pesewas); answers the quoted request. */
export async function giveQuote(t: TestApp, provider: TestUser, id: string, price = 75_000) {
  const res = await quoteAction(t, provider, id, 'quote', { price, message: 'Tank, stand and fittings.' });
  expect(res.statusCode, res.body).toBe(200);
  return quoteRequestResponseSchema.parse(res.json()).request;
}

/** Moves a request's expiry into the past, as if its 7 days had gone by. */
export async function lapse(t: TestApp, id: string): Promise<void> {
  await t.database.db
    .update(quoteRequests)
    .set({ expires_at: new Date(Date.now() - 60_000) })
    .where(eq(quoteRequests.id, id));
}

/** The user's in-app notices of one kind, newest first. */
export async function noticesOf(t: TestApp, userId: string, kind: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.kind, kind)))
    .orderBy(desc(notifications.created_at));
}
