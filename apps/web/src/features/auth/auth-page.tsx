import { AUTH_TEXT, type AuthMode } from '@adwuma/shared';
import { Navigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import {
  AuthErrorScreen,
  AuthFooter,
  AuthTabs,
  BrandPanel,
  GoogleIcon,
  JoinAsProviderRedirect,
} from './auth-page-parts.tsx';
import { AUTH_PAGE_TEXT } from './auth-page-text.ts';
import { FullScreenState } from './components/full-screen-state.tsx';
import { ExistingAccountDialog } from './existing-account-dialog.tsx';
import { ForgotPasswordForm } from './forms/forgot-password-form.tsx';
import { InvalidResetLink, ResetPasswordForm } from './forms/reset-password-form.tsx';
import { SignInForm } from './forms/sign-in-form.tsx';
import { SignUpForm } from './forms/sign-up-form.tsx';
import { TwoFactorForm } from './forms/two-factor-form.tsx';
import { useAuthFlow } from './use-auth-flow.ts';

export { AUTH_PAGE_TEXT, type FlowStatus } from './auth-page-text.ts';

const TITLES: Record<AuthMode, string> = {
  signin: 'Sign in',
  signup: 'Sign up',
  'forgot-password': 'Forgot password',
  'reset-password': 'Reset password',
};

/**
 * /auth (spec 2 "Authentication", spec 4 "Auth screen"): one screen, four modes from ?mode=; the
 * other query parameters: returnTo, email, intent=provider, provider=google; token and error for
 * the reset link. The flow (state and actions) lives in use-auth-flow.ts.
 */
export function AuthPage() {
  const auth = useAuthFlow();
  const { mode, flow, twoFactor, intentProvider, switchMode } = auth;

  useDocumentTitle(twoFactor ? AUTH_PAGE_TEXT.twoFactor.title : TITLES[mode]);

  // A signed-in person opening /auth (not to reset a password) goes on to returnTo or /.
  if (auth.session.status === 'signed_in' && mode !== 'reset-password' && flow === 'idle' && !twoFactor) {
    if (intentProvider && mode === 'signup') return <JoinAsProviderRedirect />;
    return <Navigate to={auth.returnTo ?? '/'} replace />;
  }
  if (flow === 'auto_signing_in') {
    return (
      <FullScreenState title={AUTH_TEXT.settingUpAccount}>
        We're getting everything ready for you.
      </FullScreenState>
    );
  }
  if (flow === 'oauth_redirecting') return <FullScreenState title={AUTH_TEXT.connectingGoogle} />;
  if (flow === 'error') return <AuthErrorScreen message={auth.failure} onRetry={auth.retry} />;

  const busy = flow === 'loading' || flow === 'success';
  const resetInvalid =
    mode === 'reset-password' && (auth.tokenInvalid || Boolean(auth.resetLinkError) || !auth.resetToken);
  const heading = twoFactor
    ? AUTH_PAGE_TEXT.twoFactor
    : resetInvalid
      ? AUTH_PAGE_TEXT.resetInvalid
      : mode === 'signup' && intentProvider
        ? AUTH_PAGE_TEXT.signupProvider
        : AUTH_PAGE_TEXT[mode];
  const shownError = auth.formError && auth.formError.mode === mode ? auth.formError : null;
  const showTabs = (mode === 'signin' || mode === 'signup') && !twoFactor;
  const showGoogle = auth.googleOn && showTabs;
  const existingEmail = auth.existingEmail;

  return (
    <div className="bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/10">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6 sm:px-6 sm:py-12 lg:grid-cols-[1fr_30rem] lg:items-stretch lg:gap-12 lg:py-16">
        <BrandPanel provider={intentProvider} />
        <section
          aria-labelledby="auth-title"
          className="w-full rounded-3xl border border-border bg-card p-5 shadow-sm sm:mx-auto sm:max-w-lg sm:p-8 lg:max-w-none"
        >
          {showTabs && <AuthTabs mode={mode} onSwitch={switchMode} />}
          <h1 id="auth-title" className="text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
            {heading.title}
          </h1>
          <p className="mt-1.5 text-sm text-muted-fg sm:text-base">{heading.lead}</p>

          <div
            id="auth-panel"
            {...(showTabs ? { role: 'tabpanel', 'aria-labelledby': `auth-tab-${mode}` } : {})}
            className="mt-6"
            key={`${mode}-${auth.formKey}`}
          >
            {shownError && (
              <Alert tone="danger" role="alert" className="mb-5">
                {shownError.message}
              </Alert>
            )}
            {showGoogle && (
              <>
                <Button variant="outline" size="lg" className="w-full" onClick={auth.startGoogle}>
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
              <TwoFactorForm busy={busy} onSubmit={auth.verifyCode} onCancel={() => switchMode('signin')} />
            )}
            {mode === 'signin' && !twoFactor && (
              <SignInForm
                defaultEmail={auth.prefill}
                busy={busy}
                onSubmit={auth.signIn}
                onForgotPassword={(email) => switchMode('forgot-password', email)}
              />
            )}
            {mode === 'signup' && (
              <SignUpForm
                intentProvider={intentProvider}
                busy={busy}
                onSubmit={auth.signUp}
                defaultEmail={auth.prefill}
              />
            )}
            {mode === 'forgot-password' && (
              <ForgotPasswordForm
                defaultEmail={auth.prefill}
                busy={busy}
                onSubmit={auth.requestReset}
                onBackToSignIn={() => switchMode('signin')}
              />
            )}
            {mode === 'reset-password' &&
              (resetInvalid ? (
                <InvalidResetLink onRequestNew={() => switchMode('forgot-password')} />
              ) : (
                <ResetPasswordForm state={auth.resetState} onSubmit={auth.resetPassword} />
              ))}
          </div>

          <AuthFooter mode={mode} showTabs={showTabs} onSwitch={switchMode} />
        </section>
      </div>
      {existingEmail && (
        <ExistingAccountDialog
          email={existingEmail}
          onClose={() => auth.setExistingEmail(null)}
          onSignIn={() => switchMode('signin', existingEmail)}
          onResetPassword={() => switchMode('forgot-password', existingEmail)}
        />
      )}
    </div>
  );
}
