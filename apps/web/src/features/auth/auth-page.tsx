import {
  AUTH_DELAYS,
  AUTH_TEXT,
  type AuthMode,
  authModeFromQuery,
  type MappedAuthError,
  safeReturnTo,
  signupRole,
} from '@adwuma/shared';
import { BadgeCheck, MapPin, ShieldAlert, Star, Users } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ScreenShell } from '../../components/screens/screen-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AppLink } from '../../components/ui/button-link.tsx';
import { track } from '../../lib/analytics.ts';
import { ApiError, fieldErrors } from '../../lib/api.ts';
import { authApi } from '../../lib/auth-client.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { useJoinAsProvider } from '../account/use-join-as-provider.ts';
import { useAuthProviders } from './api/get-auth-providers.ts';
import { isServiceFailure, mapError, toastAuthMessage } from './auth-feedback.ts';
import { useSession } from './auth-provider.tsx';
import { FullScreenState } from './components/full-screen-state.tsx';
import { ExistingAccountDialog } from './existing-account-dialog.tsx';
import { ForgotPasswordForm } from './forms/forgot-password-form.tsx';
import { InvalidResetLink, ResetPasswordForm, type ResetState } from './forms/reset-password-form.tsx';
import { SignInForm, type SignInValues } from './forms/sign-in-form.tsx';
import { SignUpForm, type SignUpValues } from './forms/sign-up-form.tsx';
import { TwoFactorForm } from './forms/two-factor-form.tsx';

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

const TITLES: Record<AuthMode, string> = {
  signin: 'Sign in',
  signup: 'Sign up',
  'forgot-password': 'Forgot password',
  'reset-password': 'Reset password',
};

const TABS: { mode: 'signin' | 'signup'; label: string }[] = [
  { mode: 'signin', label: 'Sign in' },
  { mode: 'signup', label: 'Sign up' },
];

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5">
      <path
        fill="#4285F4"
        d="M22.5 12.27c0-.79-.07-1.54-.2-2.27H12v4.3h5.9a5.05 5.05 0 0 1-2.2 3.31v2.75h3.56c2.08-1.92 3.24-4.74 3.24-8.09z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.75c-.99.66-2.25 1.06-3.72 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.84 14.12a6.6 6.6 0 0 1 0-4.24V7.04H2.18a11 11 0 0 0 0 9.92l3.66-2.84z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.04l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

const HIGHLIGHTS = [
  { icon: Users, title: '1,000+ providers', text: 'Hair, tutoring, plumbing, cleaning, design and more.' },
  { icon: MapPin, title: '20+ cities', text: 'From Accra and Kumasi to Tamale and beyond.' },
  { icon: Star, title: '4.8 average rating', text: 'Reviews from customers who hired on Adwuma.' },
  {
    icon: BadgeCheck,
    title: 'Verified providers',
    text: 'Providers confirm their identity before they are listed.',
  },
] as const;

function BrandPanel({ provider }: { provider: boolean }) {
  return (
    <aside className="relative hidden overflow-hidden rounded-3xl bg-brand-700 p-10 text-white lg:block">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-br from-brand-600 via-brand-700 to-brand-800 [mask-image:linear-gradient(to_bottom,black,transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 h-24 opacity-30 [background-image:repeating-linear-gradient(90deg,#fbbf24_0_14px,#16a34a_14px_20px,transparent_20px_34px,#fde68a_34px_38px,transparent_38px_52px)]"
      />
      <div className="relative">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">
          Adwuma · work, made simple
        </p>
        <h2 className="mt-3 text-4xl font-extrabold leading-tight tracking-tight">
          {provider
            ? 'Grow your business with customers across Ghana.'
            : 'Trusted help for every job, near you.'}
        </h2>
        <ul className="mt-8 grid gap-5">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-white/15">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="block text-sm text-white/80">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

/** Signed-in visitors who followed a provider sign-up link are marked provider instead. */
function JoinAsProviderRedirect() {
  const join = useJoinAsProvider();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void join();
  }, [join]);
  return <FullScreenState title={AUTH_TEXT.settingUpAccount} />;
}

/**
 * /auth (spec 2 "Authentication", spec 4 "Auth screen"): one screen, four modes from ?mode=; the
 * other query parameters: returnTo, email, intent=provider, provider=google; token and error for
 * the reset link.
 */
export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const mode = authModeFromQuery(params.get('mode'));
  const returnTo = safeReturnTo(params.get('returnTo'));
  const intentProvider = params.get('intent') === 'provider';
  const resetToken = params.get('token');
  const resetLinkError = params.get('error');
  const session = useSession();
  const navigate = useNavigate();
  const providers = useAuthProviders();

  const [flow, setFlow] = useState<FlowStatus>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [formError, setFormError] = useState<(MappedAuthError & { mode: AuthMode }) | null>(null);
  const [existingEmail, setExistingEmail] = useState<string | null>(null);
  const [twoFactor, setTwoFactor] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [prefill, setPrefill] = useState(() => params.get('email') ?? '');
  const [resetState, setResetState] = useState<ResetState>('idle');
  const [tokenInvalid, setTokenInvalid] = useState(false);
  const googleStarted = useRef(false);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useDocumentTitle(twoFactor ? AUTH_PAGE_TEXT.twoFactor.title : TITLES[mode]);

  // Spec 4: switching modes clears errors and resets all forms (also by the browser's back button).
  const lastMode = useRef(mode);
  useEffect(() => {
    if (lastMode.current === mode) return;
    lastMode.current = mode;
    setFormError(null);
    setTwoFactor(false);
    setExistingEmail(null);
    setFormKey((k) => k + 1);
  }, [mode]);

  function switchMode(next: AuthMode, email?: string) {
    setFormError(null);
    setTwoFactor(false);
    setExistingEmail(null);
    setFlow('idle');
    setPrefill(email ?? '');
    setFormKey((k) => k + 1);
    const query = new URLSearchParams();
    if (next !== 'signin') query.set('mode', next);
    if (returnTo) query.set('returnTo', returnTo);
    if (intentProvider && next === 'signup') query.set('intent', 'provider');
    if (email && next === 'signin') query.set('email', email);
    setParams(query);
  }

  function showError(error: unknown, email?: string) {
    const mapped = mapError(error);
    if (isServiceFailure(error)) {
      toastAuthMessage(mapped);
      setFailure(mapped.message);
      setFlow('error');
      return;
    }
    setFlow('idle');
    if (mapped.code === 'user_already_exists' && email) {
      setExistingEmail(email);
      return;
    }
    if (mapped.code === 'email_not_verified' && email) {
      toastAuthMessage(mapped);
      navigate(`/check-email?email=${encodeURIComponent(email)}`);
      return;
    }
    setFormError({ ...mapped, mode });
    toastAuthMessage(mapped);
  }

  async function finishSignIn(event: 'SIGNED_IN' | 'MFA_CHALLENGE_VERIFIED') {
    setFlow('success');
    await session.refresh(event).catch(() => null);
    toast.success(AUTH_TEXT.welcomeBack);
    navigate(returnTo ?? '/', { replace: true });
  }

  async function signIn(values: SignInValues) {
    setFormError(null);
    setFlow('loading');
    try {
      const result = await authApi.signIn(values);
      if (result && 'twoFactorRedirect' in result && result.twoFactorRedirect) {
        setTwoFactor(true);
        setFlow('idle');
        return;
      }
      await finishSignIn('SIGNED_IN');
    } catch (error) {
      showError(error, values.email);
    }
  }

  async function verifyCode(code: string) {
    setFormError(null);
    setFlow('loading');
    try {
      await authApi.verifyTotp(code);
      await finishSignIn('MFA_CHALLENGE_VERIFIED');
    } catch (error) {
      showError(error);
    }
  }

  async function signUp(values: SignUpValues): Promise<Record<string, string> | undefined> {
    const userRole = signupRole(values.userRole, intentProvider);
    setFormError(null);
    setFlow('loading');
    try {
      const result = await authApi.signUp({
        name: values.fullName,
        email: values.email,
        password: values.password,
        userRole,
      });
      track('user_signup', { role: userRole, method: 'email' });
      track('conversion', { type: 'signup', role: userRole });
      toast.success(AUTH_TEXT.accountCreated);
      if (!result?.token) {
        // Verification required: no session until the link is followed.
        setFlow('idle');
        navigate(`/check-email?email=${encodeURIComponent(values.email)}`, { replace: true });
        return undefined;
      }
      setFlow('auto_signing_in');
      await session.refresh('SIGNED_IN').catch(() => null);
      navigate(returnTo ?? '/', { replace: true });
      return undefined;
    } catch (error) {
      const byField = fieldErrors(error);
      if (Object.keys(byField).length) {
        setFlow('idle');
        return byField;
      }
      showError(error, values.email);
      return undefined;
    }
  }

  async function requestReset(email: string): Promise<boolean> {
    setFormError(null);
    setFlow('loading');
    try {
      await authApi.requestPasswordReset(email);
      setFlow('idle');
      toast.success(AUTH_TEXT.resetLinkSent);
      return true;
    } catch (error) {
      setFlow('idle');
      if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
        const mapped = { message: AUTH_TEXT.resetRateLimited, level: 'warning' as const };
        setFormError({ ...mapped, mode });
        toastAuthMessage(mapped);
      } else if (isServiceFailure(error)) {
        const mapped = { message: AUTH_TEXT.resetEmailFailedLong, level: 'error' as const };
        setFormError({ ...mapped, mode });
        toastAuthMessage(mapped);
      } else {
        showError(error);
      }
      return false;
    }
  }

  async function resetPassword(password: string) {
    if (!resetToken) return;
    setFormError(null);
    setResetState('loading');
    try {
      await authApi.resetPassword({ newPassword: password, token: resetToken });
      setResetState('success');
      toast.success(AUTH_TEXT.passwordUpdated);
      window.setTimeout(() => navigate('/dashboard', { replace: true }), AUTH_DELAYS.resetSuccessMs);
    } catch (error) {
      setResetState('error');
      if (error instanceof ApiError && /invalid.?token|expired/i.test(`${error.code} ${error.message}`)) {
        setTokenInvalid(true);
        return;
      }
      const mapped = isServiceFailure(error)
        ? { message: AUTH_TEXT.updatePasswordFailed, level: 'error' as const }
        : mapError(error);
      setFormError({ ...mapped, mode });
      toastAuthMessage(mapped);
    }
  }

  async function startGoogle() {
    setFlow('oauth_redirecting');
    try {
      const url = await authApi.googleUrl({ returnTo, intentProvider: intentProvider && mode === 'signup' });
      window.location.assign(url);
    } catch {
      toast.error(AUTH_TEXT.googleFailure);
      setFailure(AUTH_TEXT.googleFailure);
      setFlow('error');
    }
  }

  // provider=google starts Google at once (when it is on).
  const googleOn = providers.data?.google === true;
  useEffect(() => {
    if (params.get('provider') !== 'google' || googleStarted.current || !providers.isFetched) return;
    googleStarted.current = true;
    if (googleOn) void startGoogle();
    else toast.error(AUTH_TEXT.googleFailure);
  });

  // A signed-in person opening /auth (not to reset a password) goes on to returnTo or /.
  if (session.status === 'signed_in' && mode !== 'reset-password' && flow === 'idle' && !twoFactor) {
    if (intentProvider && mode === 'signup') return <JoinAsProviderRedirect />;
    return <Navigate to={returnTo ?? '/'} replace />;
  }
  if (flow === 'auto_signing_in') {
    return (
      <FullScreenState title={AUTH_TEXT.settingUpAccount}>
        We're getting everything ready for you.
      </FullScreenState>
    );
  }
  if (flow === 'oauth_redirecting') return <FullScreenState title={AUTH_TEXT.connectingGoogle} />;
  if (flow === 'error') {
    return (
      <ScreenShell
        role="alert"
        tone="danger"
        icon={<ShieldAlert aria-hidden="true" className="h-7 w-7" />}
        title={AUTH_PAGE_TEXT.errorTitle}
        actions={
          <Button
            onClick={() => {
              setFailure(null);
              setFlow('idle');
            }}
          >
            {AUTH_PAGE_TEXT.tryAgain}
          </Button>
        }
      >
        <p>{failure ?? AUTH_TEXT.unexpected}</p>
      </ScreenShell>
    );
  }

  const busy = flow === 'loading' || flow === 'success';
  const resetInvalid = mode === 'reset-password' && (tokenInvalid || Boolean(resetLinkError) || !resetToken);
  const heading = twoFactor
    ? AUTH_PAGE_TEXT.twoFactor
    : resetInvalid
      ? AUTH_PAGE_TEXT.resetInvalid
      : mode === 'signup' && intentProvider
        ? AUTH_PAGE_TEXT.signupProvider
        : AUTH_PAGE_TEXT[mode];
  const shownError = formError && formError.mode === mode ? formError : null;
  const showTabs = (mode === 'signin' || mode === 'signup') && !twoFactor;
  const showGoogle = googleOn && showTabs;

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    const tab = TABS[next];
    if (!tab) return;
    switchMode(tab.mode);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/10">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6 sm:px-6 sm:py-12 lg:grid-cols-[1fr_30rem] lg:items-stretch lg:gap-12 lg:py-16">
        <BrandPanel provider={intentProvider} />
        <section
          aria-labelledby="auth-title"
          className="w-full rounded-3xl border border-border bg-card p-5 shadow-sm sm:mx-auto sm:max-w-lg sm:p-8 lg:max-w-none"
        >
          {showTabs && (
            <div
              role="tablist"
              aria-label="Account"
              className="mb-6 grid grid-cols-2 gap-1 rounded-full bg-muted p-1"
            >
              {TABS.map((tab, index) => {
                const selected = mode === tab.mode;
                return (
                  <button
                    key={tab.mode}
                    ref={(el) => {
                      tabRefs.current[index] = el;
                    }}
                    type="button"
                    role="tab"
                    id={`auth-tab-${tab.mode}`}
                    aria-selected={selected}
                    aria-controls="auth-panel"
                    tabIndex={selected ? 0 : -1}
                    onKeyDown={(event) => onTabKey(event, index)}
                    onClick={() => !selected && switchMode(tab.mode)}
                    className={`min-h-10 rounded-full px-4 text-sm font-semibold transition-colors ${
                      selected ? 'bg-card text-fg shadow-sm' : 'text-muted-fg hover:text-fg'
                    }`}
                  >
                    {tab.label}
                  </button>
                );
              })}
            </div>
          )}
          <h1 id="auth-title" className="text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
            {heading.title}
          </h1>
          <p className="mt-1.5 text-sm text-muted-fg sm:text-base">{heading.lead}</p>

          <div
            id="auth-panel"
            {...(showTabs ? { role: 'tabpanel', 'aria-labelledby': `auth-tab-${mode}` } : {})}
            className="mt-6"
            key={`${mode}-${formKey}`}
          >
            {shownError && (
              <Alert tone="danger" role="alert" className="mb-5">
                {shownError.message}
              </Alert>
            )}
            {showGoogle && (
              <>
                <Button variant="outline" size="lg" className="w-full" onClick={startGoogle}>
                  <GoogleIcon />
                  {AUTH_PAGE_TEXT.google}
                </Button>
                <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wider text-muted-fg">
                  <span className="h-px flex-1 bg-border" />
                  or with email
                  <span className="h-px flex-1 bg-border" />
                </div>
              </>
            )}
            {mode === 'signin' && twoFactor && (
              <TwoFactorForm busy={busy} onSubmit={verifyCode} onCancel={() => switchMode('signin')} />
            )}
            {mode === 'signin' && !twoFactor && (
              <SignInForm
                defaultEmail={prefill}
                busy={busy}
                onSubmit={signIn}
                onForgotPassword={(email) => switchMode('forgot-password', email)}
              />
            )}
            {mode === 'signup' && (
              <SignUpForm
                intentProvider={intentProvider}
                busy={busy}
                onSubmit={signUp}
                defaultEmail={prefill}
              />
            )}
            {mode === 'forgot-password' && (
              <ForgotPasswordForm
                defaultEmail={prefill}
                busy={busy}
                onSubmit={requestReset}
                onBackToSignIn={() => switchMode('signin')}
              />
            )}
            {mode === 'reset-password' &&
              (resetInvalid ? (
                <InvalidResetLink onRequestNew={() => switchMode('forgot-password')} />
              ) : (
                <ResetPasswordForm state={resetState} onSubmit={resetPassword} />
              ))}
          </div>

          {showTabs && (
            <p className="mt-6 text-center text-sm text-muted-fg">
              {mode === 'signin' ? "Don't have an account? " : 'Already have an account? '}
              <button
                type="button"
                onClick={() => switchMode(mode === 'signin' ? 'signup' : 'signin')}
                className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-500"
              >
                {mode === 'signin' ? 'Create one' : 'Sign in instead'}
              </button>
            </p>
          )}
          {mode === 'signup' && (
            <p className="mt-3 text-center text-xs text-muted-fg">
              By creating an account you agree to our{' '}
              <AppLink to={ROUTES.terms} className="underline">
                Terms
              </AppLink>{' '}
              and{' '}
              <AppLink to={ROUTES.privacy} className="underline">
                Privacy notice
              </AppLink>
              .
            </p>
          )}
        </section>
      </div>
      {existingEmail && (
        <ExistingAccountDialog
          email={existingEmail}
          onClose={() => setExistingEmail(null)}
          onSignIn={() => switchMode('signin', existingEmail)}
          onResetPassword={() => switchMode('forgot-password', existingEmail)}
        />
      )}
    </div>
  );
}
