import { randomInt } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createAccount, expect, ORIGIN } from './auth-fixtures.ts';
import { saveOnboardingSteps, submitIdDocuments } from './onboarding-fixtures.ts';

/** A rare category, so the demo jobs and providers leave the test's own easy to find. */
export const CATEGORY = { slug: 'kente-weaving', name: 'Kente weaving' };
export const KUMASI = { city: 'Kumasi', region: 'Ashanti', latitude: 6.6885, longitude: -1.6244 };

/** A made-up word of letters only: unique to this run, and a whole word for a search. */
export function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  return `Ko${Array.from({ length: 6 }, () => letters[randomInt(letters.length)]).join('')}`;
}

export async function ok(label: string, res: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(res.ok(), `${label}: ${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

/** A phone of its own (its own cookies and client address). */
export async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: ORIGIN,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  return context.newPage();
}

/** A provider in Kumasi who passed onboarding (listed, kente weaving), signed in on the given page. */
export async function onboardedProvider(page: Page, name: string) {
  await createAccount(page, { role: 'explorer', name });
  const api = page.request;
  await saveOnboardingSteps(api, { intro: true, photo: true });
  await ok(
    'profile',
    await api.put('/api/onboarding/profile', {
      data: {
        full_name: name,
        phone: '024 555 0199',
        bio: 'Kente weaver in Kumasi, strips and stoles to order.',
      },
    }),
  );
  await ok(
    'location',
    await api.put('/api/onboarding/location', {
      data: { ...KUMASI, country: 'Ghana', geocoding_accuracy: 'user', service_areas: ['Kumasi'] },
    }),
  );
  await ok(
    'services step',
    await api.put('/api/onboarding/services', { data: { categories: [CATEGORY.slug], tags: ['Kente'] } }),
  );
  await submitIdDocuments(api);
}

/**
 * A booking made the way the jobs journey makes it, through the API: the customer posts a job, the
 * provider bids, the customer hires. Answers the booking's id.
 */
export async function hiredBooking(customer: APIRequestContext, provider: APIRequestContext, title: string) {
  const job = (await (
    await ok(
      'post a job',
      await customer.post('/api/jobs', {
        data: {
          title,
          category: CATEGORY.slug,
          description: 'A woven kente stole in school colours, with the name embroidered at the ends.',
          city: 'Kumasi',
          latitude: KUMASI.latitude,
          longitude: KUMASI.longitude,
          when_type: 'flexible',
        },
      }),
    )
  ).json()) as { job: { id: string } };
  const bid = (await (
    await ok(
      'bid',
      await provider.post(`/api/jobs/${job.job.id}/bids`, {
        data: { price: 45_000, message: 'Green and gold in stock; ready in four days.' },
      }),
    )
  ).json()) as { bid: { id: string } };
  const hire = (await (
    await ok('hire', await customer.post(`/api/jobs/${job.job.id}/bids/${bid.bid.id}/accept`))
  ).json()) as { booking_id: string };
  return hire.booking_id;
}
