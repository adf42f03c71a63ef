/**
 * A dispute's size limits (no zod: the booking page's evidence list uses them; reviews.ts
 * re-exports them).
 */
export const DISPUTE_LIMITS = {
  descriptionMin: 20,
  descriptionMax: 5000,
  photosMax: 6,
  noteMin: 5,
  noteMax: 2000,
} as const;
