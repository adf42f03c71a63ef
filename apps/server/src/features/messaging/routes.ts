import {
  conversationListSchema,
  conversationSchema,
  messageSchema,
  readAnswer,
  readRequest,
  sendMessageRequest,
  startConversationRequest,
  threadSchema,
  unreadSchema,
} from '@adwuma/shared';
import { z } from 'zod';
import { requireUser } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { countUnread, listConversations, readThread } from './conversation-queries.ts';
import { markRead, sendMessage, startConversation, toConversations } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const idParams = z.object({ id: z.uuid({ error: 'No such conversation.' }) });

/**
 * Conversations and messages (issue 9): start, list, read a thread, send, mark read, unread count.
 * Every route reads only the caller's id, so all take the session cache (`cachedSession`).
 */
export async function messagingRoutes(app: App): Promise<void> {
  const { database } = app.deps;
  const { db } = database;

  app.post(
    '/api/conversations',
    {
      config: { access: 'user', cachedSession: true },
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
      config: { access: 'user', cachedSession: true },
      schema: {
        querystring: z.object({
          before: z.iso.datetime({ offset: true, error: 'before must be a date-time.' }).optional(),
        }),
        response: { 200: conversationListSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return listConversations(db, user.id, request.query.before);
    },
  );

  app.get(
    '/api/conversations/:id',
    {
      config: { access: 'user', cachedSession: true },
      schema: {
        params: idParams,
        // seq is a Postgres integer: a larger number would fail in the database, not here.
        querystring: z.object({ before_seq: z.coerce.number().int().min(1).max(2_147_483_647).optional() }),
        response: { 200: threadSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return readThread(db, user.id, request.params.id, request.query.before_seq);
    },
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      config: { access: 'user', cachedSession: true },
      schema: {
        params: idParams,
        body: sendMessageRequest,
        response: { 200: messageSchema, 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const { message, created } = await sendMessage(app.deps, request.log, request.params.id, user.id, {
        body: request.body.body,
        clientId: request.body.client_id,
        context: request.body.context,
        countLimit: true,
      });
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.post(
    '/api/conversations/:id/read',
    {
      config: { access: 'user', cachedSession: true },
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
    {
      config: { access: 'user', cachedSession: true },
      schema: { response: { 200: unreadSchema, ...errors } },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return countUnread(db, user.id);
    },
  );
}
