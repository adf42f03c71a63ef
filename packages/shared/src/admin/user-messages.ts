/** Issue 19: what a person is told about an admin action on their account (no zod: the app shell shows these). */
export const ADMIN_USER_MESSAGES = {
  /** Sign-in refused while suspended (spec has no string; ours). */
  suspendedSignIn: 'This account is suspended. Contact support@adwuma.com.gh if you think this is a mistake.',
  /** Sign-in refused until the password is changed after an admin asked for it. */
  resetRequiredSignIn:
    'For your security, choose a new password: use the link we emailed you, or "Forgot password".',
  /** Shown on the suspended person's own device when their session ends. */
  sessionEnded: 'You have been signed out.',
  notYourself: 'You cannot do this to your own account',
  lastAdmin: 'This is the last admin: grant admin to someone else first',
  alreadyAdmin: 'This user is already an admin',
  notAdmin: 'This user is not an admin',
  alreadySuspended: 'This user is already suspended',
  notSuspended: 'This user is not suspended',
  sameRole: 'This user already has that role',
  adminRoleChange: 'Remove admin before changing the role of an admin',
} as const;
