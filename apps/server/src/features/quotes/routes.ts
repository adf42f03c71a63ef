import {
  QUOTE_STATUSES,
  quoteAcceptResponseSchema,
  quoteAnswerSchema,
  quoteDeclineSchema,
  quoteRequestInputSchema,
  quoteRequestResponseSchema,
  quoteRequestsResponseSchema,
} from '@adwuma/shared';
import { z } from 'zod';
import { requireUser } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { requireOnboardedProvider } from '../onboarding/index.ts';
import {
  acceptQuote,
  answerQuote,
  cancelQuote,
  declineQuote,
  requestQuote,
  requireQuoteSide,
} from './quote-actions.ts';
import { findQuoteRequest, listQuoteRequests, quoteCounts } from './quote-view.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const createLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const idParams = z.object({ id: z.uuid({ error: 'Not a request id' }) });
const listQuery = z.object({
  box: z.enum(['received', 'sent'], { error: 'Box must be received or sent' }),
  status: z.enum(QUOTE_STATUSES, { error: `Status must be one of ${QUOTE_STATUSES.join(', ')}` }).optional(),
});

/**
 * Quote requests (`/service-requests`): a signed-in user asks a provider for a price on one of their
 * published services; the provider (onboarded) answers with a price or declines; the customer
 * accepts (→ a booking) or cancels. Requests lapse after 7 days unanswered, quotes 7 days after the
 * answer. Only the two parties see a request; anyone else gets 404.
 */
export async function quoteRoutes(app: App) {
  const deps = app.deps;
  const { db } = deps.database;

  app.post(
    '/api/quote-requests',
    {
      schema: {
        tags: ['quotes'],
        summary:
          'Ask the provider of a published service for a quote (not your own; preferred_date not past; at most 3 pending per provider). 201 with the request',
        body: quoteRequestInputSchema,
        response: { 201: quoteRequestResponseSchema, ...errors },
      },
      config: { ...createLimit, access: 'user' },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const created = await requestQuote(deps, request.log, user.id, request.body);
      return reply.status(201).send({ request: created });
    },
  );

  app.get(
    '/api/quote-requests',
    {
      config: { access: 'user' },
      schema: {
        tags: ['quotes'],
        summary:
          'Your requests, newest first (at most 200): box=received (you are the provider) or sent (you asked), optional status; counts for the tab badges',
        querystring: listQuery,
        response: { 200: quoteRequestsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const now = new Date();
      const [items, counts] = await Promise.all([
        listQuoteRequests(db, user.id, request.query.box, request.query.status, now),
        quoteCounts(db, user.id, now),
      ]);
      return { items, counts };
    },
  );

  app.get(
    '/api/quote-requests/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['quotes'],
        summary: 'One request you sent or received (404 for anyone else)',
        params: idParams,
        response: {
          200: quoteRequestResponseSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { request: await findQuoteRequest(db, request.params.id, user.id) };
    },
  );

  app.post(
    '/api/quote-requests/:id/quote',
    {
      schema: {
        tags: ['quotes'],
        summary:
          'The provider (onboarded) answers a pending request with a price in pesewas: pending → quoted; the customer has 7 days to accept',
        params: idParams,
        body: quoteAnswerSchema,
        response: { 200: quoteRequestResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await requireQuoteSide(db, request.params.id, user.id, 'provider');
      await requireOnboardedProvider(request);
      return { request: await answerQuote(deps, request.log, user.id, request.params.id, request.body) };
    },
  );

  app.post(
    '/api/quote-requests/:id/decline',
    {
      schema: {
        tags: ['quotes'],
        summary: 'The provider declines a pending request, with an optional message: pending → declined',
        params: idParams,
        body: quoteDeclineSchema.nullish(),
        response: { 200: quoteRequestResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { request: await declineQuote(deps, request.log, user.id, request.params.id, request.body) };
    },
  );

  app.post(
    '/api/quote-requests/:id/accept',
    {
      schema: {
        tags: ['quotes'],
        summary:
          'The customer accepts a live quote: quoted → accepted and a booking (quoted price, preferred date, place); answers both',
        params: idParams,
        response: { 200: quoteAcceptResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return acceptQuote(deps, request.log, user.id, request.params.id);
    },
  );

  app.post(
    '/api/quote-requests/:id/cancel',
    {
      schema: {
        tags: ['quotes'],
        summary: 'The customer withdraws a pending or quoted request: → cancelled',
        params: idParams,
        response: { 200: quoteRequestResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { request: await cancelQuote(deps, request.log, user.id, request.params.id) };
    },
  );
}
