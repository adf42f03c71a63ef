import { blockAnswer, messageSearchRequest, messageSearchSchema } from '@adwuma/shared';
import { and, desc, eq, ilike, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { conversationMembers, conversations, messages, profiles, userBlocks } from '../../db/schema.ts';
import { AppError, errorResponses, notFound } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { requireUser } from '../auth/session.ts';
import { appendEvents } from '../realtime/events.ts';
import { loadContexts, loadPartyRows, toMessage, toParty } from './service.ts';

/** Most results one search answers (newest first). */
export const MESSAGE_SEARCH_LIMIT = 30;
export const NO_SUCH_USER = 'No such user.';
export const BLOCK_SELF = "You can't block yourself.";

const errors = errorResponses(400, 401, 403, 404);
const userParams = z.object({ id: z.string().min(1).max(100) });

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

/** Search in your messages, and blocking (issue 9). */
export async function safetyRoutes(app: App): Promise<void> {
  const { db } = app.deps.database;

  app.get(
    '/api/messages/search',
    {
      config: { access: 'user' },
      schema: { querystring: messageSearchRequest, response: { 200: messageSearchSchema, ...errors } },
    },
    async (request) => {
      const { user } = await requireUser(request);
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
            eq(conversationMembers.user_id, user.id),
          ),
        )
        .innerJoin(conversations, eq(conversations.id, messages.conversation_id))
        .where(ilike(messages.body, containsPattern(request.query.q)))
        .orderBy(desc(messages.created_at), desc(messages.seq))
        .limit(MESSAGE_SEARCH_LIMIT);
      const others = rows.map((r) => (r.customer_id === user.id ? r.provider_id : r.customer_id));
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
          const otherRole = r.customer_id === user.id ? 'provider' : 'customer';
          return {
            message: toMessage(r.message, contexts),
            other: toParty(parties.get(other), other, otherRole),
          };
        }),
      };
    },
  );

  /** Blocks or unblocks; both members of their conversation (if any) are told to refetch it. */
  async function setBlock(blockerId: string, blockedId: string, blocked: boolean) {
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

  app.post(
    '/api/users/:id/block',
    { config: { access: 'user' }, schema: { params: userParams, response: { 200: blockAnswer, ...errors } } },
    async (request) => {
      const { user } = await requireUser(request);
      return setBlock(user.id, request.params.id, true);
    },
  );

  app.delete(
    '/api/users/:id/block',
    { config: { access: 'user' }, schema: { params: userParams, response: { 200: blockAnswer, ...errors } } },
    async (request) => {
      const { user } = await requireUser(request);
      return setBlock(user.id, request.params.id, false);
    },
  );
}
