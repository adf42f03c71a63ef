import type { trackEventSchema } from '@adwuma/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { eventTracking } from '../../db/schema.ts';

/** Stores one analytics event; `userId` comes from the session, never from the body. */
export async function recordEvent(db: Db, userId: string | null, e: z.output<typeof trackEventSchema>) {
  await db.insert(eventTracking).values({
    user_id: userId,
    event_type: e.event_type,
    event_data: e.event_data ?? null,
    page_path: e.page_path,
    session_id: e.session_id ?? null,
    utm_source: e.utm_source ?? null,
    utm_medium: e.utm_medium ?? null,
    utm_campaign: e.utm_campaign ?? null,
    utm_content: e.utm_content ?? null,
    utm_term: e.utm_term ?? null,
  });
}
