import type { frontendErrorSchema } from '@adwuma/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { frontendErrors } from '../../db/schema.ts';

/** Stores one error the browser reported; `userId` comes from the session, never from the body. */
export async function recordFrontendError(
  db: Db,
  userId: string | null,
  e: z.output<typeof frontendErrorSchema>,
  headerUserAgent: string | undefined,
) {
  await db.insert(frontendErrors).values({
    error_type: e.error_type,
    message: e.message,
    stack: e.stack ?? null,
    component_name: e.component_name ?? null,
    route_path: e.route_path ?? null,
    user_agent: e.user_agent ?? headerUserAgent ?? null,
    user_id: userId,
    session_id: e.session_id ?? null,
    additional_context: e.additional_context ?? null,
    severity: e.severity,
  });
}
