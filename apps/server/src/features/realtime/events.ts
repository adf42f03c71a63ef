import type { RealtimeEvent, ServerFrame } from '@adwuma/shared';
import { and, asc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { realtimeCursors, realtimeEvents } from '../../db/schema.ts';
import { forgetCachedSessions } from '../../kernel/http/session-cache.ts';
import type { AnnouncedActivity } from './activity.ts';

/** The Postgres channel every server process listens on. */
export const REALTIME_CHANNEL = 'adwuma_realtime';
/** NOTIFY payloads must stay under 8,000 bytes; larger events are fetched by (user, seq). */
const INLINE_LIMIT = 7000;
/** Most events one catch-up answers; further behind than this, the client refetches everything. */
export const CATCH_UP_LIMIT = 500;

export interface UserEvent {
  userId: string;
  event: RealtimeEvent;
}

/**
 * What travels through NOTIFY: stored events (`e`), an ephemeral frame for some users (`f`), an
 * admin_activity row announced by its trigger (`a`, for admins' sockets), or sessions that ended
 * (`x`: their users, whose cached sessions are dropped, and the sessions, whose sockets close).
 */
export type BusPayload =
  | { e: { u: string; s: number; v?: RealtimeEvent }[] }
  | { f: ServerFrame; u: string[] }
  | { a: AnnouncedActivity }
  | { x: { u: string[]; s: string[] } };

/**
 * Stores events for their users inside the caller's transaction and announces them with NOTIFY,
 * which Postgres delivers only when the transaction commits (and never when it rolls back). Each
 * user's cursor row is locked until commit, so the numbers follow commit order; users are locked in
 * id order so two transactions never wait on each other crosswise. Call it last in a transaction.
 */
export async function appendEvents(tx: Tx, events: UserEvent[]): Promise<{ userId: string; seq: number }[]> {
  if (events.length === 0) return [];
  // The usual case (a few small events) takes one round trip; large ones go in numbered chunks.
  const estimate = Buffer.byteLength(
    JSON.stringify({ e: events.map((e) => ({ u: e.userId, s: 2_147_483_647, v: e.event })) }),
  );
  if (estimate * 1.15 < INLINE_LIMIT) return appendSmallEvents(tx, events);
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.userId, (counts.get(e.userId) ?? 0) + 1);
  // One upsert for all users, in id order: Postgres takes the row locks in that order.
  const cursors = await tx
    .insert(realtimeCursors)
    .values([...counts.keys()].sort().map((userId) => ({ user_id: userId, last_seq: counts.get(userId)! })))
    .onConflictDoUpdate({
      target: realtimeCursors.user_id,
      set: { last_seq: sql`${realtimeCursors.last_seq} + excluded.last_seq` },
    })
    .returning({ user_id: realtimeCursors.user_id, last_seq: realtimeCursors.last_seq });
  const next = new Map(cursors.map((c) => [c.user_id, c.last_seq - counts.get(c.user_id)! + 1]));
  const numbered = events.map((e) => {
    const seq = next.get(e.userId)!;
    next.set(e.userId, seq + 1);
    return { ...e, seq };
  });

  // NOTIFY payloads in chunks that fit; events too large to inline are fetched by the receiver.
  const payloads: string[] = [];
  let chunk: { u: string; s: number; v?: RealtimeEvent }[] = [];
  let size = 10;
  const flush = () => {
    if (chunk.length > 0) payloads.push(JSON.stringify({ e: chunk }));
    chunk = [];
    size = 10;
  };
  for (const e of numbered) {
    const inline = { u: e.userId, s: e.seq, v: e.event };
    const inlineSize = Buffer.byteLength(JSON.stringify(inline));
    const item = inlineSize < INLINE_LIMIT ? inline : { u: e.userId, s: e.seq };
    const itemSize = item === inline ? inlineSize : 60 + Buffer.byteLength(e.userId);
    if (size + itemSize > INLINE_LIMIT) flush();
    chunk.push(item);
    size += itemSize + 1;
  }
  flush();

  // The events and their announcement in one statement (the NOTIFY is delivered at commit).
  const rows = JSON.stringify(
    numbered.map((e) => ({ user_id: e.userId, seq: e.seq, type: e.event.type, data: e.event })),
  );
  await tx.execute(sql`
    with stored as (
      insert into ${realtimeEvents} (user_id, seq, type, data)
      select user_id, seq, type, data
      from jsonb_to_recordset(${rows}::jsonb) as x(user_id text, seq integer, type text, data jsonb)
      returning 1
    )
    select ${sql.join(
      payloads.map((p) => sql`pg_notify(${REALTIME_CHANNEL}, ${p})`),
      sql`, `,
    )}, (select count(*) from stored) as stored`);
  return numbered.map((e) => ({ userId: e.userId, seq: e.seq }));
}

/**
 * `appendEvents` in one statement: number the events under the users' cursor rows (upserted in id
 * order), store them and NOTIFY them inline.
 */
async function appendSmallEvents(tx: Tx, events: UserEvent[]): Promise<{ userId: string; seq: number }[]> {
  const input = JSON.stringify(
    events.map((e, i) => ({ i, user_id: e.userId, type: e.event.type, data: e.event })),
  );
  const result = await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as x(i integer, user_id text, type text, data jsonb)
    ),
    ${storeEventsSql()}
    select
      (select pg_notify(${REALTIME_CHANNEL},
        json_build_object('e', json_agg(json_build_object('u', user_id, 's', seq, 'v', data) order by i))::text)
       from events) as notified,
      (select json_agg(json_build_object('u', user_id, 's', seq) order by i) from events) as seqs,
      (select count(*) from stored_events) as stored`);
  const raw = rowsOf(result)[0]!.seqs;
  const seqs = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { u: string; s: number }[];
  return seqs.map((x) => ({ userId: x.u, seq: x.s }));
}

/**
 * The common tables that store events in one statement, after a common table `input` (i, user_id,
 * type, data; `i` orders them): `counts` per user, `cursors` (the users' cursor rows upserted in id
 * order, so their locks are taken in that order and held until commit), `events` (input with its
 * `seq`, numbered in `i` order under each user's cursor) and `stored_events` (the inserted rows).
 * The caller announces `events` (NOTIFY) and selects `count(*) from stored_events` so the insert runs.
 */
export function storeEventsSql(): SQL {
  return sql`counts as (select user_id, count(*)::integer as n from input group by user_id),
    cursors as (
      insert into ${realtimeCursors} (user_id, last_seq)
      select user_id, n from counts order by user_id
      on conflict (user_id) do update set last_seq = ${realtimeCursors}.last_seq + excluded.last_seq
      returning user_id, last_seq
    ),
    events as (
      select input.i, input.user_id, input.type, input.data,
        (cursors.last_seq - counts.n + row_number() over (partition by input.user_id order by input.i))::integer as seq
      from input
      join cursors on cursors.user_id = input.user_id
      join counts on counts.user_id = input.user_id
    ),
    stored_events as (
      insert into ${realtimeEvents} (user_id, seq, type, data)
      select user_id, seq, type, data from events
      returning 1
    )`;
}

/**
 * Sends a frame that is not stored (typing) to every process's sockets of these users. A
 * `signed_out` frame (an admin ended the account's sessions) also drops the users' cached sessions:
 * here at once, and in every process when the frame arrives (after commit).
 */
export async function publishEphemeral(db: Db | Tx, userIds: string[], frame: ServerFrame): Promise<void> {
  if (frame.type === 'signed_out') forgetCachedSessions(userIds);
  const payload: BusPayload = { f: frame, u: userIds };
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(payload)})`);
}

/**
 * Sessions ended (Better Auth deleted them: sign-out, sign out everywhere, a password change or
 * reset): their users' cached sessions are dropped here at once and in every process when the
 * announcement arrives, and the sockets opened with them close.
 */
export async function announceSessionsEnded(
  db: Db | Tx,
  ended: { userId: string; sessionId: string }[],
): Promise<void> {
  if (ended.length === 0) return;
  const users = [...new Set(ended.map((e) => e.userId))];
  forgetCachedSessions(users);
  const payload: BusPayload = { x: { u: users, s: ended.map((e) => e.sessionId) } };
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(payload)})`);
}

/** A user's newest event number (0 before the first). */
export async function currentSeq(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ last_seq: realtimeCursors.last_seq })
    .from(realtimeCursors)
    .where(eq(realtimeCursors.user_id, userId));
  return row?.last_seq ?? 0;
}

/**
 * The events after `since`, in order. `reset` when some after `since` are no longer kept (pruned)
 * or more than CATCH_UP_LIMIT are missing: the client then refetches its data and continues from `seq`.
 */
export async function eventsSince(
  db: Db,
  userId: string,
  since: number,
): Promise<{ events: { seq: number; event: RealtimeEvent }[]; seq: number; reset: boolean }> {
  const seq = await currentSeq(db, userId);
  if (since >= seq) return { events: [], seq, reset: false };
  const rows = await db
    .select({ seq: realtimeEvents.seq, data: realtimeEvents.data })
    .from(realtimeEvents)
    .where(
      and(eq(realtimeEvents.user_id, userId), gt(realtimeEvents.seq, since), lte(realtimeEvents.seq, seq)),
    )
    .orderBy(asc(realtimeEvents.seq))
    .limit(CATCH_UP_LIMIT);
  const complete =
    rows.length > 0 && rows[0]!.seq === since + 1 && rows.length === Math.min(seq - since, CATCH_UP_LIMIT);
  if (!complete || seq - since > CATCH_UP_LIMIT) return { events: [], seq, reset: true };
  return { events: rows.map((r) => ({ seq: r.seq, event: r.data as RealtimeEvent })), seq, reset: false };
}

/** Drops events older than `days` (the realtime-prune job). */
export async function pruneEvents(db: Db, days = 7): Promise<number> {
  const rows = await db
    .delete(realtimeEvents)
    .where(sql`${realtimeEvents.created_at} < now() - make_interval(days => ${days})`)
    .returning({ seq: realtimeEvents.seq });
  return rows.length;
}
