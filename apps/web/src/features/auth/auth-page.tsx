import type { AuthMode } from '@adwuma/shared';
import { useState } from 'react';
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
import { FullScreenState } from './components/full-screen-state.tsx';
import { TextButton } from './components/text-button.tsx';
import { ExistingAccountDialog } from './existing-account-dialog.tsx';
import { EmailCodeSignIn } from './forms/email-code-sign-in.tsx';
import { ForgotPasswordForm } from './forms/forgot-password-form.tsx';
import { PhoneAuthForm } from './forms/phone-auth-form.tsx';
import { InvalidResetLink, ResetPasswordForm } from './forms/reset-password-form.tsx';
import { SignInForm } from './forms/sign-in-form.tsx';
import { SignUpForm } from './forms/sign-up-form.tsx';
import { TwoFactorForm } from './forms/two-factor-form.tsx';
import { sayAuthText, useAuthText } from './i18n.ts';
import { authModeHref } from './mode-links.tsx';
import { useAuthFlow } from './use-auth-flow.ts';

export type { FlowStatus } from './auth-page-text.ts';

/** The catalog's name of each mode (auth.json page.*). */
const MODE_KEYS = {
  signin: 'signin',
  signup: 'signup',
  'forgot-password': 'forgotPassword',
  'reset-password': 'resetPassword',
} as const satisfies Record<AuthMode, string>;

/**
 * /auth (spec 2 "Authentication", spec 4 "Auth screen"): one screen, four modes from ?mode=; the
 * other query parameters: returnTo, email, intent=provider, provider=google; token and error for
 * the reset link. The flow (state and actions) lives in use-auth-flow.ts.
 */
export function AuthPage() {
  const auth = useAuthFlow();
  const { mode, flow, twoFactor, intentProvider, switchMode } = auth;
  const { t } = useAuthText();
  // Issue 21: sign in and up by email (and password) or by phone (an SMS code).
  const [method, setMethod] = useState<'email' | 'phone'>('email');

  useDocumentTitle(twoFactor ? t('page.twoFactor.title') : t(`page.docTitle.${MODE_KEYS[mode]}`));

  // A signed-in person opening /auth (not to reset a password) goes on to returnTo or /.
  if (auth.session.status === 'signed_in' && mode !== 'reset-password' && flow === 'idle' && !twoFactor) {
    if (intentProvider && mode === 'signup') return <JoinAsProviderRedirect />;
    return <Navigate to={auth.returnTo ?? '/'} replace />;
  }
  if (flow === 'auto_signing_in') {
    return <FullScreenState title={t('page.settingUp')}>{t('page.gettingReady')}</FullScreenState>;
  }
  if (flow === 'oauth_redirecting') return <FullScreenState title={t('page.connectingGoogle')} />;
  if (flow === 'error') return <AuthErrorScreen message={auth.failure} onRetry={auth.retry} />;

  const busy = flow === 'loading' || flow === 'success';
  const resetInvalid =
    mode === 'reset-password' && (auth.tokenInvalid || Boolean(auth.resetLinkError) || !auth.resetToken);
  const headingKey = twoFactor
    ? 'twoFactor'
    : resetInvalid
      ? 'resetInvalid'
      : mode === 'signup' && intentProvider
        ? 'signupProvider'
        : MODE_KEYS[mode];
  const shownError = auth.formError && auth.formError.mode === mode ? auth.formError : null;
  const showTabs = (mode === 'signin' || mode === 'signup') && !twoFactor;
  const showGoogle = auth.googleOn && showTabs;
  const existingEmail = auth.existingEmail;
  const byPhone = showTabs && method === 'phone';
  // Issue 30: the mode switches are links to their mode, which work before the app has hydrated.
  const hrefFor = (next: AuthMode) => authModeHref(next, { returnTo: auth.returnTo, intentProvider });

  return (
    <div className="bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/10">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6 sm:px-6 sm:py-12 lg:grid-cols-[1fr_30rem] lg:items-stretch lg:gap-12 lg:py-16">
        <BrandPanel provider={intentProvider} />
        <section
          aria-labelledby="auth-title"
          className="w-full rounded-3xl border border-border bg-card p-5 shadow-sm sm:mx-auto sm:max-w-lg sm:p-8 lg:max-w-none"
        >
          {showTabs && <AuthTabs mode={mode} onSwitch={switchMode} hrefFor={hrefFor} />}
          <h1 id="auth-title" className="text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
            {t(`page.${headingKey}.title`)}
          </h1>
          <p className="mt-1.5 text-sm text-muted-fg sm:text-base">{t(`page.${headingKey}.lead`)}</p>

          <div
            id="auth-panel"
            {...(showTabs ? { role: 'tabpanel', 'aria-labelledby': `auth-tab-${mode}` } : {})}
            className="mt-6"
            key={`${mode}-${auth.formKey}`}
          >
            {shownError && (
              <Alert tone="danger" role="alert" className="mb-5">
                {sayAuthText(shownError.message, t)}
              </Alert>
            )}
            {showGoogle && (
              <>
                <Button variant="outline" size="lg" className="w-full" onClick={auth.startGoogle}>
                  <GoogleIcon />
                  {t('page.google')}
                </Button>
                <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wider text-muted-fg">
                  <span className="h-px flex-1 bg-border" />
                  {byPhone ? t('page.orWithPhone') : t('page.orWithEmail')}
                  <span className="h-px flex-1 bg-border" />
                </div>
              </>
            )}
            {mode === 'signin' && twoFactor && (
              <TwoFactorForm busy={busy} onSubmit={auth.verifyCode} onCancel={() => switchMode('signin')} />
            )}
            {byPhone && (
              <PhoneAuthForm
                kind={mode === 'signup' ? 'signup' : 'signin'}
                intentProvider={intentProvider}
                onSignedIn={auth.phoneSignedIn}
              />
            )}
            {mode === 'signin' && !twoFactor && !byPhone && auth.codeOffer && (
              <EmailCodeSignIn
                key={auth.codeOffer.email}
                offer={auth.codeOffer}
                onSignedIn={auth.emailCodeSignedIn}
              />
            )}
            {mode === 'signin' && !twoFactor && !byPhone && (
              <SignInForm
                defaultEmail={auth.prefill}
                busy={busy}
                onSubmit={auth.signIn}
                onForgotPassword={(email) => switchMode('forgot-password', email)}
                forgotPasswordHref={hrefFor('forgot-password')}
              />
            )}
            {mode === 'signup' && !byPhone && (
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
                backToSignInHref={hrefFor('signin')}
              />
            )}
            {mode === 'reset-password' &&
              (resetInvalid ? (
                <InvalidResetLink onRequestNew={() => switchMode('forgot-password')} />
              ) : (
                <ResetPasswordForm state={auth.resetState} onSubmit={auth.resetPassword} />
              ))}
            {showTabs && (
              <div className="mt-4 text-center">
                <TextButton onClick={() => setMethod(byPhone ? 'email' : 'phone')}>
                  {byPhone ? t('phone.useEmail') : t('phone.usePhone')}
                </TextButton>
              </div>
            )}
          </div>

          <AuthFooter mode={mode} showTabs={showTabs} onSwitch={switchMode} hrefFor={hrefFor} />
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
