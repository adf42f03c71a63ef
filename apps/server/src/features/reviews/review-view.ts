import type { Review } from '@adwuma/shared';
import type { Db, Tx } from '../../db/client.ts';
import type { reviews } from '../../db/schema.ts';
import { loadParties, type Party, partyOf } from '../../kernel/booking-parties.ts';

export type ReviewRow = typeof reviews.$inferSelect;

export const REVIEW_NOT_FOUND = 'Review not found';

/** A review in the API shape (reviewSchema); `parties` holds both its author and subject. */
export function toReview(row: ReviewRow, parties: Map<string, Party>): Review {
  return {
    id: row.id,
    booking_id: row.booking_id,
    author: partyOf(parties, row.author_id).person,
    subject: partyOf(parties, row.subject_id).person,
    author_role: row.author_role,
    rating: row.rating,
    text: row.text,
    reply: row.reply,
    replied_at: row.replied_at?.toISOString() ?? null,
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** Maps rows with their people loaded in one query. */
export async function toReviews(db: Db | Tx, rows: ReviewRow[]): Promise<Review[]> {
  const parties = await loadParties(
    db,
    rows.flatMap((r) => [r.author_id, r.subject_id]),
  );
  return rows.map((r) => toReview(r, parties));
}
