import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { insertProviders, type SeedProvider, type SeedService } from '../db/demo-seed.ts';
import { idDocuments, profiles } from '../db/schema.ts';
import type { TestApp } from './app.ts';
import { ORIGIN, signUp, type TestUser, uniqueIp } from './auth.ts';

/** Places the provider tests use (city centres). */
export const PLACES = {
  accra: { city: 'Accra', region: 'Greater Accra', latitude: 5.556, longitude: -0.1969 },
  kumasi: { city: 'Kumasi', region: 'Ashanti', latitude: 6.6885, longitude: -1.6244 },
  tema: { city: 'Tema', region: 'Greater Accra', latitude: 5.6698, longitude: -0.0166 },
  tamale: { city: 'Tamale', region: 'Northern', latitude: 9.4008, longitude: -0.8393 },
  wa: { city: 'Wa', region: 'Upper West', latitude: 10.0607, longitude: -2.5019 },
} as const;

export const WEEKDAYS_9_TO_5 = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  opens: '09:00',
  closes: '17:00',
}));

export function service(
  category: string,
  title: string,
  cedis: number,
  extra: Partial<SeedService> = {},
): SeedService {
  return {
    title,
    category,
    description: `${title}: done neatly, on time, with the materials agreed beforehand.`,
    price_type: 'fixed',
    price_minor: cedis * 100,
    duration_minutes: 60,
    service_areas: [],
    status: 'published',
    ...extra,
  };
}

/** A provider for the seed helper: known values, unique id and email. */
export function provider(
  name: string,
  place: { city: string; region: string; latitude: number; longitude: number },
  extra: Partial<SeedProvider> = {},
): SeedProvider {
  const id = `test-provider-${randomUUID().slice(0, 8)}`;
  return {
    id,
    email: `${id}@example.com`,
    name,
    bio: null,
    ...place,
    rating: 0,
    total_reviews: 0,
    verified: false,
    categories: [...new Set(extra.services?.map((s) => s.category) ?? [])],
    tags: [...new Set(extra.services?.map((s) => s.title) ?? [])],
    week: WEEKDAYS_9_TO_5,
    services: [],
    created_at: new Date('2026-01-15T10:00:00Z'),
    ...extra,
  };
}

/** Writes providers straight to the database (the demo seed's writer) with their read-model rows. */
export async function seedProviders(t: TestApp, providers: SeedProvider[]): Promise<void> {
  await insertProviders(t.database.db, providers);
}

export const call = (
  t: TestApp,
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: uniqueIp(),
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/**
 * A fresh customer (`a`) and provider (`b`, an explorer) with a conversation `a` started: limits
 * count per user, so each test that sends gets users of its own.
 */
export async function conversationPair(t: TestApp) {
  const a = await signUp(t, { name: 'Efua Asante' });
  const b = await signUp(t, { role: 'explorer', name: 'Yaw Darko' });
  const res = await call(t, 'POST', '/api/conversations', a.cookie, { recipient_id: b.id });
  expect(res.statusCode, res.body).toBe(200);
  return { a, b, conversationId: res.json().id as string };
}

/**
 * A provider who went through core onboarding through the API (picture set directly, location and
 * categories saved) and uploaded a document, so the provider gate passes and they may publish.
 */
export async function onboardedProvider(
  t: TestApp,
  opts: { name?: string; place?: (typeof PLACES)[keyof typeof PLACES]; categories?: string[] } = {},
): Promise<TestUser> {
  const user = await signUp(t, { role: 'explorer', name: opts.name ?? 'Kwabena Ofori' });
  const place = opts.place ?? PLACES.kumasi;
  await t.database.db
    .update(profiles)
    .set({ avatar_url: '/api/avatars/test?v=1' })
    .where(eq(profiles.id, user.id));
  let res = await call(t, 'PUT', '/api/onboarding/location', user.cookie, {
    city: place.city,
    country: 'Ghana',
    region: place.region,
    latitude: place.latitude,
    longitude: place.longitude,
  });
  expect(res.statusCode, res.body).toBe(200);
  res = await call(t, 'PUT', '/api/onboarding/services', user.cookie, {
    categories: opts.categories ?? ['plumbing'],
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.database.db.insert(idDocuments).values({ provider_id: user.id, doc_status: 'uploaded' });
  return user;
}
