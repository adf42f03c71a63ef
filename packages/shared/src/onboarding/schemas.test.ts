import { describe, expect, it } from 'vitest';
import { locationSaveRequestSchema } from '../location/schemas.ts';
import {
  onboardingProfileSchema,
  onboardingServicesSchema,
  SERVICES_MESSAGES,
  subscriptionChoiceSchema,
  TERMS_MESSAGES,
  termsAcceptanceSchema,
} from './schemas.ts';

const firstIssue = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => {
  const issue = result.error?.issues[0];
  return issue ? { path: issue.path.join('.'), message: issue.message } : null;
};

describe('profile step request', () => {
  const good = { full_name: ' Ama Mensah ', phone: '024 123 4567', bio: 'Braids and cornrows in Osu.' };
  it('trims and stores the phone as +233…', () => {
    expect(onboardingProfileSchema.parse(good)).toEqual({
      full_name: 'Ama Mensah',
      phone: '+233241234567',
      bio: 'Braids and cornrows in Osu.',
    });
  });
  it.each([
    [{ bio: '<b>hi</b>' }, 'bio', 'HTML tags are not allowed'],
    [{ bio: '   ' }, 'bio', 'This field is required'],
    [{ phone: '+44 20 7946 0958' }, 'phone', 'Enter a Ghana phone number, e.g. +233 24 123 4567'],
    [{ phone: '' }, 'phone', 'This field is required'],
    [{ full_name: 'A' }, 'full_name', 'Must be at least 2 characters long'],
  ])('refuses %j', (change, path, message) => {
    expect(firstIssue(onboardingProfileSchema.safeParse({ ...good, ...change }))).toEqual({ path, message });
  });
  it('refuses fields it does not own (role, avatar)', () => {
    expect(onboardingProfileSchema.safeParse({ ...good, role: 'admin' }).success).toBe(false);
  });
});

describe('services step request', () => {
  it('deduplicates categories and tags (tags case-insensitively), tags optional', () => {
    expect(
      onboardingServicesSchema.parse({
        categories: ['hair-braiding', ' Hair-Braiding', 'barbering'],
        tags: ['Knotless braids', 'knotless  braids', 'Fades'],
      }),
    ).toEqual({ categories: ['hair-braiding', 'barbering'], tags: ['Knotless braids', 'Fades'] });
    expect(onboardingServicesSchema.parse({ categories: ['plumbing'] }).tags).toEqual([]);
  });
  it('needs at least one category, at most 10', () => {
    expect(firstIssue(onboardingServicesSchema.safeParse({ categories: [] }))?.message).toBe(
      SERVICES_MESSAGES.categoriesMin,
    );
    const many = Array.from({ length: 11 }, (_, i) => `c-${i}`);
    expect(firstIssue(onboardingServicesSchema.safeParse({ categories: many }))?.message).toBe(
      SERVICES_MESSAGES.categoriesMax,
    );
  });
  it('refuses HTML in a tag and bad slugs', () => {
    expect(
      firstIssue(onboardingServicesSchema.safeParse({ categories: ['plumbing'], tags: ['<i>x</i>'] })),
    ).toEqual({
      path: 'tags.0',
      message: 'HTML tags are not allowed',
    });
    expect(onboardingServicesSchema.safeParse({ categories: ['Plumbing & more'] }).success).toBe(false);
  });
});

describe('terms and subscription requests', () => {
  it('needs accepted: true', () => {
    expect(termsAcceptanceSchema.parse({ accepted: true })).toEqual({ accepted: true });
    expect(firstIssue(termsAcceptanceSchema.safeParse({ accepted: false }))?.message).toBe(
      TERMS_MESSAGES.accept,
    );
  });
  it('knows the tiers', () => {
    expect(subscriptionChoiceSchema.parse({ tier: 'starter' })).toEqual({ tier: 'starter' });
    expect(subscriptionChoiceSchema.safeParse({ tier: 'gold' }).success).toBe(false);
  });
});

describe('location save request', () => {
  it('defaults geocoding_accuracy to user, normalises the digital address, dedupes service areas', () => {
    expect(
      locationSaveRequestSchema.parse({
        city: ' Accra ',
        country: 'Ghana',
        latitude: 5.6,
        longitude: -0.18,
        digital_address: 'ga1838164',
        service_areas: ['Osu', 'osu', 'Labone'],
        search_radius: 15,
      }),
    ).toMatchObject({
      city: 'Accra',
      geocoding_accuracy: 'user',
      digital_address: 'GA-183-8164',
      service_areas: ['Osu', 'Labone'],
      search_radius: 15,
    });
  });
  it.each([
    [{ digital_address: 'GA-18-81' }, 'digital_address', 'Enter a GhanaPost GPS address like GA-183-8164'],
    [{ address: '<script>x</script>' }, 'address', 'HTML tags are not allowed'],
    [{ search_radius: 0 }, 'search_radius', 'At least 1 km'],
    [{ search_radius: 500 }, 'search_radius', 'At most 200 km'],
    [{ geocoding_accuracy: 'ip' }, 'geocoding_accuracy', 'Use user or gps'],
    [{ latitude: '5.6' }, 'latitude', 'Latitude must be a number'],
  ])('refuses %j', (change, path, message) => {
    expect(
      firstIssue(locationSaveRequestSchema.safeParse({ city: 'Accra', country: 'Ghana', ...change })),
    ).toEqual({
      path,
      message,
    });
  });
  it('lets the save rules judge a missing point (the shape allows it)', () => {
    expect(locationSaveRequestSchema.safeParse({}).success).toBe(true);
  });
});
