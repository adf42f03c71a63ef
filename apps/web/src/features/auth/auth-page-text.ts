import type { AuthMode, MappedAuthError } from '@adwuma/shared';

// Shared types of the /auth screen (spec 4 "Auth screen"); its texts are in src/locales/*/auth.json.

/** Spec 4 "Auth screen" flow status. */
export type FlowStatus = 'idle' | 'loading' | 'auto_signing_in' | 'oauth_redirecting' | 'success' | 'error';

/** An inline form error, remembered with the mode it belongs to. */
export type FormError = MappedAuthError & { mode: AuthMode };
