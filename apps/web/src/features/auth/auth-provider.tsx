import {
  type ActiveRole,
  AUTH_DELAYS,
  AUTH_TEXT,
  canSwitchView,
  type Role,
  restoreActiveRole,
  safeReturnTo,
  signInUrl,
} from '@adwuma/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onSessionExpired } from '../../lib/api.ts';
import {
  clearStoredAuthState,
  currentPath,
  ME_QUERY_KEY,
  type Me,
  meQueryOptions,
  SESSION_PATH,
} from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { JoinAsProviderHost } from './join-as-provider-dialog.tsx';
import { readViewChoice, writeViewChoice } from './view-choice.ts';

/**
 * Spec 4 "Auth screen" session states, as the app sees them: the first answer, a sign-in, a
 * refresh of the same session, a sign-out, and a passed two-factor challenge.
 */
export type SessionEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'TOKEN_REFRESHED'
  | 'SIGNED_OUT'
  | 'MFA_CHALLENGE_VERIFIED';

export type SessionStatus = 'loading' | 'signed_in' | 'signed_out' | 'error';

export interface AuthContextValue {
  status: SessionStatus;
  me: Me | null;
  user: Me['user'] | null;
  profile: Me['profile'] | null;
  role: Role | null;
  isAdmin: boolean;
  /** The view a provider-like person works in (spec 4): customers always 'customer'. */
  activeRole: ActiveRole;
  canSwitchView: boolean;
  setActiveRole: (role: ActiveRole) => void;
  event: SessionEvent | null;
  error: unknown;
  /** Reads /api/me again (after sign-in, sign-up, verification) and answers the fresh value. */
  refresh: (event?: SessionEvent) => Promise<Me | null>;
  /** Spec 4 "Sign-out"; `everywhere` also ends every other session (the hard form). */
  signOut: (options?: { everywhere?: boolean }) => Promise<void>;
  isLoggingOut: boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Spec 8: "Using the loading or auth context outside its provider throws." */
export function useSession(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useSession must be used inside <AuthProvider>');
  return value;
}

/** For shared chrome that may also render outside the app (then: nobody is signed in). */
export function useOptionalSession(): AuthContextValue | null {
  return useContext(AuthContext);
}

/**
 * For a link or button whose target depends on who is signed in (Message, Request a quote, Save):
 * on a server-rendered page it can be tapped before the browser knows the session (issue 20). Call
 * it first in the click handler: while the session is unknown it stops the click, waits for the
 * answer and calls `then` with it; once known it does nothing and answers false (handle the click).
 */
export function useWhenSessionKnown() {
  const queryClient = useQueryClient();
  const { status } = useSession();
  return useCallback(
    (event: { preventDefault(): void }, then: (signedIn: boolean) => void): boolean => {
      if (status !== 'loading') return false;
      event.preventDefault();
      queryClient.fetchQuery(meQueryOptions).then(
        (me) => then(Boolean(me)),
        () => then(false),
      );
      return true;
    },
    [status, queryClient],
  );
}

/** Where an expired session sends the person: back to this page after signing in, else /dashboard. */
export function expiredSignInUrl(path: string): string {
  const safe = safeReturnTo(path);
  return signInUrl(safe && safe !== '/' ? safe : '/dashboard');
}

/** Spec 4 hard sign-out: all local and session storage, the theme choice included. */
function clearAllStorage() {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // storage unavailable
  }
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * The one source of who is signed in: a TanStack query of /api/me (signed out is null, not an
 * error), the effective role, the active view, sign-out and the session-expiry flow. Lives inside
 * the router so it can send people to sign in.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useQuery(meQueryOptions);
  const me = query.data ?? null;
  const role = me?.role ?? null;

  const [event, setEvent] = useState<SessionEvent | null>(null);
  const [isLoggingOut, setLoggingOut] = useState(false);
  const loggingOutRef = useRef(false);
  const expiringRef = useRef(false);
  const lastUserId = useRef<string | null>(null);
  const locationRef = useRef(location);
  locationRef.current = location;

  // Session transitions → the spec's states.
  useEffect(() => {
    if (query.status !== 'success') return;
    const id = me?.user.id ?? null;
    const before = lastUserId.current;
    setEvent((current) => {
      if (current === null) return 'INITIAL_SESSION';
      if (before === null && id !== null) return current === 'MFA_CHALLENGE_VERIFIED' ? current : 'SIGNED_IN';
      if (before !== null && id === null) return 'SIGNED_OUT';
      if (before !== null && id === before)
        return current === 'INITIAL_SESSION' ? current : 'TOKEN_REFRESHED';
      return current;
    });
    lastUserId.current = id;
    if (id) expiringRef.current = false;
  }, [query.status, me]);

  // The active view (decision 021): the person's choice (the adwuma_view cookie the server reads
  // too), honoured only when the role allows it; a provider-like person's default is the provider view.
  const [viewChoice, setViewChoice] = useState<ActiveRole | null>(readViewChoice);
  const activeRole: ActiveRole = role ? restoreActiveRole(viewChoice, role) : 'customer';
  const chooseView = useCallback((next: ActiveRole | null) => {
    writeViewChoice(next);
    setViewChoice(next);
  }, []);
  const setActiveRole = useCallback(
    (next: ActiveRole) => chooseView(role && canSwitchView(role) ? next : 'customer'),
    [role, chooseView],
  );

  const dropAccountData = useCallback(() => {
    clearStoredAuthState();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
    queryClient.setQueryData(ME_QUERY_KEY, null);
    chooseView(null);
  }, [queryClient, chooseView]);

  // Spec 8 "Invalid refresh token": say so, forget the session, sign in again and come back here.
  useEffect(
    () =>
      onSessionExpired((path, end) => {
        if (loggingOutRef.current) return;
        // Already on the way out: a later, more specific reason (suspended…) replaces the message.
        if (expiringRef.current) {
          if (end?.message) toast.info(end.message, { id: 'session-expired' });
          return;
        }
        if (path === SESSION_PATH && lastUserId.current === null) return;
        // No session cookie at all: /api/session answers null by itself; elsewhere only a signed-in app cares.
        if (end?.signedInOnly && (path === SESSION_PATH || lastUserId.current === null)) return;
        expiringRef.current = true;
        lastUserId.current = null;
        // Spec 8: 'Session Expired — Please sign in again to continue.' (or the server's own reason).
        if (end?.message) toast.info(end.message, { id: 'session-expired' });
        else
          toast.info(AUTH_TEXT.sessionExpiredTitle, {
            id: 'session-expired',
            description: AUTH_TEXT.sessionExpiredBody,
          });
        dropAccountData();
        setEvent('SIGNED_OUT');
        const here = currentPath(locationRef.current);
        navigate(expiredSignInUrl(here), { replace: true });
      }),
    [dropAccountData, navigate],
  );

  const refresh = useCallback(
    async (next?: SessionEvent) => {
      if (next) setEvent(next);
      return queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    },
    [queryClient],
  );

  const signOut = useCallback(
    async ({ everywhere = false }: { everywhere?: boolean } = {}) => {
      // Spec 4: a logging-out flag; a second click while signing out is ignored.
      if (loggingOutRef.current) return;
      loggingOutRef.current = true;
      setLoggingOut(true);
      const toastId = toast.loading(AUTH_TEXT.signingOut);
      const from = window.location.pathname;
      let ok = true;
      try {
        const { authApi } = await import('../../lib/auth-client.ts');
        if (everywhere) {
          try {
            await authApi.revokeSessions();
          } catch {
            // the local sign-out below still ends this browser's session
          }
        }
        await authApi.signOut();
      } catch {
        ok = false;
      }
      if (everywhere) clearAllStorage();
      dropAccountData();
      lastUserId.current = null;
      setEvent('SIGNED_OUT');
      if (ok) toast.success(AUTH_TEXT.signedOut, { id: toastId });
      else toast.error(AUTH_TEXT.signOutFailed, { id: toastId });
      await wait(ok ? AUTH_DELAYS.signOutSuccessMs : AUTH_DELAYS.signOutFailureMs);
      navigate('/', { replace: true });
      // Spec 4: a hard redirect if the router did not move within 120 ms.
      window.setTimeout(() => {
        if (window.location.pathname === from && from !== '/') window.location.assign('/');
      }, AUTH_DELAYS.logoutHardRedirectMs);
      loggingOutRef.current = false;
      setLoggingOut(false);
    },
    [dropAccountData, navigate],
  );

  const status: SessionStatus = query.isPending
    ? 'loading'
    : query.isError && !me
      ? 'error'
      : me
        ? 'signed_in'
        : 'signed_out';

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      me,
      user: me?.user ?? null,
      profile: me?.profile ?? null,
      role,
      isAdmin: me?.isAdmin === true,
      activeRole,
      canSwitchView: role ? canSwitchView(role) : false,
      setActiveRole,
      event,
      error: query.error,
      refresh,
      signOut,
      isLoggingOut,
    }),
    [status, me, role, activeRole, setActiveRole, event, query.error, refresh, signOut, isLoggingOut],
  );

  return (
    <AuthContext.Provider value={value}>
      <JoinAsProviderHost refresh={refresh} chooseView={chooseView}>
        {children}
      </JoinAsProviderHost>
    </AuthContext.Provider>
  );
}
