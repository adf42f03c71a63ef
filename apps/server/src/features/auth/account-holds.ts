import { ADMIN_USER_MESSAGES } from '@adwuma/shared';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authSessions, authUsers } from '../../db/schema.ts';

/**
 * Issue 19: an admin's hold on an account (suspension, or a password reset they asked for) refuses
 * every new session. Better Auth creates sessions in one place for every way in (email and
 * password, Google/OIDC, the two-factor step, verification links), so the refusal sits there.
 */
export type AccountHold = 'suspended' | 'password_reset';

export async function accountHoldOf(database: Database, userId: string): Promise<AccountHold | null> {
  const [row] = await database.db
    .select({ suspended_at: authUsers.suspended_at, reset: authUsers.password_reset_required_at })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  if (row?.suspended_at) return 'suspended';
  if (row?.reset) return 'password_reset';
  return null;
}

/** The refusal a held account's sign-in gets: 403 with the message the sign-in form shows. */
export function holdRefusal(hold: AccountHold): APIError {
  return hold === 'suspended'
    ? new APIError('FORBIDDEN', { code: 'ACCOUNT_SUSPENDED', message: ADMIN_USER_MESSAGES.suspendedSignIn })
    : new APIError('FORBIDDEN', {
        code: 'PASSWORD_RESET_REQUIRED',
        message: ADMIN_USER_MESSAGES.resetRequiredSignIn,
      });
}

/**
 * Better Auth's databaseHooks.session: `before` refuses a session for a held account (after the
 * password was checked, so the message tells nothing to someone without it); `after` removes one
 * that was created while the admin's action committed (the action locks the account row, which the
 * session insert waits for, so the second look sees the hold).
 */
export function sessionHoldHooks(database: Database) {
  return {
    create: {
      before: async (session: { userId: string }) => {
        const hold = await accountHoldOf(database, session.userId);
        if (hold) throw holdRefusal(hold);
      },
      after: async (session: { id: string; userId: string }) => {
        if (await accountHoldOf(database, session.userId)) {
          await database.db.delete(authSessions).where(eq(authSessions.id, session.id));
        }
      },
    },
  };
}

/** A completed password reset lifts the hold an admin's forced reset put on the account. */
export async function clearPasswordResetRequired(database: Database, userId: string): Promise<void> {
  await database.db
    .update(authUsers)
    .set({ password_reset_required_at: null })
    .where(eq(authUsers.id, userId));
}
