import { ADMIN_USER_MESSAGES, AUTH_DELAYS, AUTH_TEXT, isProviderLike, safeReturnTo } from '@adwuma/shared';
import { CheckCircle2, ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ScreenShell } from '../../components/screens/screen-shell.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { toast } from '../../lib/toast.ts';
import { becomeProvider } from './api/become-provider.ts';
import { useSession } from './auth-provider.tsx';
import { needsOnboarding, ONBOARDING_WELCOME_PATH } from './guards.tsx';
import { sayAuthText, useAuthText } from './i18n.ts';

/** Spec 4 "Auth callback" states. */
export type CallbackState = 'loading' | 'determining-next' | 'success' | 'error';

/**
 * /auth/callback: email verification and Google land here with the session already set by the
 * server (cookies). Query: error, error_description, returnTo.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const error = params.get('error');
  const returnTo = safeReturnTo(params.get('returnTo'));
  const errorDescription = params.get('error_description');
  // An account an admin suspended or asked to reset (issue 19): the server's message is the news.
  const accountHold = error === 'ACCOUNT_SUSPENDED' || error === 'PASSWORD_RESET_REQUIRED';
  const holdMessage = accountHold
    ? (errorDescription ??
      (error === 'ACCOUNT_SUSPENDED'
        ? ADMIN_USER_MESSAGES.suspendedSignIn
        : ADMIN_USER_MESSAGES.resetRequiredSignIn))
    : null;
  const intentProvider = params.get('intent') === 'provider';
  const [state, setState] = useState<CallbackState>(error ? 'error' : 'loading');
  const { t } = useAuthText();
  useDocumentTitle(error ? t('text.verificationFailed') : t('callback.loading'));

  useEffect(() => {
    let cancelled = false;
    let timer: number | undefined;
    if (error) {
      if (holdMessage) toast.error(holdMessage, { id: 'auth-callback' });
      else
        toast.error(sayAuthText(AUTH_TEXT.verificationFailed), {
          id: 'auth-callback',
          description: errorDescription ?? undefined,
        });
      timer = window.setTimeout(() => navigate('/auth', { replace: true }), AUTH_DELAYS.callbackErrorMs);
    } else {
      void (async () => {
        const me = await refresh('SIGNED_IN').catch(() => null);
        if (cancelled) return;
        if (!me) {
          // No session came back with the link: continue where they were going, or sign in.
          navigate(returnTo ?? '/auth', { replace: true });
          return;
        }
        setState('determining-next');
        if (intentProvider && !isProviderLike(me.role)) {
          // Google sign-up from "Join as Provider": mark the new account provider (spec 6), and
          // open onboarding whether or not that worked (spec 4 "Other").
          await becomeProvider().catch(() => null);
          await refresh().catch(() => null);
          if (cancelled) return;
          setState('success');
          timer = window.setTimeout(
            () => navigate(ONBOARDING_WELCOME_PATH, { replace: true }),
            AUTH_DELAYS.callbackSuccessMs,
          );
          return;
        }
        const next = needsOnboarding(me) ? ONBOARDING_WELCOME_PATH : (returnTo ?? '/dashboard');
        setState('success');
        timer = window.setTimeout(() => navigate(next, { replace: true }), AUTH_DELAYS.callbackSuccessMs);
      })();
    }
    return () => {
      cancelled = true;
      if (timer) window.clearTimeout(timer);
    };
  }, [error, errorDescription, holdMessage, intentProvider, navigate, refresh, returnTo]);

  if (state === 'error') {
    return (
      <ScreenShell
        role="alert"
        tone="danger"
        icon={<ShieldAlert aria-hidden="true" className="h-7 w-7" />}
        title={t('text.verificationFailed')}
      >
        {holdMessage ? <p className="font-medium">{holdMessage}</p> : null}
        <p>{t('text.redirectingToSignIn')}</p>
      </ScreenShell>
    );
  }
  if (state === 'success') {
    return (
      <ScreenShell
        role="status"
        icon={<CheckCircle2 aria-hidden="true" className="h-7 w-7" />}
        title={t('callback.success')}
      >
        <p>{t('callback.successBody')}</p>
      </ScreenShell>
    );
  }
  return (
    <ScreenShell
      role="status"
      icon={<Spinner className="h-7 w-7" />}
      title={state === 'loading' ? t('callback.loading') : t('callback.determining')}
    />
  );
}
