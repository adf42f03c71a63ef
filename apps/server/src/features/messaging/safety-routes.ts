import { blockAnswer, messageSearchRequest, messageSearchSchema } from '@adwuma/shared';
import { z } from 'zod';
import { requireUser } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { searchMessages, setBlock } from './safety-service.ts';

const errors = errorResponses(400, 401, 403, 404);
const userParams = z.object({ id: z.string().min(1).max(100) });

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
      return searchMessages(db, user.id, request.query.q);
    },
  );

  app.post(
    '/api/users/:id/block',
    { config: { access: 'user' }, schema: { params: userParams, response: { 200: blockAnswer, ...errors } } },
    async (request) => {
      const { user } = await requireUser(request);
      return setBlock(db, user.id, request.params.id, true);
    },
  );

  app.delete(
    '/api/users/:id/block',
    { config: { access: 'user' }, schema: { params: userParams, response: { 200: blockAnswer, ...errors } } },
    async (request) => {
      const { user } = await requireUser(request);
      return setBlock(db, user.id, request.params.id, false);
    },
  );
}
