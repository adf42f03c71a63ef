import { PAYMENT_GATEWAYS, sandboxCheckoutSchema, sandboxPaySchema } from '@adwuma/shared';
import { z } from 'zod';
import { requireUser } from '../../kernel/http/session.ts';
import { AppError, errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { receiveWebhook } from './intake.ts';
import { sandboxCheckoutFor } from './sandbox-checkout.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const referenceParams = z.object({
  reference: z.string().regex(/^[\w-]{8,80}$/, { error: 'Not a checkout reference' }),
});

/**
 * Gateway webhooks (signature over the raw body, stored once, processed on the job queue) and the
 * embedded sandbox's hosted checkout (TEST MODE), whose outcome reaches Adwuma only as a signed
 * webhook through the same intake.
 */
export async function paymentRoutes(app: App) {
  const deps = app.deps;

  // Webhooks read the raw bytes: the signature is over them, not over re-serialized JSON.
  await app.register(async (hooks: App) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    hooks.post(
      '/api/payments/webhooks/:gateway',
      {
        // Gateways post from their own servers: no Origin of ours, many events a minute.
        config: {
          access: 'public',
          allowCrossOrigin: true,
          rateLimit: { max: 1200, timeWindow: '1 minute' },
        } as { access: 'public' },
        schema: {
          tags: ['payments'],
          summary:
            'A payment gateway webhook (stripe, paystack, sandbox): signature checked over the raw body; 400 when it does not match',
          params: z.object({ gateway: z.enum(PAYMENT_GATEWAYS, { error: 'Unknown payment gateway' }) }),
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), ...errors },
        },
      },
      async (request) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw) || raw.length === 0) {
          throw new AppError(400, 'BAD_REQUEST', 'Webhook refused: the body is empty.');
        }
        const { stored } = await receiveWebhook(deps, request.params.gateway, raw, request.headers);
        return { received: true as const, duplicate: !stored };
      },
    );
  });

  app.get(
    '/api/payments/sandbox/:reference',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: 'The TEST MODE checkout of one of your payments (embedded sandbox gateway)',
        params: referenceParams,
        response: { 200: sandboxCheckoutSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { sandbox } = await sandboxCheckoutFor(deps, user.id, request.params.reference);
      return (await sandbox.checkout(request.params.reference))!;
    },
  );

  app.post(
    '/api/payments/sandbox/:reference/pay',
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Pay a TEST MODE checkout: approve or decline the mobile-money prompt, or a test card',
        params: referenceParams,
        body: sandboxPaySchema,
        response: {
          200: z.discriminatedUnion('status', [
            z.object({ status: z.literal('succeeded'), redirect: z.string() }),
            z.object({ status: z.literal('declined'), message: z.string() }),
          ]),
          ...errors,
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { sandbox } = await sandboxCheckoutFor(deps, user.id, request.params.reference);
      return sandbox.pay(request.params.reference, request.body);
    },
  );

  app.post(
    '/api/payments/sandbox/:reference/cancel',
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Leave a TEST MODE checkout without paying: the payment is cancelled',
        params: referenceParams,
        response: { 200: z.object({ redirect: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { sandbox } = await sandboxCheckoutFor(deps, user.id, request.params.reference);
      return sandbox.cancel(request.params.reference);
    },
  );
}
