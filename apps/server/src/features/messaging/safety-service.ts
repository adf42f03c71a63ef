import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversationMembers, conversations, messages, profiles, userBlocks } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { appendEvents } from '../realtime/index.ts';
import { loadContexts, loadPartyRows, toMessage, toParty } from './service.ts';

/** Most results one search answers (newest first). */
export const MESSAGE_SEARCH_LIMIT = 30;
export const NO_SUCH_USER = 'No such user.';
export const BLOCK_SELF = "You can't block yourself.";

/** A LIKE pattern that matches `text` anywhere, its own %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The conversation between two users (either way round), if any. */
export async function conversationBetween(db: Db, a: string, b: string) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      or(
        and(eq(conversations.customer_id, a), eq(conversations.provider_id, b)),
        and(eq(conversations.customer_id, b), eq(conversations.provider_id, a)),
      ),
    );
  return row ?? null;
}

/** The caller's messages whose text contains `q`, newest first, each with the other party. */
export async function searchMessages(db: Db, userId: string, q: string) {
  const rows = await db
    .select({
      message: messages,
      customer_id: conversations.customer_id,
      provider_id: conversations.provider_id,
    })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversation_id, messages.conversation_id),
        eq(conversationMembers.user_id, userId),
      ),
    )
    .innerJoin(conversations, eq(conversations.id, messages.conversation_id))
    .where(ilike(messages.body, containsPattern(q)))
    .orderBy(desc(messages.created_at), desc(messages.seq))
    .limit(MESSAGE_SEARCH_LIMIT);
  const others = rows.map((r) => (r.customer_id === userId ? r.provider_id : r.customer_id));
  const [parties, contexts] = await Promise.all([
    loadPartyRows(db, others),
    loadContexts(
      db,
      rows.map((r) => r.message),
    ),
  ]);
  return {
    items: rows.map((r, i) => {
      const other = others[i]!;
      const otherRole = r.customer_id === userId ? 'provider' : 'customer';
      return {
        message: toMessage(r.message, contexts),
        other: toParty(parties.get(other), other, otherRole),
      };
    }),
  };
}

/** Blocks or unblocks; both members of their conversation (if any) are told to refetch it. */
export async function setBlock(db: Db, blockerId: string, blockedId: string, blocked: boolean) {
  if (blockerId === blockedId) throw new AppError(400, 'VALIDATION_ERROR', BLOCK_SELF);
  const [target] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, blockedId));
  if (!target) throw notFound(NO_SUCH_USER);
  const conversation = await conversationBetween(db, blockerId, blockedId);
  await db.transaction(async (tx) => {
    if (blocked) {
      await tx
        .insert(userBlocks)
        .values({ blocker_id: blockerId, blocked_id: blockedId })
        .onConflictDoNothing();
    } else {
      await tx
        .delete(userBlocks)
        .where(and(eq(userBlocks.blocker_id, blockerId), eq(userBlocks.blocked_id, blockedId)));
    }
    if (conversation) {
      const event = { type: 'conversation' as const, conversation_id: conversation.id };
      await appendEvents(tx, [
        { userId: blockerId, event },
        { userId: blockedId, event },
      ]);
    }
  });
  return { user_id: blockedId, blocked };
}
