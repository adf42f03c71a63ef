import {
  bidAllowanceSchema,
  bidInputSchema,
  bidResponseSchema,
  bidUpdateSchema,
  hireResponseSchema,
  IMAGE_MESSAGES,
  JOB_LIMITS,
  jobBoardQuerySchema,
  jobBoardResponseSchema,
  jobDetailResponseSchema,
  jobInputSchema,
  jobResponseSchema,
  jobUpdateSchema,
  MAX_IMAGE_BYTES,
  myBidsResponseSchema,
  myJobsQuerySchema,
  myJobsResponseSchema,
} from '@adwuma/shared';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUploadedFile } from '../../kernel/files/uploaded-file.ts';
import { requireProvider } from '../../kernel/http/guards.ts';
import { requireUser } from '../../kernel/http/session.ts';
import { AppError, errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { requireOnboardedProvider } from '../onboarding/index.ts';
import { ownProfile } from '../profile/index.ts';
import { acceptBid, bidAllowanceFor, listMyBids, placeBid, updateBid, withdrawBid } from './bid-store.ts';
import { jobBoard } from './board.ts';
import { addJobPhoto, assertJobPhotoRoom, removeJobPhoto } from './job-photos.ts';
import {
  cancelJob,
  closeJob,
  createJob,
  findJobRow,
  listMyJobs,
  ownerDetail,
  providerDetail,
  updateJob,
} from './job-store.ts';
import { jobNotFound } from './job-view.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const jobParams = z.object({ id: z.uuid({ error: 'Not a job id' }) });
const bidParams = z.object({ id: z.uuid({ error: 'Not a bid id' }) });
const acceptParams = z.object({
  id: z.uuid({ error: 'Not a job id' }),
  bidId: z.uuid({ error: 'Not a bid id' }),
});
const photoParams = z.object({
  id: z.uuid({ error: 'Not a job id' }),
  photoId: z.uuid({ error: 'Not a photo id' }),
});

/**
 * The caller as an onboarded provider for GET /api/jobs/:id, or 404 when they are not a provider at
 * all (someone else's job does not exist for a customer). A provider who has not finished onboarding
 * keeps the gate's 403 with its redirect.
 */
async function providerOrNotFound(request: FastifyRequest) {
  try {
    return await requireOnboardedProvider(request);
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN' && !error.details) throw jobNotFound();
    throw error;
  }
}

/**
 * Jobs and bids (issue 7): /api/jobs (customers post and manage jobs; onboarded providers browse
 * the board and bid) and /api/bids (a provider's own bids). Someone else's job or bid answers 404.
 */
export async function jobRoutes(app: App) {
  const deps = app.deps;
  const { db } = deps.database;

  // ---- jobs (the customer's) -------------------------------------------------------------------

  app.post(
    '/api/jobs',
    {
      schema: {
        tags: ['jobs'],
        summary: `Post a job (any signed-in user): open for ${JOB_LIMITS.openDays} days; at most ${JOB_LIMITS.openPerCustomerMax} open at once (409)`,
        body: jobInputSchema,
        response: { 201: jobResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await ownProfile(db, user);
      const job = await createJob(app.deps, request.log, user.id, request.body);
      return reply.status(201).send({ job });
    },
  );

  app.get(
    '/api/jobs/mine',
    {
      config: { access: 'user' },
      schema: {
        tags: ['jobs'],
        summary: 'Your jobs, newest first (at most 100), optionally of one status, with counts by status',
        querystring: myJobsQuerySchema,
        response: { 200: myJobsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return listMyJobs(db, user.id, request.query.status);
    },
  );

  app.get(
    '/api/jobs',
    {
      config: { access: 'onboarded-provider' },
      schema: {
        tags: ['jobs'],
        summary:
          'The job board (onboarded providers): open jobs of others, those in your categories and service area first, then newest; with your bid allowance',
        querystring: jobBoardQuerySchema,
        response: {
          200: jobBoardResponseSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { user } = await requireOnboardedProvider(request);
      return jobBoard(db, user.id, request.query);
    },
  );

  app.get(
    '/api/jobs/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['jobs'],
        summary:
          'A job: its owner sees every bid; an onboarded provider sees an open job (or one they bid on) with their own bid and whether they may bid',
        params: jobParams,
        response: {
          200: jobDetailResponseSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const row = await findJobRow(db, request.params.id);
      if (row && row.customer_id === user.id) return ownerDetail(db, row);
      await providerOrNotFound(request);
      const detail = row ? await providerDetail(db, user.id, row) : undefined;
      if (!detail) throw jobNotFound();
      return detail;
    },
  );

  app.patch(
    '/api/jobs/:id',
    {
      schema: {
        tags: ['jobs'],
        summary:
          'Edit your open job; null or blank clears an optional field; the result is checked as a new job',
        params: jobParams,
        body: jobUpdateSchema,
        response: { 200: jobResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { job: await updateJob(deps, user.id, request.params.id, request.body, request.log) };
    },
  );

  app.post(
    '/api/jobs/:id/cancel',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Cancel your open job (open → cancelled); active bids are declined and their providers told',
        params: jobParams,
        response: { 200: jobResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { job: await cancelJob(deps, user.id, request.params.id, request.log) };
    },
  );

  app.post(
    '/api/jobs/:id/close',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Close your hired job once the work is settled (hired → closed)',
        params: jobParams,
        response: { 200: jobResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { job: await closeJob(db, user.id, request.params.id) };
    },
  );

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });

    scope.post(
      '/api/jobs/:id/photos',
      {
        schema: {
          tags: ['jobs'],
          summary: `Add a photo to your open job (multipart field "file": JPEG, PNG or WebP, at most 10 MB; at most ${JOB_LIMITS.photosMax} a job); stored as public WebP without metadata`,
          consumes: ['multipart/form-data'],
          params: jobParams,
          response: { 201: jobResponseSchema, ...errors, ...errorResponses(413, 415) },
        },
        config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const { user } = await requireUser(request);
        const { id } = request.params;
        // Refused before the upload is read and resized.
        await assertJobPhotoRoom(db, user.id, id);
        const file = await readUploadedFile(request, { noun: 'photo', tooLarge: IMAGE_MESSAGES.tooLarge });
        const job = await addJobPhoto(deps, user.id, id, file.bytes);
        return reply.status(201).send({ job });
      },
    );
  });

  app.delete(
    '/api/jobs/:id/photos/:photoId',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Remove a photo of your open job (its files too); the others close the gap',
        params: photoParams,
        response: { 200: jobResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { id, photoId } = request.params;
      return { job: await removeJobPhoto(deps, user.id, id, photoId) };
    },
  );

  // ---- bids -------------------------------------------------------------------------------------

  app.post(
    '/api/jobs/:id/bids',
    {
      schema: {
        tags: ['bids'],
        summary:
          'Bid on an open job (onboarded providers; one bid a job; a withdrawn bid comes back without counting again). Starter: 10 bids a month, then 403 BID_LIMIT',
        params: jobParams,
        body: bidInputSchema,
        response: { 201: bidResponseSchema, ...errors },
      },
      config: { access: 'onboarded-provider', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { user } = await requireOnboardedProvider(request);
      const result = await placeBid(deps, user.id, request.params.id, request.body, request.log);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/jobs/:id/bids/:bidId/accept',
    {
      schema: {
        tags: ['bids'],
        summary:
          'Hire a bid on your open job: the job becomes hired, the other bids declined, and a booking is made with the bid’s price and the job’s date and place',
        params: acceptParams,
        response: { 200: hireResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { id, bidId } = request.params;
      return acceptBid(deps, user.id, id, bidId, request.log);
    },
  );

  app.get(
    '/api/bids/mine',
    {
      config: { access: 'provider' },
      schema: {
        tags: ['bids'],
        summary:
          'Your bids with their jobs, newest activity first (at most 100), counts by status, your allowance',
        response: { 200: myBidsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireProvider(request);
      return listMyBids(db, user.id);
    },
  );

  app.get(
    '/api/bids/allowance',
    {
      config: { access: 'provider' },
      schema: {
        tags: ['bids'],
        summary: 'Your bids this month: tier, limit, used, remaining (null = unlimited) and when it resets',
        response: { 200: bidAllowanceSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireProvider(request);
      return bidAllowanceFor(db, user.id);
    },
  );

  app.patch(
    '/api/bids/:id',
    {
      schema: {
        tags: ['bids'],
        summary: 'Edit your active bid while its job is open',
        params: bidParams,
        body: bidUpdateSchema,
        response: { 200: bidResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'provider' },
    },
    async (request) => {
      const { user } = await requireProvider(request);
      return updateBid(deps, user.id, request.params.id, request.body);
    },
  );

  app.post(
    '/api/bids/:id/withdraw',
    {
      schema: {
        tags: ['bids'],
        summary: 'Withdraw your active bid while its job is open (it still counts towards this month)',
        params: bidParams,
        response: { 200: bidResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'provider' },
    },
    async (request) => {
      const { user } = await requireProvider(request);
      return withdrawBid(deps, user.id, request.params.id);
    },
  );
}
