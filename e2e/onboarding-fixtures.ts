import { expect } from './auth-fixtures.ts';
import type { APIRequestContext, APIResponse } from './test.ts';

/** A 1×1 PNG: the server checks the file's signature and decodes it, not only its type. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function ok(label: string, res: APIResponse) {
  expect(res.ok(), `${label}: ${res.status()} ${await res.text()}`).toBe(true);
}

/**
 * Onboarding steps through the API, as the wizard saves them (for tests that are about something
 * else: the gate, the completion page). Each part is optional.
 */
export async function saveOnboardingSteps(
  request: APIRequestContext,
  steps: { intro?: boolean; profile?: boolean; photo?: boolean; location?: boolean; services?: boolean },
) {
  if (steps.intro) await ok('intro', await request.post('/api/onboarding/intro-seen'));
  if (steps.profile) {
    await ok(
      'profile',
      await request.put('/api/onboarding/profile', {
        data: { full_name: 'Kwesi Appiah', phone: '024 555 0101', bio: 'Plumber in Accra since 2012.' },
      }),
    );
  }
  if (steps.photo) {
    await ok(
      'photo',
      await request.post('/api/profile/avatar', {
        multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: PIXEL_PNG } },
      }),
    );
  }
  if (steps.location) {
    await ok(
      'location',
      await request.put('/api/onboarding/location', {
        data: {
          city: 'Accra',
          country: 'Ghana',
          latitude: 5.6037,
          longitude: -0.187,
          geocoding_accuracy: 'user',
        },
      }),
    );
  }
  if (steps.services) {
    const categories = (await (await request.get('/api/categories')).json()) as {
      groups: { categories: { slug: string }[] }[];
    };
    const slug = categories.groups[0]?.categories[0]?.slug;
    expect(slug, 'a service category').toBeTruthy();
    await ok(
      'services',
      await request.put('/api/onboarding/services', { data: { categories: [slug], tags: ['Burst pipes'] } }),
    );
  }
}

/**
 * The id step through the API (the step's upload screen is tested in verification.mobile.spec.ts):
 * the three documents, then the submission with a Ghana Card number.
 */
export async function submitIdDocuments(request: APIRequestContext) {
  for (const type of ['front', 'back', 'selfie'] as const) {
    await ok(
      `document ${type}`,
      await request.post(`/api/verification/documents/${type}`, {
        multipart: { file: { name: `${type}.png`, mimeType: 'image/png', buffer: PIXEL_PNG } },
      }),
    );
  }
  await ok(
    'submit',
    await request.post('/api/verification/submit', { data: { ghana_card_number: 'GHA-123456789-0' } }),
  );
}
