import type { SignupRole } from '@adwuma/shared';
import { ApiError, NETWORK_MESSAGE, notifySessionExpired, toApiError } from './api.ts';

/** Where mails and Google send people back to (spec 2 "/auth/callback"). */
export const AUTH_CALLBACK_PATH = '/auth/callback';
/** Spec 7: "Reset password for email: redirect {origin}/auth?mode=reset-password". */
export const RESET_REDIRECT_PATH = '/auth?mode=reset-password';

async function makeClient() {
  // Better Auth's client (~12 KB gzip) is downloaded on the first call, when someone signs in, up or
  // out, not with every page that could lead there (issue 20).
  const [{ createAuthClient }, { twoFactorClient }] = await Promise.all([
    import('better-auth/client'),
    import('better-auth/client/plugins'),
  ]);
  return createAuthClient({
    baseURL: window.location.origin,
    basePath: '/api/auth',
    plugins: [twoFactorClient()],
    fetchOptions: {
      // The global fetch at call time (tests stub it; the client would otherwise keep the first one).
      customFetchImpl: (input, init) => fetch(input, init),
    },
  });
}

type Client = Awaited<ReturnType<typeof makeClient>>;
let client: Promise<Client> | null = null;

/** Better Auth's browser client, loaded and created on first use (again after a failed download). */
export function authClient(): Promise<Client> {
  client ??= makeClient().catch((error: unknown) => {
    client = null;
    throw error;
  });
  return client;
}

type ClientResult<T> = { data: T | null; error: ({ status: number } & Record<string, unknown>) | null };

/** Every call through one door: a refusal becomes an ApiError, whichever body shape it came in. */
async function unwrap<T>(call: (client: Client) => Promise<ClientResult<T>>): Promise<T> {
  let result: ClientResult<T>;
  try {
    result = await call(await authClient());
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE);
  }
  if (result.error) {
    const error = toApiError(result.error.status, result.error);
    if (error.code === 'SESSION_EXPIRED') notifySessionExpired('/api/auth');
    throw error;
  }
  return result.data as T;
}

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface SignUpResult {
  /** null when the server wants the email confirmed before the first sign-in. */
  token: string | null;
  user: AuthUser;
}

export type SignInResult = { twoFactorRedirect: true } | { twoFactorRedirect?: false; user: AuthUser };

/** The calls of spec 7 "Authentication", on Better Auth's endpoints under /api/auth. */
export const authApi = {
  signUp(input: { name: string; email: string; password: string; userRole: SignupRole }) {
    return unwrap<SignUpResult>(
      (client) =>
        client.$fetch('/sign-up/email', {
          method: 'POST',
          body: {
            name: input.name,
            email: input.email,
            password: input.password,
            user_role: input.userRole,
            callbackURL: AUTH_CALLBACK_PATH,
          },
        }) as Promise<ClientResult<SignUpResult>>,
    );
  },

  signIn(input: { email: string; password: string }) {
    return unwrap<SignInResult>(
      (client) =>
        client.signIn.email({ email: input.email, password: input.password }) as Promise<
          ClientResult<SignInResult>
        >,
    );
  },

  verifyTotp(code: string) {
    return unwrap((client) => client.twoFactor.verifyTotp({ code }) as Promise<ClientResult<unknown>>);
  },

  enableTwoFactor(password: string) {
    return unwrap<{ totpURI: string; backupCodes: string[] }>(
      (client) =>
        client.twoFactor.enable({ password }) as Promise<
          ClientResult<{ totpURI: string; backupCodes: string[] }>
        >,
    );
  },

  disableTwoFactor(password: string) {
    return unwrap((client) => client.twoFactor.disable({ password }) as Promise<ClientResult<unknown>>);
  },

  signOut() {
    return unwrap((client) => client.signOut() as Promise<ClientResult<unknown>>);
  },

  /** Spec 7 "Sign out: scope global": every session of the account. */
  revokeSessions() {
    return unwrap((client) => client.revokeSessions() as Promise<ClientResult<unknown>>);
  },

  sendVerificationEmail(email: string) {
    return unwrap(
      (client) =>
        client.sendVerificationEmail({ email, callbackURL: AUTH_CALLBACK_PATH }) as Promise<
          ClientResult<unknown>
        >,
    );
  },

  requestPasswordReset(email: string) {
    return unwrap(
      (client) =>
        client.requestPasswordReset({ email, redirectTo: RESET_REDIRECT_PATH }) as Promise<
          ClientResult<unknown>
        >,
    );
  },

  resetPassword(input: { newPassword: string; token: string }) {
    return unwrap((client) => client.resetPassword(input) as Promise<ClientResult<unknown>>);
  },

  /**
   * Google (an OIDC provider registered under the id "google"): the server answers the address to
   * send the browser to; the caller shows 'Connecting with Google...' and goes there.
   */
  async googleUrl(options: { returnTo?: string | null; intentProvider?: boolean } = {}): Promise<string> {
    const query = new URLSearchParams();
    if (options.returnTo) query.set('returnTo', options.returnTo);
    if (options.intentProvider) query.set('intent', 'provider');
    const qs = query.toString();
    const back = qs ? `${AUTH_CALLBACK_PATH}?${qs}` : AUTH_CALLBACK_PATH;
    const data = await unwrap<{ url?: string }>(
      (client) =>
        client.signIn.social({
          provider: 'google',
          callbackURL: back,
          errorCallbackURL: AUTH_CALLBACK_PATH,
          disableRedirect: true,
        }) as Promise<ClientResult<{ url?: string }>>,
    );
    if (!data?.url) throw new ApiError(500, 'NO_REDIRECT', 'Google sign-in did not answer an address.');
    return data.url;
  },
};
