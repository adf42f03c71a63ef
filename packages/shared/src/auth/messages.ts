/** Spec 8 "Auth message mapping" and the auth texts of "Other messages". */
export type MessageLevel = 'error' | 'warning' | 'info';

export interface MappedAuthError {
  message: string;
  level: MessageLevel;
  /** Set when the error needs a special flow rather than a message. */
  code?: 'user_already_exists' | 'session_expired' | 'email_not_verified' | 'two_factor_required';
}

export const AUTH_TEXT = {
  incorrect: 'Email or password is incorrect.',
  rateLimited: 'Too many attempts. Please wait a few minutes before trying again.',
  signupDisabled: 'Account creation is currently disabled. Please contact support.',
  emailProviderDisabled: 'Email sign-in is disabled for this project.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  weakPassword: 'Password is too weak. Please choose a stronger password.',
  unexpected: 'An unexpected error occurred. Please try again.',
  welcomeBack: 'Welcome back!',
  accountCreated: 'Account created successfully!',
  checkYourEmail: 'Check Your Email',
  googleFailure: 'An unexpected error occurred with Google sign-up. Please try again.',
  resendFailed: 'Failed to send confirmation email',
  resetEmailFailed: 'Failed to send reset email',
  resetEmailFailedLong: 'Failed to send password reset email',
  updatePasswordFailed: 'Failed to update password',
  verificationFailed: 'Verification Failed',
  redirectingToSignIn: 'Redirecting you back to the sign-in page...',
  invalidEmailFormat: 'Invalid email format',
  resetRateLimited: 'Too many password reset attempts. Please try again in 30 minutes.',
  resetLinkSent: 'Password reset link sent to your email',
  passwordUpdated: 'Password updated successfully',
  signingOut: 'Signing out...',
  signedOut: 'Signed out successfully',
  signOutFailed: 'Sign out failed',
  sessionExpiredTitle: 'Session Expired',
  sessionExpiredBody: 'Please sign in again to continue.',
  emailNotVerified: 'Please verify your email address. We sent you a link.',
  settingUpAccount: 'Setting Up Your Account',
  connectingGoogle: 'Connecting with Google...',
} as const;

/**
 * Maps a server error (its code and message) to the spec's message and level. Matching is by text,
 * as the spec says, over the code and the message together.
 */
export function mapAuthError(
  error: { code?: string | null; message?: string | null } | null | undefined,
): MappedAuthError {
  const code = (error?.code ?? '').toLowerCase();
  const raw = error?.message ?? '';
  const text = `${code.replaceAll('_', ' ')} ${raw}`.toLowerCase();
  if (text.includes('invalid login credentials') || text.includes('invalid email or password')) {
    return { message: AUTH_TEXT.incorrect, level: 'error' };
  }
  if (
    text.includes('email rate limit exceeded') ||
    text.includes('too many requests') ||
    code === 'rate_limited'
  ) {
    return { message: AUTH_TEXT.rateLimited, level: 'warning' };
  }
  if (text.includes('signup disabled') || text.includes('sign up disabled')) {
    return { message: AUTH_TEXT.signupDisabled, level: 'error' };
  }
  if (text.includes('email provider disabled') || text.includes('email and password is not enabled')) {
    return { message: AUTH_TEXT.emailProviderDisabled, level: 'error' };
  }
  if (
    text.includes('invalid refresh token') ||
    text.includes('session expired') ||
    text.includes('invalid session')
  ) {
    return { message: AUTH_TEXT.sessionExpired, level: 'info', code: 'session_expired' };
  }
  if (
    text.includes('weak password') ||
    text.includes('password too short') ||
    text.includes('password is too short')
  ) {
    return { message: AUTH_TEXT.weakPassword, level: 'warning' };
  }
  if (text.includes('user already registered') || text.includes('user already exists')) {
    return { message: raw || 'User already registered', level: 'error', code: 'user_already_exists' };
  }
  if (text.includes('email not verified')) {
    return { message: AUTH_TEXT.emailNotVerified, level: 'warning', code: 'email_not_verified' };
  }
  return { message: raw.trim() || AUTH_TEXT.unexpected, level: 'error' };
}
