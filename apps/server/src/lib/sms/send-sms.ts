import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema.ts';
import type { SmsGateway } from './gateway.ts';

export interface SmsRecord {
  id: string;
  status: 'sent' | 'failed';
  providerMessageId: string | null;
  error: string | null;
  /** False when an SMS with the same dedupe key was sent before (nothing sent this time). */
  fresh: boolean;
}

/**
 * Sends one SMS and records it in sms_outbox (sent or failed, with the gateway's id or error).
 * Never throws for a gateway refusal: the caller reads `status`. With a `dedupeKey`, an SMS already
 * recorded under that key is not sent again (a retried job).
 */
export async function sendSms(
  db: Db,
  gateway: SmsGateway,
  input: {
    to: string;
    body: string;
    template: string;
    dedupeKey?: string;
    /** A secret in the body (a sign-in code): kept only by the dev outbox, masked in real sends' rows. */
    secret?: string;
  },
): Promise<SmsRecord> {
  if (input.dedupeKey) {
    const [before] = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.dedupe_key, input.dedupeKey))
      .limit(1);
    if (before) return { ...recordOf(before), fresh: false };
  }
  let providerMessageId: string | null = null;
  let error: string | null = null;
  try {
    ({ providerMessageId } = await gateway.send({ to: input.to, body: input.body }));
  } catch (e) {
    error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
  }
  const [row] = await db
    .insert(smsOutbox)
    .values({
      to_number: input.to,
      body:
        input.secret && gateway.name !== 'outbox'
          ? input.body.replaceAll(input.secret, '•'.repeat(input.secret.length))
          : input.body,
      template: input.template,
      transport: gateway.name,
      status: error ? 'failed' : 'sent',
      provider_message_id: providerMessageId,
      error,
      dedupe_key: input.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: smsOutbox.dedupe_key })
    .returning();
  if (!row && input.dedupeKey) {
    // Sent twice at once under one key: the other one's row stands.
    const [other] = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.dedupe_key, input.dedupeKey))
      .limit(1);
    if (other) return { ...recordOf(other), fresh: false };
  }
  return {
    id: row?.id ?? '',
    status: error ? 'failed' : 'sent',
    providerMessageId,
    error,
    fresh: true,
  };
}

function recordOf(row: typeof smsOutbox.$inferSelect): Omit<SmsRecord, 'fresh'> {
  return {
    id: row.id,
    status: row.status === 'failed' ? 'failed' : 'sent',
    providerMessageId: row.provider_message_id,
    error: row.error,
  };
}
