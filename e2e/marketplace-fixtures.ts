import { randomInt } from 'node:crypto';
import { createAccount, expect, ORIGIN } from './auth-fixtures.ts';
import { saveOnboardingSteps, submitIdDocuments } from './onboarding-fixtures.ts';
import type { APIRequestContext, Browser, Page } from './test.ts';

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
/**
 * Another rare category, for specs that only need a provider to talk to: the kente listings stay
 * the size the search and category specs expect (a page of results).
 */
export const OTHER_CATEGORY = { slug: 'shoe-repair', name: 'Shoe repair' };

export async function onboardedProvider(page: Page, name: string, category = CATEGORY) {
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
    await api.put('/api/onboarding/services', { data: { categories: [category.slug], tags: ['Kente'] } }),
  );
  await submitIdDocuments(api);
}

/** Today's date in Ghana (Accra = UTC), "YYYY-MM-DD". */
/**
 * Publishes a kente service for the signed-in provider on `page` (anyone may then find and message
 * them; `title` gives it a word of its own to search for) and answers their public profile's slug.
 */
export async function publishService(
  page: Page,
  title = 'Kente strips to order',
  category = CATEGORY,
): Promise<string> {
  await ok(
    'publish a service',
    await page.request.post('/api/services', {
      data: {
        title,
        category: category.slug,
        description: 'Hand-woven kente strips in your colours, ready in two days.',
        price_type: 'from',
        price: 45_000,
        duration_minutes: 2880,
        service_areas: ['Kumasi'],
        status: 'published',
      },
    }),
  );
  let slug = '';
  await expect
    .poll(async () => {
      const mine = (await (await ok('my services', await page.request.get('/api/services/mine'))).json()) as {
        profile_slug: string | null;
      };
      slug = mine.profile_slug ?? '';
      return slug;
    }, 'the provider is listed')
    .not.toBe('');
  return slug;
}

export const today = () => new Date().toISOString().slice(0, 10);

/**
 * A booking made the way the jobs journey makes it, through the API: the customer posts a job (for
 * `date`, else flexible), the provider bids GH₵ 450, the customer hires. Answers the booking's id;
 * the booking awaits the customer's payment (payForBooking).
 */
export async function hiredBooking(
  customer: APIRequestContext,
  provider: APIRequestContext,
  title: string,
  options: { date?: string } = {},
) {
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
          ...(options.date ? { when_type: 'date', date_start: options.date } : { when_type: 'flexible' }),
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

/** The TEST MODE approval of the sandbox's mobile-money prompt (any number of the network, PIN 1234). */
export const MOMO = { network: 'mtn', label: 'MTN MoMo', phone: '024 412 3456', pin: '1234' } as const;

/**
 * For journeys not about paying: the customer pays the booking through the real endpoints, as the
 * browser would — the booking's checkout, the sandbox's mobile-money approval — and waits until the
 * sandbox's signed webhook has been applied (the booking shows its money held). Never the database.
 */
export async function payForBooking(customer: APIRequestContext, bookingId: string) {
  const checkout = (await (
    await ok(
      'checkout',
      await customer.post(`/api/bookings/${bookingId}/pay`, { data: { method: 'mobile_money' } }),
    )
  ).json()) as { url: string; payment_id: string };
  const reference = checkout.url.split('/').pop()!;
  await ok(
    'sandbox pay',
    await customer.post(`/api/payments/sandbox/${reference}/pay`, {
      data: {
        method: 'mobile_money',
        network: MOMO.network,
        phone: MOMO.phone,
        decision: 'approve',
        pin: MOMO.pin,
      },
    }),
  );
  await expect
    .poll(
      async () => {
        const res = await customer.get(`/api/bookings/${bookingId}/money`);
        return ((await res.json()) as { payment_status?: string }).payment_status;
      },
      { timeout: 20_000, message: 'the booking is paid (its webhook applied)' },
    )
    .toBe('held');
  return checkout.payment_id;
}

/** "GH₵ 1,234.50", as the app writes cedis. */
export function cedis(minor: number): string {
  const whole = Math.floor(minor / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `GH₵ ${whole}.${String(minor % 100).padStart(2, '0')}`;
}
