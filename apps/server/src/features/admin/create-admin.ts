import { authMessages, normalizeEmail, signUpServerSchema, validateEmail } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authUsers, profiles, userRoles } from '../../db/schema.ts';
import { refreshProfileScores } from '../../kernel/profile-scores.ts';
import { logSecurityEvent } from '../../lib/security-events.ts';
import type { Auth } from '../../plugins/auth.ts';
import { createProfileFor } from '../auth/index.ts';

export class CreateAdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CreateAdminError';
  }
}

export interface CreateAdminInput {
  email: string;
  password?: string | undefined;
  name?: string | undefined;
}

export interface CreateAdminResult {
  action: 'created' | 'promoted' | 'already-admin';
  userId: string;
  email: string;
}

/**
 * Creates an admin (a verified email-and-password account through Better Auth, no mail sent) or
 * promotes an existing account: profile is_admin and the admin role in user_roles. An existing
 * account keeps its password.
 */
export async function createOrPromoteAdmin(
  deps: { auth: Auth; database: Database },
  input: CreateAdminInput,
): Promise<CreateAdminResult> {
  const { db } = deps.database;
  const emailProblem = validateEmail(input.email);
  if (emailProblem) throw new CreateAdminError(`--email: ${emailProblem}`);
  const email = normalizeEmail(input.email);

  let [user] = await db.select().from(authUsers).where(eq(authUsers.email, email));
  let action: CreateAdminResult['action'] = 'promoted';
  if (!user) {
    const password = signUpServerSchema.shape.password.safeParse(input.password ?? '');
    if (!password.success) {
      throw new CreateAdminError(
        `--password: ${password.error.issues[0]?.message ?? authMessages.passwordMin8}`,
      );
    }
    const context = await deps.auth.$context;
    const created = await context.internalAdapter.createUser(
      { email, name: input.name?.trim() || 'Admin', emailVerified: true, user_role: 'customer' },
      { method: 'admin' },
    );
    await context.internalAdapter.linkAccount({
      userId: created.id,
      providerId: 'credential',
      accountId: created.id,
      password: await context.password.hash(password.data),
    });
    [user] = await db.select().from(authUsers).where(eq(authUsers.id, created.id));
    action = 'created';
  }
  if (!user) throw new CreateAdminError('The account could not be created.');

  await createProfileFor(db, { id: user.id, email: user.email, name: user.name, user_role: user.user_role });
  const [profile] = await db
    .select({ is_admin: profiles.is_admin })
    .from(profiles)
    .where(eq(profiles.id, user.id));
  const roles = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.user_id, user.id));
  if (action === 'promoted' && profile?.is_admin && roles.some((r) => r.role === 'admin')) {
    return { action: 'already-admin', userId: user.id, email };
  }
  await db.transaction(async (tx) => {
    await tx.update(profiles).set({ is_admin: true, updated_at: new Date() }).where(eq(profiles.id, user.id));
    await tx.insert(userRoles).values({ user_id: user.id, role: 'admin' }).onConflictDoNothing();
    await refreshProfileScores(tx, user.id);
  });
  await logSecurityEvent(deps.database, {
    event_type: action === 'created' ? 'admin_created' : 'admin_promoted',
    user_id: user.id,
    email,
    metadata: { via: 'create-admin' },
  });
  return { action, userId: user.id, email };
}
