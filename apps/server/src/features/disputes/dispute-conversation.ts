import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, conversations, disputes, messages } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { loadContexts, toMessage } from '../messaging/index.ts';

/** The messages between a disputed booking's customer and provider (newest 200, oldest first). */
export async function disputeConversation(db: Db, disputeId: string) {
  const [parties] = await db
    .select({ customer_id: bookings.customer_id, provider_id: bookings.provider_id })
    .from(disputes)
    .innerJoin(bookings, eq(bookings.id, disputes.booking_id))
    .where(eq(disputes.id, disputeId));
  if (!parties) throw notFound('No such dispute.');
  const [conversation] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.customer_id, parties.customer_id),
        eq(conversations.provider_id, parties.provider_id),
      ),
    );
  if (!conversation) return { conversation_id: null, messages: [] };
  const rows = (
    await db
      .select()
      .from(messages)
      .where(eq(messages.conversation_id, conversation.id))
      .orderBy(desc(messages.seq))
      .limit(200)
  ).reverse();
  const contexts = await loadContexts(db, rows);
  return { conversation_id: conversation.id, messages: rows.map((m) => toMessage(m, contexts)) };
}
