import type { AuthMode, MappedAuthError } from '@adwuma/shared';

// Copy and shared types of the /auth screen (spec 4 "Auth screen"), used by its parts.

/** Spec 4 "Auth screen" flow status. */
export type FlowStatus = 'idle' | 'loading' | 'auto_signing_in' | 'oauth_redirecting' | 'success' | 'error';

export const AUTH_PAGE_TEXT = {
  signin: {
    title: 'Welcome back',
    lead: 'Sign in to book services, message providers and manage your jobs.',
  },
  signup: { title: 'Create your account', lead: 'Join Adwuma to find trusted help or grow your business.' },
  signupProvider: {
    title: 'Join as a provider',
    lead: 'Create your account, then set up your profile and services.',
  },
  'forgot-password': {
    title: 'Forgot your password?',
    lead: "Enter your email and we'll send you a reset link.",
  },
  'reset-password': {
    title: 'Choose a new password',
    lead: 'Pick a password you have not used on Adwuma before.',
  },
  resetInvalid: {
    title: 'Reset your password',
    lead: 'Links in our password emails work once, for 30 minutes.',
  },
  twoFactor: { title: 'Two-step verification', lead: 'One more step to keep your account safe.' },
  errorTitle: 'Authentication Error',
  tryAgain: 'Try Again',
  google: 'Continue with Google',
} as const;

/** An inline form error, remembered with the mode it belongs to. */
export type FormError = MappedAuthError & { mode: AuthMode };
