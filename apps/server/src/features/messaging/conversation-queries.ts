import { CONVERSATIONS_PAGE, MESSAGES_PAGE } from '@adwuma/shared';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversationMembers, conversations, messages } from '../../db/schema.ts';
import { loadContexts, memberConversation, toConversations, toMessage } from './service.ts';

const updatedAt = sql`coalesce(${conversations.last_message_at}, ${conversations.created_at})`;

/** The user's conversations with at least one message, latest first; a page before `before`. */
export async function listConversations(db: Db, userId: string, before: string | undefined) {
  const rows = await db
    .select({ c: conversations })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversation_id))
    .where(
      and(
        eq(conversationMembers.user_id, userId),
        sql`${conversations.last_seq} > 0`,
        before ? lt(updatedAt, new Date(before)) : undefined,
      ),
    )
    .orderBy(desc(updatedAt), desc(conversations.id))
    .limit(CONVERSATIONS_PAGE + 1);
  const page = rows.slice(0, CONVERSATIONS_PAGE).map((r) => r.c);
  const items = await toConversations(db, userId, page);
  return {
    items,
    next_before: rows.length > CONVERSATIONS_PAGE ? (items.at(-1)?.updated_at ?? null) : null,
  };
}

/** A conversation of the user's and a page of its messages (oldest first), before `beforeSeq`. */
export async function readThread(
  db: Db,
  userId: string,
  conversationId: string,
  beforeSeq: number | undefined,
) {
  const row = await memberConversation(db, conversationId, userId);
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversation_id, row.id), beforeSeq ? lt(messages.seq, beforeSeq) : undefined))
    .orderBy(desc(messages.seq))
    .limit(MESSAGES_PAGE + 1);
  const page = rows.slice(0, MESSAGES_PAGE).reverse();
  const contexts = await loadContexts(db, page);
  const [conversation] = await toConversations(db, userId, [row]);
  return {
    conversation: conversation!,
    messages: page.map((m) => toMessage(m, contexts)),
    has_more: rows.length > MESSAGES_PAGE,
  };
}

/** How many messages from others the user has not read, and in how many conversations. */
export async function countUnread(db: Db, userId: string) {
  const [row] = await db
    .select({
      conversations: sql<number>`count(distinct ${messages.conversation_id})::int`,
      messages: sql<number>`count(*)::int`,
    })
    .from(conversationMembers)
    .innerJoin(
      messages,
      and(
        eq(messages.conversation_id, conversationMembers.conversation_id),
        sql`${messages.seq} > ${conversationMembers.last_read_seq}`,
      ),
    )
    .where(and(eq(conversationMembers.user_id, userId), sql`${messages.sender_id} <> ${userId}`));
  return { conversations: row?.conversations ?? 0, messages: row?.messages ?? 0 };
}
