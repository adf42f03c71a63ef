import {
  ADMIN_USER_AUDIT_ACTIONS,
  type AdminUserActionInput,
  type AdminUserDetail,
  type AssignableRole,
  adminActionProblem,
} from '@adwuma/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { adminAuditLog, authSessions, authUsers, profiles, userRoles } from '../../db/schema.ts';
import { refreshProfileScores } from '../../kernel/profile-scores.ts';
import { refreshProviderSearch } from '../../kernel/provider-search.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { createProfileFor, RESET_PASSWORD_PATH } from '../auth/index.ts';
import { publishEphemeral } from '../realtime/index.ts';
import {
  auditState,
  countAdmins,
  lockTargetAndAdmins,
  type TargetState,
  targetState,
  userDetail,
} from './users-queries.ts';

export const USER_NOT_FOUND_MESSAGE = 'No such user.';

/** The roles change_role replaces (admin is granted and removed on its own). */
const PLAIN_ROLES = ['customer', 'explorer', 'service_provider'] as const;

async function endSessions(tx: Tx, userId: string): Promise<void> {
  await tx.delete(authSessions).where(eq(authSessions.userId, userId));
}

/** An account without a profile (a failed first write) gets one, as /api/me would heal it. */
async function ensureProfile(tx: Tx, target: TargetState): Promise<void> {
  const [found] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, target.id));
  if (!found) await createProfileFor(tx, { id: target.id, email: target.email, name: target.name });
}

async function setRole(tx: Tx, target: TargetState, role: AssignableRole): Promise<void> {
  await ensureProfile(tx, target);
  const provider = role === 'service_provider';
  await tx
    .update(profiles)
    .set({
      role,
      type: provider ? 'provider' : 'customer',
      // A customer is not listed; the server writes completion for provider-like users only.
      ...(provider ? {} : { onboarding_completed: false }),
      updated_at: new Date(),
    })
    .where(eq(profiles.id, target.id));
  await tx
    .delete(userRoles)
    .where(
      and(
        eq(userRoles.user_id, target.id),
        inArray(userRoles.role, [...PLAIN_ROLES]),
        ne(userRoles.role, role),
      ),
    );
  await tx.insert(userRoles).values({ user_id: target.id, role }).onConflictDoNothing();
}

async function setAdmin(tx: Tx, target: TargetState, admin: boolean): Promise<void> {
  await ensureProfile(tx, target);
  await tx
    .update(profiles)
    .set({ is_admin: admin, updated_at: new Date() })
    .where(eq(profiles.id, target.id));
  if (admin) await tx.insert(userRoles).values({ user_id: target.id, role: 'admin' }).onConflictDoNothing();
  else await tx.delete(userRoles).where(and(eq(userRoles.user_id, target.id), eq(userRoles.role, 'admin')));
}

/**
 * An admin's action on a user (issue 19), in one transaction with its audit entry: the target's
 * account row and every admin's are locked first, the admins counted after the locks, then
 * adminActionProblem decides (409 ACTION_REFUSED). Suspension and a forced reset end every session
 * and tell the user's open sockets (delivered at commit); the reset mail is requested after it.
 * Answers the user's page as it is now.
 */
export async function applyUserAction(
  deps: Deps,
  actorId: string,
  targetId: string,
  input: AdminUserActionInput,
): Promise<AdminUserDetail> {
  const { db } = deps.database;
  const target = await db.transaction(async (tx) => {
    if (!(await lockTargetAndAdmins(tx, targetId))) throw notFound(USER_NOT_FOUND_MESSAGE);
    const before = (await targetState(tx, targetId))!;
    const adminCount = await countAdmins(tx, targetId);
    const problem = adminActionProblem(input, {
      actorId,
      target: { id: before.id, isAdmin: before.isAdmin, suspended: before.suspended, role: before.role },
      adminCount,
    });
    if (problem) throw new AppError(409, 'ACTION_REFUSED', problem);

    const now = new Date();
    switch (input.action) {
      case 'change_role':
        await setRole(tx, before, input.role);
        break;
      case 'grant_admin':
        await setAdmin(tx, before, true);
        break;
      case 'remove_admin':
        await setAdmin(tx, before, false);
        break;
      case 'suspend':
        await tx
          .update(authUsers)
          .set({ suspended_at: now, suspension_reason: input.reason, updatedAt: now })
          .where(eq(authUsers.id, targetId));
        await endSessions(tx, targetId);
        await publishEphemeral(tx, [targetId], { type: 'signed_out', reason: 'suspended' });
        break;
      case 'reinstate':
        await tx
          .update(authUsers)
          .set({ suspended_at: null, suspension_reason: null, updatedAt: now })
          .where(eq(authUsers.id, targetId));
        break;
      case 'force_password_reset':
        await tx
          .update(authUsers)
          .set({ password_reset_required_at: now, updatedAt: now })
          .where(eq(authUsers.id, targetId));
        await endSessions(tx, targetId);
        await publishEphemeral(tx, [targetId], { type: 'signed_out', reason: 'password_reset' });
        break;
    }
    // Role, admin flag and suspension all decide whether the provider is listed.
    await refreshProviderSearch(tx, targetId);
    await refreshProfileScores(tx, targetId);
    const after = (await targetState(tx, targetId))!;
    await tx.insert(adminAuditLog).values({
      admin_id: actorId,
      action: ADMIN_USER_AUDIT_ACTIONS[input.action],
      target_type: 'user',
      target_id: targetId,
      details: { reason: input.reason, before: auditState(before), after: auditState(after) },
    });
    return after;
  });

  if (input.action === 'force_password_reset') {
    try {
      // The reset mail of "Forgot password" (a link to /auth?mode=reset-password), queued on the job queue.
      await deps.auth.api.requestPasswordReset({
        body: { email: target.email, redirectTo: RESET_PASSWORD_PATH },
      });
    } catch (error) {
      // The hold stands: "Forgot password" sends another link.
      deps.log.error({ err: error, userId: targetId }, 'could not send the forced password reset mail');
    }
  }
  return (await userDetail(db, targetId))!;
}
