import {
  advanceRequestSchema,
  earningsSchema,
  materialsSchema,
  payoutLookupAnswerSchema,
  payoutLookupRequestSchema,
  payoutSaveRequestSchema,
  payoutSettingsSchema,
  toIsoDate,
} from '@adwuma/shared';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileError } from '../../kernel/files/uploaded-file.ts';
import { requireUser } from '../../kernel/http/session.ts';
import { AppError, errorResponses, fieldError } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { earningsStatement, earningsView } from './earnings.ts';
import { addReceipt, materialsView, type ReceiptUpload, receiptRoom, takeAdvance } from './materials.ts';
import { lookupPayoutAccount, payoutSettingsView, savePayoutMethod } from './settings.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 502, 503);
const writeLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
const bookingParams = z.object({ id: z.uuid({ error: 'Not a booking id' }) });
/** A receipt photo: at most 10 MB, like every private upload. */
const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;

/**
 * Provider money (issue 18): the payout method (looked up at the gateway and confirmed before it is
 * saved), earnings and their CSV statement, and materials on a paid booking (an advance on Pro and
 * Premium, receipts on Starter). Transfers and the payout runs are in payout-run.ts (jobs.ts).
 */
export async function payoutRoutes(app: App) {
  const deps = app.deps;

  app.post(
    '/api/payouts/lookup',
    {
      config: { access: 'provider', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['payouts'],
        summary:
          "Look up a mobile money number or bank account at the gateway: answers the holder's name and a confirmation to save it (15 min)",
        body: payoutLookupRequestSchema,
        response: { 200: payoutLookupAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return lookupPayoutAccount(deps, user.id, request.body);
    },
  );

  app.get(
    '/api/payouts/settings',
    {
      config: { access: 'provider' },
      schema: {
        tags: ['payouts'],
        summary: 'Your payout method, a hold after a change, and the banks payouts can go to',
        response: { 200: payoutSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return payoutSettingsView(deps, user.id);
    },
  );

  app.put(
    '/api/payouts/settings',
    {
      config: { ...writeLimit, access: 'provider' },
      schema: {
        tags: ['payouts'],
        summary:
          'Save the looked-up account as your payout method; a change holds payouts for 24 hours and is mailed to you',
        body: payoutSaveRequestSchema,
        response: { 200: payoutSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return savePayoutMethod(deps, user.id, request.body.confirmation);
    },
  );

  app.get(
    '/api/earnings',
    {
      config: { access: 'provider' },
      schema: {
        tags: ['payouts'],
        summary:
          'Your money: held, pending, available, in flight, paid out; the next payout; bookings and payouts',
        response: { 200: earningsSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return earningsView(deps, user.id);
    },
  );

  app.get(
    '/api/earnings/statement.csv',
    {
      config: { access: 'provider', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['payouts'],
        summary: 'Your statement as CSV: the per-booking breakdown and the payouts (amounts in cedis)',
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const csv = await earningsStatement(deps, user.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="adwuma-statement-${toIsoDate(new Date())}.csv"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(csv);
    },
  );

  app.get(
    '/api/bookings/:id/materials',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payouts'],
        summary: "A booking's materials advance and receipts (signed photo URLs, 1 h), for both parties",
        params: bookingParams,
        response: { 200: materialsSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return materialsView(deps, user.id, request.params.id);
    },
  );

  app.post(
    '/api/bookings/:id/materials/advance',
    {
      config: { ...writeLimit, access: 'provider' },
      schema: {
        tags: ['payouts'],
        summary:
          'Pro and Premium: take up to 40 % / 70 % of a paid booking now for materials, paid out at once',
        params: bookingParams,
        body: advanceRequestSchema,
        response: { 200: materialsSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return takeAdvance(deps, user.id, request.params.id, request.body.amount_minor, request.log);
    },
  );

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: { fileSize: MAX_RECEIPT_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
    });
    scope.post(
      '/api/bookings/:id/materials/receipts',
      {
        config: { ...writeLimit, access: 'provider' },
        schema: {
          tags: ['payouts'],
          summary:
            'Starter: add a material receipt to a paid booking (multipart: amount_minor, description, then the photo in "file"), reimbursed at completion',
          consumes: ['multipart/form-data'],
          params: bookingParams,
          response: { 201: materialsSchema, ...errors, ...errorResponses(413, 415) },
        },
      },
      async (request, reply) => {
        const { user } = await requireUser(request);
        await receiptRoom(deps.database.db, user.id, request.params.id);
        const upload = await readReceipt(request);
        const materials = await addReceipt(deps, user.id, request.params.id, upload, request.log);
        return reply.code(201).send(materials);
      },
    );
  });
}

/** The receipt's fields (amount_minor, description) and its photo (field "file"), validated. */
async function readReceipt(request: FastifyRequest): Promise<ReceiptUpload> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the receipt as multipart/form-data: amount_minor, description and the photo in "file".',
    );
  }
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname !== 'file') throw fileError('Send the photo in the field "file".');
        bytes = content;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw fileError('The file is larger than 10 MB.', 413, 'PAYLOAD_TOO_LARGE');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        'Send the amount, the description and one photo, nothing else.',
      );
    throw new AppError(400, 'BAD_REQUEST', 'The upload could not be read. Please try again.');
  }
  const amount = (fields.amount_minor ?? '').trim();
  if (!/^\d{1,9}$/.test(amount) || Number(amount) <= 0)
    throw fieldError('amount_minor', 'Enter the amount of the receipt in pesewas');
  const description = (fields.description ?? '').trim();
  if (description.length < 2 || description.length > 200)
    throw fieldError('description', 'Say what the receipt is for (2 to 200 characters)');
  if (!bytes) throw fileError('Choose a photo of the receipt.');
  return { amountMinor: Number(amount), description, bytes };
}
