import type { Database } from '../db/client.ts';
import { securityEvents } from '../db/schema.ts';

/** Spec 7 log_security_event types, plus the account events the server records. */
export type SecurityEventType =
  | 'password_reset_requested'
  | 'password_reset_rate_limited'
  | 'password_reset_failed'
  | 'password_reset_completed'
  | 'sign_in_rate_limited'
  | 'admin_created'
  | 'admin_promoted'
  /** Issue 29: an hourly SMS budget is spent (once per budget and hour; the operators' alert). */
  | 'sms_budget_reached';

export interface SecurityEventInput {
  event_type: SecurityEventType;
  user_id?: string | null;
  email?: string | null;
  ip?: string | null;
  /** Spec 3 Security event metadata: {email}, error, timestamp (added here). */
  metadata?: Record<string, unknown>;
}

/** Stores a security event. Never throws: losing an audit row must not fail the request it describes. */
export async function logSecurityEvent(
  database: Database,
  event: SecurityEventInput,
  onError?: (error: unknown) => void,
): Promise<void> {
  try {
    await database.db.insert(securityEvents).values({
      event_type: event.event_type,
      user_id: event.user_id ?? null,
      email: event.email ?? null,
      ip: event.ip ?? null,
      metadata: {
        ...(event.email ? { email: event.email } : {}),
        ...event.metadata,
        timestamp: new Date().toISOString(),
      },
    });
  } catch (error) {
    onError?.(error);
  }
}
