import { completionPercentage } from '../onboarding/completion.ts';

/**
 * Issue 19: profile completion and strength, written by the server whenever what they measure
 * changes. Completion follows spec 4 (core items done out of 3, as a percentage; non-providers
 * count as complete). Strength (0–100) is ours: what makes customers trust and choose a provider.
 */
export interface ProfileScoreFacts {
  isProviderLike: boolean;
  hasName: boolean;
  hasAvatar: boolean;
  hasBio: boolean;
  hasPhone: boolean;
  hasLocation: boolean;
  /** Skills or service tags. */
  hasSkills: boolean;
  publishedServices: number;
  availabilitySet: boolean;
  /** Identity approved by an admin. */
  verified: boolean;
  reviews: number;
  rating: number | null;
  completedBookings: number;
}

/** Spec 4: completed core items (avatar and name, a location, a skill or tag) out of 3, in percent. */
export function profileCompletionPercentage(f: ProfileScoreFacts): number {
  if (!f.isProviderLike) return 100;
  // The onboarding status's own figure (one rule): the stored value always equals what it shows.
  return completionPercentage({
    profile_completed: f.hasAvatar && f.hasName,
    location_completed: f.hasLocation,
    skills_completed: f.hasSkills,
  });
}

/** What each part of the strength score is worth; they add up to 100. */
export const STRENGTH_WEIGHTS = {
  name: 5,
  avatar: 10,
  bio: 10,
  phone: 5,
  location: 10,
  skills: 10,
  services: 10,
  availability: 5,
  verified: 15,
  reviews: 10,
  completedBookings: 10,
} as const;

/**
 * Strength 0–100: profile basics, then verification and track record. Reviews count fully from 5
 * reviews with an average of 4 or more (half below that); completed bookings fully from 3.
 */
export function profileStrengthScore(f: ProfileScoreFacts): number {
  const w = STRENGTH_WEIGHTS;
  let score = 0;
  if (f.hasName) score += w.name;
  if (f.hasAvatar) score += w.avatar;
  if (f.hasBio) score += w.bio;
  if (f.hasPhone) score += w.phone;
  if (f.isProviderLike) {
    if (f.hasLocation) score += w.location;
    if (f.hasSkills) score += w.skills;
    if (f.publishedServices > 0) score += w.services;
    if (f.availabilitySet) score += w.availability;
    if (f.verified) score += w.verified;
    const reviewPart = Math.min(f.reviews, 5) / 5;
    score += Math.round(w.reviews * reviewPart * (f.rating !== null && f.rating >= 4 ? 1 : 0.5));
    score += Math.round((w.completedBookings * Math.min(f.completedBookings, 3)) / 3);
    return Math.min(100, score);
  }
  // A customer's strength is their basics only, scaled to 100.
  return Math.round((score / (w.name + w.avatar + w.bio + w.phone)) * 100);
}
