import type { PaymentGatewayId } from '@adwuma/shared';
import { paymentEvents } from '../../db/schema.ts';
import { WebhookSignatureError } from '../../kernel/payments/gateway.ts';
import { AppError } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';

/** The job-queue name that applies a stored gateway event. */
export const PAYMENT_EVENTS_QUEUE = 'payments.process-event';

/**
 * A gateway's webhook, as received: the signature is checked over the raw body first (a bad one
 * answers 400 and stores nothing), then the event is stored once by (gateway, event id) and queued.
 * A replay of a stored event stores nothing and queues nothing. The sandbox delivers its webhooks here
 * too, in process.
 */
export async function receiveWebhook(
  deps: Deps,
  gatewayId: PaymentGatewayId,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ stored: boolean }> {
  const gateway = deps.payments.byId(gatewayId);
  if (!gateway)
    throw new AppError(404, 'NOT_FOUND', `The ${gatewayId} gateway is not configured on this server.`);
  let event: ReturnType<typeof gateway.verifyWebhook>;
  try {
    event = gateway.verifyWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      deps.log.warn({ gateway: gatewayId, reason: error.message }, 'webhook refused: bad signature');
      throw new AppError(400, 'BAD_REQUEST', `Webhook refused: ${error.message}.`);
    }
    throw error;
  }
  const [row] = await deps.database.db
    .insert(paymentEvents)
    .values({
      gateway: gatewayId,
      event_id: event.id,
      type: event.type,
      payload: event.payload,
      occurred_at: event.createdAt,
    })
    .onConflictDoNothing({ target: [paymentEvents.gateway, paymentEvents.event_id] })
    .returning({ id: paymentEvents.id });
  if (!row) return { stored: false };
  await deps.jobs.send(PAYMENT_EVENTS_QUEUE, { id: row.id }, { singletonKey: row.id });
  return { stored: true };
}
