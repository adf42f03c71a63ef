import { isPhoneAccountEmail, profileTypeFor, type SignupRole } from '@adwuma/shared';
import type { Db } from '../../db/client.ts';
import { profiles, userRoles } from '../../db/schema.ts';
import { refreshProfileScores } from '../../kernel/profile-scores.ts';

export interface NewAccount {
  id: string;
  email: string;
  name?: string | null;
  /** The sign-up form's choice; anything else (OIDC users, old rows) is a customer. */
  user_role?: unknown;
  /** Issue 21: the verified number of an account made by SMS code. */
  phoneNumber?: string | null;
}

export function signupRoleOf(value: unknown): SignupRole {
  return value === 'explorer' ? 'explorer' : 'customer';
}

/**
 * Creates the account's profile (full_name, email, role, type) and its user_roles row. Idempotent:
 * an existing profile or role is left as it is, so it also heals an account whose first attempt
 * failed (spec 7 "Profile save": upsert id, full_name default 'User', email).
 */
export async function createProfileFor(db: Db, account: NewAccount): Promise<void> {
  const role = signupRoleOf(account.user_role);
  const fullName = account.name?.trim() || 'User';
  await db
    .insert(profiles)
    .values({
      id: account.id,
      full_name: fullName,
      // A phone-only account's placeholder address is never shown.
      email: isPhoneAccountEmail(account.email) ? null : account.email,
      phone: account.phoneNumber ?? null,
      role,
      type: profileTypeFor(role),
    })
    .onConflictDoNothing({ target: profiles.id });
  await db.insert(userRoles).values({ user_id: account.id, role }).onConflictDoNothing();
  await refreshProfileScores(db, account.id);
}
