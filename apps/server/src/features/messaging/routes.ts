import {
  CONVERSATIONS_PAGE,
  conversationListSchema,
  conversationSchema,
  MESSAGES_PAGE,
  messageSchema,
  readAnswer,
  readRequest,
  sendMessageRequest,
  startConversationRequest,
  threadSchema,
  unreadSchema,
} from '@adwuma/shared';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { conversationMembers, conversations, messages } from '../../db/schema.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { requireUser } from '../auth/session.ts';
import { messagingExtraRoutes } from './extras.ts';
import { checkSendLimit } from './send-limit.ts';
import {
  loadContexts,
  markRead,
  memberConversation,
  sendMessage,
  startConversation,
  toConversations,
  toMessage,
} from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const idParams = z.object({ id: z.uuid({ error: 'No such conversation.' }) });
const updatedAt = sql`coalesce(${conversations.last_message_at}, ${conversations.created_at})`;

/** Conversations and messages (issue 9): start, list, read a thread, send, mark read, unread count. */
export async function messagingRoutes(app: App): Promise<void> {
  const { database } = app.deps;
  const { db } = database;

  app.post(
    '/api/conversations',
    {
      config: { access: 'user' },
      schema: { body: startConversationRequest, response: { 200: conversationSchema, ...errors } },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const row = await startConversation(db, user.id, request.body.recipient_id, request.body.context);
      const [conversation] = await toConversations(db, user.id, [row]);
      return conversation!;
    },
  );

  app.get(
    '/api/conversations',
    {
      config: { access: 'user' },
      schema: {
        querystring: z.object({
          before: z.iso.datetime({ offset: true, error: 'before must be a date-time.' }).optional(),
        }),
        response: { 200: conversationListSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const rows = await db
        .select({ c: conversations })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversation_id))
        .where(
          and(
            eq(conversationMembers.user_id, user.id),
            sql`${conversations.last_seq} > 0`,
            request.query.before ? lt(updatedAt, new Date(request.query.before)) : undefined,
          ),
        )
        .orderBy(desc(updatedAt), desc(conversations.id))
        .limit(CONVERSATIONS_PAGE + 1);
      const page = rows.slice(0, CONVERSATIONS_PAGE).map((r) => r.c);
      const items = await toConversations(db, user.id, page);
      return {
        items,
        next_before: rows.length > CONVERSATIONS_PAGE ? (items.at(-1)?.updated_at ?? null) : null,
      };
    },
  );

  app.get(
    '/api/conversations/:id',
    {
      config: { access: 'user' },
      schema: {
        params: idParams,
        // seq is a Postgres integer: a larger number would fail in the database, not here.
        querystring: z.object({ before_seq: z.coerce.number().int().min(1).max(2_147_483_647).optional() }),
        response: { 200: threadSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const row = await memberConversation(db, request.params.id, user.id);
      const before = request.query.before_seq;
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.conversation_id, row.id), before ? lt(messages.seq, before) : undefined))
        .orderBy(desc(messages.seq))
        .limit(MESSAGES_PAGE + 1);
      const page = rows.slice(0, MESSAGES_PAGE).reverse();
      const contexts = await loadContexts(db, page);
      const [conversation] = await toConversations(db, user.id, [row]);
      return {
        conversation: conversation!,
        messages: page.map((m) => toMessage(m, contexts)),
        has_more: rows.length > MESSAGES_PAGE,
      };
    },
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      config: { access: 'user' },
      schema: {
        params: idParams,
        body: sendMessageRequest,
        response: { 200: messageSchema, 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await checkSendLimit(app.deps.limits, user.id);
      const { message, created } = await sendMessage(app.deps, request.log, request.params.id, user.id, {
        body: request.body.body,
        clientId: request.body.client_id,
        context: request.body.context,
      });
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.post(
    '/api/conversations/:id/read',
    {
      config: { access: 'user' },
      schema: { params: idParams, body: readRequest, response: { 200: readAnswer, ...errors } },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const lastRead = await markRead(db, request.params.id, user.id, request.body.seq);
      return { conversation_id: request.params.id, last_read_seq: lastRead };
    },
  );

  app.get(
    '/api/messages/unread',
    { config: { access: 'user' }, schema: { response: { 200: unreadSchema, ...errors } } },
    async (request) => {
      const { user } = await requireUser(request);
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
        .where(and(eq(conversationMembers.user_id, user.id), sql`${messages.sender_id} <> ${user.id}`));
      return { conversations: row?.conversations ?? 0, messages: row?.messages ?? 0 };
    },
  );

  await app.register(messagingExtraRoutes);
}
