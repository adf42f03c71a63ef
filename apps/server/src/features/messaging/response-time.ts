import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** How far back a provider's replies count for "usually replies within". */
const WINDOW_DAYS = 90;
/** A provider's figure is refreshed at most this often per server process (it moves slowly). */
export const REFRESH_EVERY_MS = 10 * 60_000;

const refreshedAt = new Map<string, number>();
/** The refreshes of this process run one after another, never in a burst beside the sends. */
let refreshing: Promise<unknown> = Promise.resolve();

/**
 * Refreshes after a provider's message unless this process did so in the last 10 minutes. Queued
 * behind the other refreshes (issue 20: many providers replying at once used to start as many
 * 90-day scans at once, next to the sends they followed).
 */
export function refreshResponseTimeSoon(db: Db, providerId: string, now = Date.now()): Promise<void> | null {
  const last = refreshedAt.get(providerId);
  if (last !== undefined && now - last < REFRESH_EVERY_MS) return null;
  refreshedAt.set(providerId, now);
  if (refreshedAt.size > 50_000) {
    for (const [id, at] of refreshedAt) if (now - at >= REFRESH_EVERY_MS) refreshedAt.delete(id);
  }
  const run = refreshing.then(() => refreshResponseTime(db, providerId));
  refreshing = run.catch(() => {});
  return run;
}

/**
 * Refreshes a provider's `response_time_minutes` on the search read model: the median time, over
 * the last 90 days, from a customer's message that starts a turn (the first of the conversation or
 * the first after the provider spoke) to the provider's next message. Null without any reply yet.
 */
export async function refreshResponseTime(db: Db, providerId: string): Promise<void> {
  await db.execute(sql`
    with turns as (
      select m.conversation_id, m.seq, m.created_at as asked_at
      from messages m
      join conversations c on c.id = m.conversation_id
      where c.provider_id = ${providerId}
        and m.sender_id <> ${providerId}
        and m.created_at > now() - make_interval(days => ${WINDOW_DAYS})
        and (m.seq = 1 or exists (
          select 1 from messages p
          where p.conversation_id = m.conversation_id and p.seq = m.seq - 1 and p.sender_id = ${providerId}))
    ),
    answered as (
      select extract(epoch from (
        select min(r.created_at) from messages r
        where r.conversation_id = t.conversation_id and r.seq > t.seq and r.sender_id = ${providerId}
      ) - t.asked_at) / 60 as minutes
      from turns t
    )
    update provider_search
    set response_time_minutes = (
      select round(percentile_cont(0.5) within group (order by minutes))::int
      from answered where minutes is not null)
    where provider_id = ${providerId}`);
}
