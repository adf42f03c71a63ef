import { describe, expect, it } from 'vitest';
import {
  type ProfileScoreFacts,
  profileCompletionPercentage,
  profileStrengthScore,
  STRENGTH_WEIGHTS,
} from './profile-scores.ts';

const NOTHING: ProfileScoreFacts = {
  isProviderLike: true,
  hasName: false,
  hasAvatar: false,
  hasBio: false,
  hasPhone: false,
  hasLocation: false,
  hasSkills: false,
  publishedServices: 0,
  availabilitySet: false,
  verified: false,
  reviews: 0,
  rating: null,
  completedBookings: 0,
};

const provider = (over: Partial<ProfileScoreFacts> = {}): ProfileScoreFacts => ({ ...NOTHING, ...over });

const EVERYTHING = provider({
  hasName: true,
  hasAvatar: true,
  hasBio: true,
  hasPhone: true,
  hasLocation: true,
  hasSkills: true,
  publishedServices: 2,
  availabilitySet: true,
  verified: true,
  reviews: 12,
  rating: 4.6,
  completedBookings: 9,
});

describe('profileCompletionPercentage (spec 4: core items done out of 3)', () => {
  it('counts avatar-and-name, a location and a skill or tag: 0, 33, 67, 100', () => {
    expect(profileCompletionPercentage(NOTHING)).toBe(0);
    expect(profileCompletionPercentage(provider({ hasLocation: true }))).toBe(33);
    expect(profileCompletionPercentage(provider({ hasLocation: true, hasSkills: true }))).toBe(67);
    expect(
      profileCompletionPercentage(
        provider({ hasName: true, hasAvatar: true, hasLocation: true, hasSkills: true }),
      ),
    ).toBe(100);
  });

  it('needs both the avatar and the name for the profile item', () => {
    expect(profileCompletionPercentage(provider({ hasName: true }))).toBe(0);
    expect(profileCompletionPercentage(provider({ hasAvatar: true }))).toBe(0);
    expect(profileCompletionPercentage(provider({ hasName: true, hasAvatar: true }))).toBe(33);
  });

  it('ignores what is not a core item (bio, services, verification, reviews)', () => {
    expect(
      profileCompletionPercentage(
        provider({ hasBio: true, publishedServices: 3, verified: true, reviews: 5, rating: 5 }),
      ),
    ).toBe(0);
  });

  it('counts a customer (not provider-like) as complete', () => {
    expect(profileCompletionPercentage({ ...NOTHING, isProviderLike: false })).toBe(100);
  });
});

describe('profileStrengthScore', () => {
  it('has weights that add up to 100, reached by a provider with everything', () => {
    expect(Object.values(STRENGTH_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    expect(profileStrengthScore(EVERYTHING)).toBe(100);
    expect(profileStrengthScore(NOTHING)).toBe(0);
  });

  it('adds each profile basic and provider item by its weight', () => {
    const single: [Partial<ProfileScoreFacts>, number][] = [
      [{ hasName: true }, STRENGTH_WEIGHTS.name],
      [{ hasAvatar: true }, STRENGTH_WEIGHTS.avatar],
      [{ hasBio: true }, STRENGTH_WEIGHTS.bio],
      [{ hasPhone: true }, STRENGTH_WEIGHTS.phone],
      [{ hasLocation: true }, STRENGTH_WEIGHTS.location],
      [{ hasSkills: true }, STRENGTH_WEIGHTS.skills],
      [{ publishedServices: 1 }, STRENGTH_WEIGHTS.services],
      [{ publishedServices: 7 }, STRENGTH_WEIGHTS.services],
      [{ availabilitySet: true }, STRENGTH_WEIGHTS.availability],
      [{ verified: true }, STRENGTH_WEIGHTS.verified],
    ];
    for (const [over, points] of single)
      expect(profileStrengthScore(provider(over)), JSON.stringify(over)).toBe(points);
  });

  it('counts reviews up to 5, fully with an average of 4 or more and half below', () => {
    const w = STRENGTH_WEIGHTS.reviews;
    expect(profileStrengthScore(provider({ reviews: 1, rating: 5 }))).toBe(w / 5);
    expect(profileStrengthScore(provider({ reviews: 5, rating: 4 }))).toBe(w);
    expect(profileStrengthScore(provider({ reviews: 40, rating: 4.9 }))).toBe(w);
    expect(profileStrengthScore(provider({ reviews: 5, rating: 3.99 }))).toBe(w / 2);
    expect(profileStrengthScore(provider({ reviews: 2, rating: 2 }))).toBe(2);
    // No reviews: nothing, whatever the stored average says.
    expect(profileStrengthScore(provider({ reviews: 0, rating: null }))).toBe(0);
  });

  it('counts completed bookings up to 3', () => {
    const w = STRENGTH_WEIGHTS.completedBookings;
    expect([0, 1, 2, 3, 10].map((n) => profileStrengthScore(provider({ completedBookings: n })))).toEqual([
      0,
      Math.round(w / 3),
      Math.round((2 * w) / 3),
      w,
      w,
    ]);
  });

  it('scores a customer on the profile basics only, scaled to 100', () => {
    const customer = (over: Partial<ProfileScoreFacts>) => ({
      ...EVERYTHING,
      isProviderLike: false,
      ...over,
    });
    expect(profileStrengthScore(customer({}))).toBe(100);
    // Provider items count for nothing: 30 basic points are the whole scale.
    expect(profileStrengthScore(customer({ hasAvatar: false, hasBio: false, hasPhone: false }))).toBe(17);
    expect(profileStrengthScore(customer({ hasBio: false, hasPhone: false }))).toBe(50);
    expect(
      profileStrengthScore({ ...NOTHING, isProviderLike: false, hasLocation: true, verified: true }),
    ).toBe(0);
  });

  it('stays a whole number from 0 to 100', () => {
    for (let mask = 0; mask < 1 << 8; mask++) {
      const bit = (i: number) => (mask & (1 << i)) !== 0;
      const facts = provider({
        hasName: bit(0),
        hasAvatar: bit(1),
        hasBio: bit(2),
        hasPhone: bit(3),
        hasLocation: bit(4),
        verified: bit(5),
        reviews: bit(6) ? 3 : 0,
        rating: bit(6) ? 3.5 : null,
        completedBookings: bit(7) ? 2 : 0,
      });
      for (const f of [facts, { ...facts, isProviderLike: false }]) {
        const score = profileStrengthScore(f);
        expect(Number.isInteger(score) && score >= 0 && score <= 100).toBe(true);
      }
    }
  });
});
