import { type WaitlistJoinResponse, type waitlistJoinSchema, waitlistMessages } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { eventTracking, subscribers } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { WELCOME_MAIL_QUEUE } from './send-welcome-email.ts';

export type JoinWaitlist = z.output<typeof waitlistJoinSchema> & {
  page_path?: string | undefined;
  session_id?: string | null | undefined;
};

/**
 * A sign-up whose transaction committed just before the database went away answered 503 before its
 * welcome mail was queued (issue 29); the client's retry lands here as a duplicate and queues it.
 * The queue's singleton key and the mail's own "sent" flag keep it to one mail.
 */
async function queueMissingWelcome(deps: Deps, email: string): Promise<void> {
  const [row] = await deps.database.db
    .select({ id: subscribers.id, sent: subscribers.welcome_email_sent })
    .from(subscribers)
    .where(eq(subscribers.email, email));
  if (row && !row.sent)
    await deps.jobs.send(WELCOME_MAIL_QUEUE, { subscriberId: row.id }, { singletonKey: row.id });
}

/**
 * Adds an email to the waitlist and records the conversion in one transaction, then queues the
 * welcome mail. A duplicate (unique violation, 23505) stores nothing new and says so kindly.
 */
export async function joinWaitlist(deps: Deps, input: JoinWaitlist): Promise<WaitlistJoinResponse> {
  const utm = {
    utm_source: input.utm_source ?? null,
    utm_medium: input.utm_medium ?? null,
    utm_campaign: input.utm_campaign ?? null,
    utm_content: input.utm_content ?? null,
    utm_term: input.utm_term ?? null,
  };
  let subscriberId: string;
  try {
    subscriberId = await deps.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(subscribers)
        .values({ email: input.email, exploring: input.exploring, source_form: input.form, ...utm })
        .returning({ id: subscribers.id });
      await tx.insert(eventTracking).values({
        event_type: 'conversion',
        event_data: { action: 'waitlist_join', form: input.form, exploring: input.exploring },
        page_path: input.page_path ?? '/landing',
        session_id: input.session_id ?? null,
        ...utm,
      });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      await queueMissingWelcome(deps, input.email);
      return {
        status: 'already_subscribed',
        title: waitlistMessages.duplicateTitle,
        message: waitlistMessages.duplicateBody,
      };
    }
    throw error;
  }
  await deps.jobs.send(WELCOME_MAIL_QUEUE, { subscriberId }, { singletonKey: subscriberId });
  return { status: 'joined', title: waitlistMessages.successTitle, message: waitlistMessages.successBody };
}
