import {
  type ChannelChoice,
  type Conversation,
  type ConversationContextInput,
  type ConversationContextType,
  channelsFor,
  isProviderLike,
  MESSAGING_TEXT,
  type Message,
  type MessageContext,
  messageBodyProblem,
  normalizeGhanaPhone,
  shortName,
  startProblem,
} from '@adwuma/shared';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, type Db, rowsOf, type Tx } from '../../db/client.ts';
import {
  authUsers,
  bookings,
  conversationMembers,
  conversations,
  jobBids,
  jobs,
  messages,
  notificationPreferences,
  notifications,
  profiles,
  providerSearch,
  pushSubscriptions,
  quoteRequests,
  userBlocks,
} from '../../db/schema.ts';
import { roleOf } from '../../kernel/http/session.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { countInWindowSql } from '../../lib/limits/index.ts';
import type { Deps } from '../../types.ts';
import { sendNoticeMails } from '../notifications/index.ts';
import { appendEvents, REALTIME_CHANNEL, storeEventsSql } from '../realtime/index.ts';
import { refreshResponseTimeSoon } from './response-time.ts';
import { checkSendLimit, refuseOverSendLimit, SEND_RULE, sendLimitKey } from './send-limit.ts';

export type MessageRow = typeof messages.$inferSelect;
type ConversationRow = typeof conversations.$inferSelect;

export const PREVIEW_LENGTH = 140;

/* ------------------------------------------------------------------ views */

export const attachmentUrl = (conversationId: string, messageId: string) =>
  `/api/conversations/${conversationId}/attachments/${messageId}`;

/** A message as both members see it; `contexts` holds the titles of linked jobs, bids, ... by id. */
export function toMessage(row: MessageRow, contexts: Map<string, MessageContext>): Message {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    seq: row.seq,
    sender_id: row.sender_id,
    body: row.body,
    client_id: row.client_id,
    attachment: row.attachment_key
      ? {
          url: attachmentUrl(row.conversation_id, row.id),
          content_type: row.attachment_type ?? 'image/webp',
          width: row.attachment_width,
          height: row.attachment_height,
        }
      : null,
    context: row.context_id ? (contexts.get(row.context_id) ?? null) : null,
    created_at: row.created_at.toISOString(),
  };
}

interface ContextFacts extends MessageContext {
  customerId: string;
  /** The provider side: null for a job (any provider may ask about an open job). */
  providerId: string | null;
  /** A job still taking bids (providers may ask about it). */
  open: boolean;
}

const dayLabel = (date: string | null) =>
  date ? new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' }) : null;

/** Loads the facts of one linked job, bid, quote request or booking (null when it does not exist). */
export async function loadContext(
  db: Db | Tx,
  type: ConversationContextType,
  id: string,
): Promise<ContextFacts | null> {
  if (type === 'job') {
    const [row] = await db
      .select({ id: jobs.id, title: jobs.title, customer_id: jobs.customer_id, status: jobs.status })
      .from(jobs)
      .where(eq(jobs.id, id));
    if (!row) return null;
    return {
      type,
      id,
      title: row.title,
      link: `/task/${row.id}`,
      customerId: row.customer_id,
      providerId: null,
      open: row.status === 'open',
    };
  }
  if (type === 'bid') {
    const [row] = await db
      .select({
        job_id: jobs.id,
        title: jobs.title,
        customer_id: jobs.customer_id,
        provider_id: jobBids.provider_id,
      })
      .from(jobBids)
      .innerJoin(jobs, eq(jobs.id, jobBids.job_id))
      .where(eq(jobBids.id, id));
    if (!row) return null;
    return {
      type,
      id,
      title: `Bid on “${row.title}”`,
      link: `/task/${row.job_id}`,
      customerId: row.customer_id,
      providerId: row.provider_id,
      open: false,
    };
  }
  if (type === 'quote') {
    const [row] = await db
      .select({
        title: quoteRequests.service_title,
        customer_id: quoteRequests.customer_id,
        provider_id: quoteRequests.provider_id,
      })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, id));
    if (!row) return null;
    return {
      type,
      id,
      title: `Quote request: ${row.title}`,
      link: '/service-requests',
      customerId: row.customer_id,
      providerId: row.provider_id,
      open: false,
    };
  }
  const [row] = await db
    .select({
      title: bookings.title,
      date: bookings.scheduled_date,
      customer_id: bookings.customer_id,
      provider_id: bookings.provider_id,
    })
    .from(bookings)
    .where(eq(bookings.id, id));
  if (!row) return null;
  const day = dayLabel(row.date);
  return {
    type,
    id,
    title: day ? `Booking: ${row.title} (${day})` : `Booking: ${row.title}`,
    link: `/bookings/${id}`,
    customerId: row.customer_id,
    providerId: row.provider_id,
    open: false,
  };
}

/**
 * Whether a context links this customer and provider: their booking, quote request or bid, or the
 * customer's job (open, so any provider may ask about it; closed, only one who bid on it).
 */
async function contextShared(db: Db | Tx, facts: ContextFacts, customerId: string, providerId: string) {
  if (facts.customerId !== customerId) return false;
  if (facts.providerId) return facts.providerId === providerId;
  if (facts.open) return true;
  const [bid] = await db
    .select({ id: jobBids.id })
    .from(jobBids)
    .where(and(eq(jobBids.job_id, facts.id), eq(jobBids.provider_id, providerId)));
  return Boolean(bid);
}

/** The titles of the contexts some messages link to. */
export async function loadContexts(db: Db | Tx, rows: MessageRow[]): Promise<Map<string, MessageContext>> {
  const map = new Map<string, MessageContext>();
  const wanted = new Map<string, ConversationContextType>();
  for (const r of rows) if (r.context_id && r.context_type) wanted.set(r.context_id, r.context_type);
  for (const [id, type] of wanted) {
    const facts = await loadContext(db, type, id);
    if (facts) map.set(id, { type, id, title: facts.title, link: facts.link });
  }
  return map;
}

interface PartyRow {
  id: string;
  full_name: string | null;
  avatar_url: string | null;
  role: string;
  phone: string | null;
  whatsapp_enabled: boolean;
  slug: string | null;
  listed: boolean | null;
}

export async function loadPartyRows(db: Db | Tx, ids: string[]): Promise<Map<string, PartyRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: profiles.id,
      full_name: profiles.full_name,
      avatar_url: profiles.avatar_url,
      role: profiles.role,
      phone: profiles.phone,
      whatsapp_enabled: profiles.whatsapp_enabled,
      slug: providerSearch.slug,
      listed: providerSearch.listed,
    })
    .from(profiles)
    .leftJoin(providerSearch, eq(providerSearch.provider_id, profiles.id))
    .where(inArray(profiles.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The other side of a conversation. A provider shows their full name and profile link; a customer
 * shows as "Ama M." to the provider (as on public reviews). WhatsApp only when the provider enabled it.
 */
export function toParty(row: PartyRow | undefined, id: string, role: 'customer' | 'provider') {
  const whatsapp =
    role === 'provider' && row?.whatsapp_enabled && row.phone ? normalizeGhanaPhone(row.phone) : null;
  return {
    id,
    role,
    name:
      role === 'provider' ? row?.full_name?.trim() || 'Provider' : shortName(row?.full_name) || 'Customer',
    avatar_url: row?.avatar_url ?? null,
    slug: role === 'provider' && row?.listed ? (row.slug ?? null) : null,
    whatsapp_url: whatsapp ? `https://wa.me/${whatsapp.slice(1)}` : null,
  };
}

/** The last message of each conversation (by its last_seq). */
async function lastMessages(db: Db | Tx, rows: ConversationRow[]): Promise<MessageRow[]> {
  const pairs = rows.filter((r) => r.last_seq > 0).map((r) => sql`(${r.id}::uuid, ${r.last_seq}::int)`);
  if (pairs.length === 0) return [];
  return db
    .select()
    .from(messages)
    .where(sql`(${messages.conversation_id}, ${messages.seq}) in (${sql.join(pairs, sql`, `)})`);
}

/** Builds the list items of some conversations for `userId`, in the order given. */
export async function toConversations(
  db: Db | Tx,
  userId: string,
  rows: ConversationRow[],
): Promise<Conversation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const others = rows.map((r) => (r.customer_id === userId ? r.provider_id : r.customer_id));
  const [members, lasts, parties, blocks] = await Promise.all([
    db.select().from(conversationMembers).where(inArray(conversationMembers.conversation_id, ids)),
    lastMessages(db, rows),
    loadPartyRows(db, others),
    db
      .select()
      .from(userBlocks)
      .where(
        or(
          and(eq(userBlocks.blocker_id, userId), inArray(userBlocks.blocked_id, others)),
          and(eq(userBlocks.blocked_id, userId), inArray(userBlocks.blocker_id, others)),
        ),
      ),
  ]);
  const unreadRows = await db
    .select({
      conversation_id: messages.conversation_id,
      n: sql<number>`count(*)::int`,
    })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversation_id, messages.conversation_id),
        eq(conversationMembers.user_id, userId),
      ),
    )
    .where(
      and(
        inArray(messages.conversation_id, ids),
        sql`${messages.seq} > ${conversationMembers.last_read_seq}`,
        sql`${messages.sender_id} <> ${userId}`,
      ),
    )
    .groupBy(messages.conversation_id);
  const unread = new Map(unreadRows.map((r) => [r.conversation_id, r.n]));
  const lastBy = new Map(lasts.map((m) => [m.conversation_id, m]));
  return rows.map((r, i) => {
    const other = others[i]!;
    const myRole = r.customer_id === userId ? 'customer' : 'provider';
    const otherMember = members.find((m) => m.conversation_id === r.id && m.user_id === other);
    const last = lastBy.get(r.id);
    const updated = r.last_message_at ?? r.created_at;
    return {
      id: r.id,
      my_role: myRole,
      other: toParty(parties.get(other), other, myRole === 'customer' ? 'provider' : 'customer'),
      last_message: last
        ? {
            seq: last.seq,
            sender_is_me: last.sender_id === userId,
            preview: last.body.slice(0, PREVIEW_LENGTH),
            has_attachment: Boolean(last.attachment_key),
            created_at: last.created_at.toISOString(),
          }
        : null,
      last_seq: r.last_seq,
      unread: unread.get(r.id) ?? 0,
      other_read_seq: otherMember?.last_read_seq ?? 0,
      blocked_by_me: blocks.some((b) => b.blocker_id === userId && b.blocked_id === other),
      blocked_me: blocks.some((b) => b.blocker_id === other && b.blocked_id === userId),
      created_at: r.created_at.toISOString(),
      updated_at: updated.toISOString(),
    };
  });
}

/* ------------------------------------------------------------ membership */

/** The conversation if `userId` is in it; 404 when it does not exist or they are not a member. */
export async function memberConversation(
  db: Db | Tx,
  conversationId: string,
  userId: string,
): Promise<ConversationRow> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  // Outsiders learn nothing about whether it exists.
  if (!row || (row.customer_id !== userId && row.provider_id !== userId))
    throw notFound(MESSAGING_TEXT.noConversation);
  return row;
}

async function blockFacts(db: Db | Tx, senderId: string, recipientId: string) {
  const rows = await db
    .select()
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blocker_id, senderId), eq(userBlocks.blocked_id, recipientId)),
        and(eq(userBlocks.blocker_id, recipientId), eq(userBlocks.blocked_id, senderId)),
      ),
    );
  return {
    blockedBySender: rows.some((b) => b.blocker_id === senderId),
    blockedByRecipient: rows.some((b) => b.blocker_id === recipientId),
  };
}

const refuse = (message: string) => new AppError(403, 'FORBIDDEN', message);

/**
 * Starts (or finds) the conversation between the caller and `recipientId`. The provider side is the
 * recipient when they are a provider; from a context, the context says who is who.
 */
export async function startConversation(
  db: Db,
  senderId: string,
  recipientId: string,
  context: ConversationContextInput | undefined,
): Promise<ConversationRow> {
  const parties = await loadPartyRows(db, [senderId, recipientId]);
  const recipient = parties.get(recipientId);
  if (!recipient) throw notFound('No such user.');
  let customerId: string;
  let providerId: string;
  let shared: boolean | null = null;
  if (context) {
    const facts = await loadContext(db, context.type, context.id);
    if (!facts) throw notFound('No such job, bid, quote request or booking.');
    customerId = facts.customerId === senderId ? senderId : recipientId;
    providerId = customerId === senderId ? recipientId : senderId;
    shared = await contextShared(db, facts, customerId, providerId);
  } else {
    customerId = senderId;
    providerId = recipientId;
  }
  const problem = startProblem({
    senderId,
    recipientId,
    recipientIsProvider: isProviderLike(await roleOf(db, recipientId)),
    contextShared: shared,
    ...(await blockFacts(db, senderId, recipientId)),
  });
  if (problem) throw refuse(problem);

  // An existing conversation between the two (either way round) is reused.
  const [existing] = await db
    .select()
    .from(conversations)
    .where(
      or(
        and(eq(conversations.customer_id, customerId), eq(conversations.provider_id, providerId)),
        and(eq(conversations.customer_id, providerId), eq(conversations.provider_id, customerId)),
      ),
    );
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({ customer_id: customerId, provider_id: providerId })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const [again] = await tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.customer_id, customerId), eq(conversations.provider_id, providerId)));
      return again!;
    }
    await tx.insert(conversationMembers).values([
      { conversation_id: created.id, user_id: customerId, role: 'customer' },
      { conversation_id: created.id, user_id: providerId, role: 'provider' },
    ]);
    return created;
  });
}

/* ------------------------------------------------------------------ send */

export interface SendInput {
  body: string;
  clientId?: string | undefined;
  context?: ConversationContextInput | undefined;
  attachment?: { key: string; contentType: string; width: number | null; height: number | null } | undefined;
  /** Count the send limit here (else the caller did): with the facts, when the limits are in the database. */
  countLimit?: boolean;
}

/**
 * Adds a message: checks membership, blocks and the text, numbers it under the conversation's row
 * lock, marks it read for the sender, and stores the realtime events of both members (and a notice
 * for the recipient when it is the first unread one) at once. A retried send with the same
 * client_id answers the first message.
 *
 * Two round trips (issue 20, decision 010): one statement that reads the facts (membership, blocks,
 * an earlier send with this client_id, the sender's name, the recipient's notice choices) and counts
 * the send limit (`countLimit`), and one that writes everything (see writeMessage); each commits on
 * its own, so no BEGIN and COMMIT either, and only the second waits for the disk.
 */
export async function sendMessage(
  deps: Deps,
  log: FastifyBaseLogger,
  conversationId: string,
  senderId: string,
  input: SendInput,
): Promise<{ message: Message; created: boolean }> {
  const { db } = deps.database;
  const problem = messageBodyProblem(input.body, Boolean(input.attachment));
  if (problem) throw new AppError(400, 'VALIDATION_ERROR', problem, { fieldErrors: { body: [problem] } });
  const body = input.body.trim();
  // The send limit, counted with the facts when it lives in the database (else in Redis, first).
  const countHere = input.countLimit === true && deps.limits.kind === 'database';
  if (input.countLimit && !countHere) await checkSendLimit(deps.limits, senderId);
  // Membership, blocks both ways, an earlier send with this client_id and what the notice needs
  // (the sender's name, the recipient's choices for message notices, whether they have a push
  // subscription), in one query; the row is there even for a conversation that does not exist.
  const factsQuery = sql`
    select c.customer_id, c.provider_id,
      exists (select 1 from ${userBlocks} b where b.blocker_id = ${senderId} and b.blocked_id = other.id)
        as blocked_by_sender,
      exists (select 1 from ${userBlocks} b where b.blocked_id = ${senderId} and b.blocker_id = other.id)
        as blocked_by_recipient,
      (select m.id from ${messages} m where m.sender_id = ${senderId} and m.client_id = ${input.clientId ?? null})
        as previous_id,
      (select p.full_name from ${profiles} p where p.id = ${senderId}) as sender_name,
      (select json_build_object('in_app', np.in_app, 'email', np.email, 'push', np.push,
          'sms', np.sms and exists (select 1 from ${authUsers} au where au.id = other.id
            and au.phone_number_verified and au.phone_number is not null))
        from ${notificationPreferences} np where np.user_id = other.id and np.kind = 'message') as notice_choice,
      exists (select 1 from ${pushSubscriptions} ps where ps.user_id = other.id) as recipient_pushes
    from (select 1) as one
    left join ${conversations} c on c.id = ${conversationId}
    left join lateral (select case when c.customer_id = ${senderId} then c.provider_id
      else c.customer_id end as id) as other on true`;
  // The limit's window as lib/limits counts it (the same row, so both agree),
  // committed without waiting for the disk: a count lost in a crash costs nothing, and the send
  // keeps a single wait for the disk (the message's).
  const [facts] = (await preparedRows(
    deps.database,
    countHere ? 'messaging_send_facts_counted' : 'messaging_send_facts',
    countHere
      ? sql`
    with counted as (${countInWindowSql(sendLimitKey(senderId), SEND_RULE.windowSeconds)})
    select facts.*, counted.count as limit_count, counted.reset_ms as limit_reset_ms,
      set_config('synchronous_commit', 'off', true) as async_commit
    from (${factsQuery}) as facts, counted`
      : factsQuery,
  )) as unknown as SendFacts[];
  if (countHere) refuseOverSendLimit(Number(facts!.limit_count), Number(facts!.limit_reset_ms));
  // Outsiders learn nothing about whether it exists.
  if (!facts?.customer_id || (facts.customer_id !== senderId && facts.provider_id !== senderId)) {
    throw notFound(MESSAGING_TEXT.noConversation);
  }
  const conversation = { customer_id: facts.customer_id, provider_id: facts.provider_id! };
  const recipientId =
    conversation.customer_id === senderId ? conversation.provider_id : conversation.customer_id;
  if (facts.previous_id) {
    const [previous] = await db.select().from(messages).where(eq(messages.id, facts.previous_id));
    if (previous!.conversation_id !== conversationId) throw notFound(MESSAGING_TEXT.noConversation);
    return { message: toMessage(previous!, await loadContexts(db, [previous!])), created: false };
  }
  if (facts.blocked_by_sender) throw refuse(MESSAGING_TEXT.blockedByYou);
  if (facts.blocked_by_recipient) throw refuse(MESSAGING_TEXT.blocked);

  let context: MessageContext | null = null;
  if (input.context) {
    const facts = await loadContext(db, input.context.type, input.context.id);
    if (!facts || !(await contextShared(db, facts, conversation.customer_id, conversation.provider_id))) {
      throw refuse(MESSAGING_TEXT.contextNotShared);
    }
    context = { type: facts.type, id: facts.id, title: facts.title, link: facts.link };
  }
  const senderRole = conversation.customer_id === senderId ? 'customer' : 'provider';
  const choice =
    typeof facts.notice_choice === 'string'
      ? (JSON.parse(facts.notice_choice) as ChannelChoice)
      : (facts.notice_choice ?? undefined);
  // As insertNotices would store it: the recipient's choice for 'message', never mailed one by one
  // (the message-mail job batches them); SMS (issue 21) when chosen with a verified phone (the
  // worker sends it only while the recipient is offline).
  const channels = channelsFor(choice, false, choice?.sms === true, 'message');
  const notice: MessageNotice = {
    title: `New message from ${toParty({ full_name: facts.sender_name } as PartyRow, senderId, senderRole).name}`,
    body: body ? body.slice(0, PREVIEW_LENGTH) : 'Sent you a photo',
    link: `/messaging?c=${conversationId}`,
    ...channels,
  };

  let written: Awaited<ReturnType<typeof writeMessage>>;
  try {
    written = await writeMessage(deps.database, {
      conversationId,
      senderId,
      recipientId,
      body,
      clientId: input.clientId ?? null,
      attachment: input.attachment ?? null,
      context,
      notice,
    });
  } catch (error) {
    // The same client_id sent twice at once: the second answers the first message.
    if (!input.clientId || !isUniqueViolation(error)) throw error;
    const [first] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.sender_id, senderId), eq(messages.client_id, input.clientId)));
    if (!first || first.conversation_id !== conversationId) throw notFound(MESSAGING_TEXT.noConversation);
    return { message: toMessage(first, await loadContexts(db, [first])), created: false };
  }
  // A push job only for someone with a push subscription (the worker would find nothing to send).
  if (written.noticeId && ((notice.push && facts.recipient_pushes) || notice.sms)) {
    await sendNoticeMails(deps, [written.noticeId], log);
  }
  if (senderId === conversation.provider_id) {
    // "Usually replies within …" on the profile; never fails the send.
    refreshResponseTimeSoon(db, senderId)?.catch((error: unknown) =>
      log.error({ err: error, providerId: senderId }, 'could not refresh the response time'),
    );
  }
  return { message: written.message, created: true };
}

interface SendFacts {
  /** Null when the conversation does not exist. */
  customer_id: string | null;
  provider_id: string | null;
  blocked_by_sender: boolean;
  blocked_by_recipient: boolean;
  previous_id: string | null;
  sender_name: string | null;
  notice_choice: ChannelChoice | string | null;
  recipient_pushes: boolean;
  limit_count?: number | string;
  limit_reset_ms?: number | string;
}

const dialect = new PgDialect();

/**
 * Runs a statement of the send path. On a Postgres server it is a named prepared statement: parsed
 * and planned once per connection instead of on every message (about 0.8 ms of database CPU each
 * for these two). The text must not vary between calls, only the parameters.
 */
async function preparedRows(
  database: Database,
  name: string,
  query: SQL,
): Promise<Record<string, unknown>[]> {
  if (!database.pool) return rowsOf(await database.db.execute(query));
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await database.pool.query({ name, text, values: params });
  return result.rows;
}

interface MessageNotice extends ChannelChoice {
  title: string;
  body: string;
  link: string;
}

/** NOTIFY payloads must stay under 8,000 bytes: over this, the payload names the events only. */
const NOTIFY_INLINE_LIMIT = 7000;
/** A timestamp as JavaScript's toISOString writes it (milliseconds, truncated like node-postgres). */
const isoSql = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The write of a send in one statement, atomic on its own: number the message under the
 * conversation's row lock, store it, mark it read for the sender, store the recipient's notice when
 * it is their first unread message (as insertNotices would: one bell entry for a burst), then what
 * appendEvents does for both members' events (cursor rows upserted in user id order, events stored,
 * NOTIFY sent at commit; over the NOTIFY size only the event numbers, which the receiver fetches).
 *
 * Locks follow the order of every other writer (the conversation row, the sender's member row, then
 * the event cursors in id order): each step reads the one before it, which makes Postgres run them in
 * that order. The events carry the message exactly as toMessage would build it (the answer is the
 * same JSON).
 */
async function writeMessage(
  database: Database,
  w: {
    conversationId: string;
    senderId: string;
    recipientId: string;
    body: string;
    clientId: string | null;
    attachment: SendInput['attachment'] | null;
    context: MessageContext | null;
    notice: MessageNotice;
  },
): Promise<{ message: Message; noticeId: string | null }> {
  const rows = await preparedRows(
    database,
    'messaging_send_write',
    sql`
    with numbered as (
      update ${conversations} set last_seq = last_seq + 1, last_message_at = now()
      where id = ${w.conversationId} returning last_seq
    ),
    stored as (
      insert into ${messages} (conversation_id, seq, sender_id, body, client_id, attachment_key,
        attachment_type, attachment_width, attachment_height, context_type, context_id)
      select ${w.conversationId}::uuid, last_seq, ${w.senderId}, ${w.body}, ${w.clientId},
        ${w.attachment?.key ?? null}, ${w.attachment?.contentType ?? null},
        ${w.attachment?.width ?? null}::int, ${w.attachment?.height ?? null}::int,
        ${w.context?.type ?? null}, ${w.context?.id ?? null}::uuid
      from numbered
      returning *
    ),
    sender_read as (
      update ${conversationMembers} set last_read_seq = numbered.last_seq, read_at = now()
      from numbered
      where conversation_id = ${w.conversationId} and user_id = ${w.senderId}
      returning 1
    ),
    message as (
      select m.seq,
        json_build_object(
          'id', m.id,
          'conversation_id', m.conversation_id,
          'seq', m.seq,
          'sender_id', m.sender_id,
          'body', m.body,
          'client_id', m.client_id,
          'attachment', case when m.attachment_key is null then null else json_build_object(
            'url', '/api/conversations/' || m.conversation_id || '/attachments/' || m.id,
            'content_type', coalesce(m.attachment_type, 'image/webp'),
            'width', m.attachment_width,
            'height', m.attachment_height) end,
          'context', ${w.context ? JSON.stringify(w.context) : null}::json,
          'created_at', ${isoSql(sql`m.created_at`)}
        ) as json,
        (m.seq = 1 or coalesce((select last_read_seq from ${conversationMembers}
          where conversation_id = ${w.conversationId} and user_id = ${w.recipientId}), 0) >= m.seq - 1)
          as first_unread,
        (select count(*) from sender_read) as sender_read
      from stored m
    ),
    notice as (
      insert into ${notifications} (user_id, kind, title, body, link, in_app, email, push, sms, read_at)
      select ${w.recipientId}, 'message', ${w.notice.title}, ${w.notice.body}, ${w.notice.link},
        ${w.notice.in_app}, ${w.notice.email}, ${w.notice.push}, ${w.notice.sms},
        case when ${w.notice.in_app} then null else now() end
      from message where first_unread
      returning id, kind, title, body, link, created_at, in_app
    ),
    input as (
      select 0 as i, ${w.senderId}::text as user_id, 'message'::text as type,
        jsonb_build_object('type', 'message', 'message', message.json) as data
      from message
      union all
      select 1, ${w.recipientId}::text, 'message', jsonb_build_object('type', 'message', 'message', message.json)
      from message
      union all
      select 2, ${w.recipientId}::text, 'notification', jsonb_build_object('type', 'notification',
        'notification', json_build_object('id', n.id, 'kind', n.kind, 'title', n.title, 'body', n.body,
          'link', n.link, 'read_at', null, 'created_at', ${isoSql(sql`n.created_at`)}))
      from notice n where n.in_app
    ),
    ${storeEventsSql()},
    payload as (
      select json_build_object('e', json_agg(json_build_object('u', user_id, 's', seq, 'v', data) order by i))::text as inline,
        json_build_object('e', json_agg(json_build_object('u', user_id, 's', seq) order by i))::text as bare
      from events
      having count(*) > 0
    )
    select
      (select json from message) as message,
      (select id from notice) as notice_id,
      (select pg_notify(${REALTIME_CHANNEL},
        case when octet_length(inline) < ${NOTIFY_INLINE_LIMIT} then inline else bare end) from payload) as notified,
      (select count(*) from stored_events) as stored`,
  );
  const row = rows[0]!;
  // The conversation was deleted since the facts were read.
  if (!row.message) throw notFound(MESSAGING_TEXT.noConversation);
  const message = (typeof row.message === 'string' ? JSON.parse(row.message) : row.message) as Message;
  return { message, noticeId: (row.notice_id as string | null) ?? null };
}

/* ------------------------------------------------------------------ read */

/**
 * Marks the conversation read up to `seq` (never backwards, never past the last message) and tells
 * both members (the other side shows the read receipt).
 */
export async function markRead(db: Db, conversationId: string, userId: string, seq: number): Promise<number> {
  const conversation = await memberConversation(db, conversationId, userId);
  const upTo = Math.min(seq, conversation.last_seq);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(conversationMembers)
      .set({ last_read_seq: upTo, read_at: sql`now()` })
      .where(
        and(
          eq(conversationMembers.conversation_id, conversationId),
          eq(conversationMembers.user_id, userId),
          sql`${conversationMembers.last_read_seq} < ${upTo}`,
        ),
      )
      .returning({ last_read_seq: conversationMembers.last_read_seq });
    if (!updated) {
      const [current] = await tx
        .select({ last_read_seq: conversationMembers.last_read_seq })
        .from(conversationMembers)
        .where(
          and(
            eq(conversationMembers.conversation_id, conversationId),
            eq(conversationMembers.user_id, userId),
          ),
        );
      return current?.last_read_seq ?? 0;
    }
    const otherId = conversation.customer_id === userId ? conversation.provider_id : conversation.customer_id;
    const event = { type: 'read' as const, conversation_id: conversationId, reader_id: userId, seq: upTo };
    await appendEvents(tx, [
      { userId, event },
      { userId: otherId, event },
    ]);
    return upTo;
  });
}

/**
 * Checks the caller may see a thread's image (a member, or an admin reading a dispute's
 * conversation); answers its storage key and type.
 */
export async function attachmentOf(
  db: Db,
  conversationId: string,
  messageId: string,
  userId: string,
  admin = false,
) {
  if (!admin) await memberConversation(db, conversationId, userId);
  const [row] = await db
    .select({ key: messages.attachment_key, type: messages.attachment_type })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversation_id, conversationId)));
  if (!row?.key) throw notFound('No such photo.');
  return { key: row.key, contentType: row.type ?? 'image/webp' };
}
