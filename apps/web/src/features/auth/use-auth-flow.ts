import { AUTH_TEXT, type AuthMode, authModeFromQuery, safeReturnTo } from '@adwuma/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../lib/auth-client.ts';
import { toast } from '../../lib/toast.ts';
import type { SignInCodeOffer } from './api/email-code.ts';
import { useAuthProviders } from './api/get-auth-providers.ts';
import { isServiceFailure, mapError, toastAuthMessage } from './auth-feedback.ts';
import type { FlowStatus, FormError } from './auth-page-text.ts';
import { useSession } from './auth-provider.tsx';
import type { ResetState } from './forms/reset-password-form.tsx';
import { sayAuthText } from './i18n.ts';
import { authModeParams } from './mode-links.tsx';
import { useCredentialActions, usePasswordResetActions } from './use-auth-actions.ts';

/**
 * The state of the /auth screen: the mode and other query parameters, the flow status, the error
 * shown and the actions of every form. AuthPage only renders what this returns.
 */
export function useAuthFlow() {
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
  const [formError, setFormError] = useState<FormError | null>(null);
  const [existingEmail, setExistingEmail] = useState<string | null>(null);
  const [twoFactor, setTwoFactor] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [prefill, setPrefill] = useState(() => params.get('email') ?? '');
  const [resetState, setResetState] = useState<ResetState>('idle');
  const [tokenInvalid, setTokenInvalid] = useState(false);
  // Issue 29: a slowed password sign-in offers a code by mail.
  const [codeOffer, setCodeOffer] = useState<SignInCodeOffer | null>(null);
  const googleStarted = useRef(false);

  // Spec 4: switching modes clears errors and resets all forms (also by the browser's back button).
  const lastMode = useRef(mode);
  useEffect(() => {
    if (lastMode.current === mode) return;
    lastMode.current = mode;
    setFormError(null);
    setTwoFactor(false);
    setExistingEmail(null);
    setCodeOffer(null);
    setFormKey((k) => k + 1);
  }, [mode]);

  function switchMode(next: AuthMode, email?: string) {
    setFormError(null);
    setTwoFactor(false);
    setCodeOffer(null);
    setExistingEmail(null);
    setFlow('idle');
    setPrefill(email ?? '');
    setFormKey((k) => k + 1);
    setParams(authModeParams(next, { returnTo, intentProvider, email }));
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

  const shared = { mode, returnTo, setFlow, setFormError, showError, navigate };
  const credentials = useCredentialActions({
    ...shared,
    intentProvider,
    session,
    setTwoFactor,
    setCodeOffer,
  });
  const reset = usePasswordResetActions({ ...shared, resetToken, setResetState, setTokenInvalid });

  async function startGoogle() {
    setFlow('oauth_redirecting');
    try {
      const url = await authApi.googleUrl({ returnTo, intentProvider: intentProvider && mode === 'signup' });
      window.location.assign(url);
    } catch {
      toast.error(sayAuthText(AUTH_TEXT.googleFailure));
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
    else toast.error(sayAuthText(AUTH_TEXT.googleFailure));
  });

  const retry = () => {
    setFailure(null);
    setFlow('idle');
  };

  return {
    mode,
    returnTo,
    intentProvider,
    resetToken,
    resetLinkError,
    session,
    flow,
    failure,
    formError,
    existingEmail,
    setExistingEmail,
    twoFactor,
    formKey,
    prefill,
    resetState,
    tokenInvalid,
    codeOffer,
    googleOn,
    switchMode,
    startGoogle,
    retry,
    ...credentials,
    ...reset,
  };
}
