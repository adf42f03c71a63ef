import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import type { Deps } from '../types.ts';

const BATCH = 100;

type BookingRow = typeof bookings.$inferSelect;

/**
 * Runs a scheduled job's step on every booking `due` selects, oldest `orderBy` first, a batch at a
 * time: each booking in one short transaction under its row lock, skipping rows another transaction
 * holds (a payment, a confirmation meanwhile wins) and re-checking `due` under the lock. The step
 * answers what to hand `afterCommit` once its transaction commits (the notice ids to mail), or null
 * when it left the booking alone. Answers the ids it acted on. Rows skipped stay due: it stops
 * rather than loop on them.
 */
export async function eachDueBooking(
  deps: Deps,
  due: SQL,
  orderBy: Parameters<typeof asc>[0],
  step: (tx: Tx, row: BookingRow) => Promise<string[] | null>,
  afterCommit: (mailIds: string[]) => Promise<unknown>,
): Promise<string[]> {
  const { db } = deps.database;
  const acted: string[] = [];
  for (;;) {
    const batch = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(due)
      .orderBy(asc(orderBy))
      .limit(BATCH);
    let done = 0;
    for (const { id } of batch) {
      const mailIds = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(bookings)
          .where(and(eq(bookings.id, id), due))
          .for('update', { skipLocked: true });
        if (!row) return [];
        const ids = await step(tx, row);
        if (ids === null) return [];
        acted.push(id);
        done++;
        return ids;
      });
      await afterCommit(mailIds);
    }
    if (batch.length < BATCH || done === 0) return acted;
  }
}
