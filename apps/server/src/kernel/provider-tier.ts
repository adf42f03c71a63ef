import type { TierId } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { subscriptions } from '../db/schema.ts';

/** A provider's tier now: their subscription's, Starter without one (bid limits, earnings). */
export async function providerTier(db: Db | Tx, providerId: string): Promise<TierId> {
  const [row] = await db
    .select({ tier: subscriptions.subscription_tier })
    .from(subscriptions)
    .where(eq(subscriptions.user_id, providerId));
  return row?.tier ?? 'starter';
}
