import { QUOTE_LIVE_STATUSES } from '@adwuma/shared';
import { and, asc, inArray, lte, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { quoteRequests } from '../../db/schema.ts';
import { loadParties, partyOf } from '../../kernel/booking-parties.ts';
import type { Deps } from '../../types.ts';
import { insertNotices, type Notice, sendNoticeMails } from '../notifications/index.ts';
import { expiredNotices } from './quote-notices.ts';

export const QUOTES_EXPIRE_QUEUE = 'quotes-expire';
/** Every 15 minutes (UTC). Reads and actions treat a lapsed request as expired in between. */
export const QUOTES_EXPIRE_CRON = '*/15 * * * *';
/** Requests expired per transaction; the job loops until none is left. */
const BATCH = 200;

/**
 * Marks pending or quoted requests past their expiry as expired — those among `ids`, or any — and
 * answers the notices that tell their people (store them in the same transaction). Runs under the
 * row locks an accept takes, so a request accepted meanwhile is no longer pending or quoted here.
 */
export async function expireLapsedRequests(
  tx: Tx,
  now: Date,
  ids?: string[],
): Promise<{ expired: number; notices: Notice[] }> {
  const lapsed: SQL = and(
    inArray(quoteRequests.status, [...QUOTE_LIVE_STATUSES]),
    lte(quoteRequests.expires_at, now),
  )!;
  const targets = tx
    .select({ id: quoteRequests.id })
    .from(quoteRequests)
    .where(ids ? and(lapsed, inArray(quoteRequests.id, ids)) : lapsed)
    .orderBy(asc(quoteRequests.expires_at))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(quoteRequests)
    .set({ status: 'expired', updated_at: now })
    .where(and(lapsed, inArray(quoteRequests.id, targets)))
    .returning();
  if (rows.length === 0) return { expired: 0, notices: [] };
  const parties = await loadParties(
    tx,
    rows.flatMap((r) => [r.customer_id, r.provider_id]),
  );
  const notices = rows.flatMap((row) =>
    expiredNotices(row, {
      customer: partyOf(parties, row.customer_id),
      provider: partyOf(parties, row.provider_id),
    }),
  );
  return { expired: rows.length, notices };
}

/** The scheduled job: expires every lapsed request, telling each customer. Answers how many. */
export async function expireQuotes(deps: Deps, now: Date = new Date()): Promise<number> {
  const { db } = deps.database;
  let total = 0;
  for (;;) {
    const { expired, mailIds } = await db.transaction(async (tx) => {
      const { expired, notices } = await expireLapsedRequests(tx, now);
      return { expired, mailIds: await insertNotices(tx, notices) };
    });
    await sendNoticeMails(deps, mailIds, deps.log);
    total += expired;
    if (expired < BATCH) return total;
  }
}
