import { AUTH_DELAYS, AUTH_TEXT, type AuthMode, signupRole, validateEmail } from '@adwuma/shared';
import type { NavigateFunction } from 'react-router';
import { track } from '../../lib/analytics.ts';
import { ApiError, fieldErrors } from '../../lib/api.ts';
import { authApi } from '../../lib/auth-client.ts';
import { toast } from '../../lib/toast.ts';
import { codeOfferOf, type SignInCodeOffer } from './api/email-code.ts';
import { isServiceFailure, mapError, toastAuthMessage } from './auth-feedback.ts';
import type { FlowStatus, FormError } from './auth-page-text.ts';
import type { useSession } from './auth-provider.tsx';
import type { PhoneSignedIn } from './forms/phone-auth-form.tsx';
import type { ResetState } from './forms/reset-password-form.tsx';
import type { SignInValues } from './forms/sign-in-form.tsx';
import type { SignUpValues } from './forms/sign-up-form.tsx';
import { sayAuthText } from './i18n.ts';
import { ONBOARDING_WELCOME_PATH } from './paths.ts';

type Shared = {
  mode: AuthMode;
  returnTo: string | null;
  setFlow: (flow: FlowStatus) => void;
  setFormError: (error: FormError | null) => void;
  showError: (error: unknown, email?: string) => void;
  navigate: NavigateFunction;
};

/** Sign in (with the two-step code) and sign up. */
export function useCredentialActions({
  returnTo,
  setFlow,
  setFormError,
  showError,
  navigate,
  intentProvider,
  session,
  setTwoFactor,
  setCodeOffer,
}: Shared & {
  intentProvider: boolean;
  session: ReturnType<typeof useSession>;
  setTwoFactor: (on: boolean) => void;
  setCodeOffer: (offer: SignInCodeOffer | null) => void;
}) {
  async function finishSignIn(event: 'SIGNED_IN' | 'MFA_CHALLENGE_VERIFIED') {
    setFlow('success');
    await session.refresh(event).catch(() => null);
    toast.success(sayAuthText(AUTH_TEXT.welcomeBack));
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
      // Issue 29: slowed by wrong passwords (from elsewhere, often): offer a code by mail.
      if (error instanceof ApiError && error.status === 429) {
        setCodeOffer(codeOfferOf(error.details, values.email));
      }
      showError(error, values.email);
    }
  }

  /** Issue 29: the code by mail signed in (the session cookie is set). */
  async function emailCodeSignedIn() {
    setFormError(null);
    setCodeOffer(null);
    await finishSignIn('SIGNED_IN');
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
      toast.success(sayAuthText(AUTH_TEXT.accountCreated));
      if (!result?.token) {
        // Verification required: no session until the link is followed.
        setFlow('idle');
        navigate(`/check-email?email=${encodeURIComponent(values.email)}`, { replace: true });
        return undefined;
      }
      setFlow('auto_signing_in');
      await session.refresh('SIGNED_IN').catch(() => null);
      // A new provider starts at the welcome step (spec 4 "Auth callback"); `/` would name their
      // next required step (decision 021).
      navigate(returnTo ?? (userRole === 'explorer' ? ONBOARDING_WELCOME_PATH : '/'), { replace: true });
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

  /** Issue 21: the phone form verified its code and the session cookie is set. */
  async function phoneSignedIn({ signup, role }: PhoneSignedIn) {
    setFormError(null);
    if (!signup) {
      await finishSignIn('SIGNED_IN');
      return;
    }
    track('user_signup', { role: role ?? 'customer', method: 'phone' });
    track('conversion', { type: 'signup', role: role ?? 'customer' });
    toast.success(sayAuthText(AUTH_TEXT.accountCreated));
    setFlow('auto_signing_in');
    await session.refresh('SIGNED_IN').catch(() => null);
    navigate(returnTo ?? '/', { replace: true });
  }

  return { signIn, emailCodeSignedIn, verifyCode, signUp, phoneSignedIn };
}

/** Ask for a reset link, and set a new password from one. */
export function usePasswordResetActions({
  mode,
  setFlow,
  setFormError,
  showError,
  navigate,
  resetToken,
  setResetState,
  setTokenInvalid,
}: Shared & {
  resetToken: string | null;
  setResetState: (state: ResetState) => void;
  setTokenInvalid: (invalid: boolean) => void;
}) {
  async function requestReset(email: string): Promise<boolean> {
    setFormError(null);
    // Spec 8 password reset: the spec's email utility (dots, part lengths) before anything is sent,
    // and the server refusing the address, say 'Invalid email format'.
    const invalidFormat = { message: AUTH_TEXT.invalidEmailFormat, level: 'error' as const };
    if (validateEmail(email) !== null) {
      setFormError({ ...invalidFormat, mode });
      return false;
    }
    setFlow('loading');
    try {
      await authApi.requestPasswordReset(email);
      setFlow('idle');
      toast.success(sayAuthText(AUTH_TEXT.resetLinkSent));
      return true;
    } catch (error) {
      setFlow('idle');
      if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
        const mapped = { message: AUTH_TEXT.resetRateLimited, level: 'warning' as const };
        setFormError({ ...mapped, mode });
        toastAuthMessage(mapped);
      } else if (
        error instanceof ApiError &&
        (error.code === 'INVALID_EMAIL' ||
          (error.code === 'VALIDATION_ERROR' && /email/i.test(error.message)))
      ) {
        setFormError({ ...invalidFormat, mode });
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
      toast.success(sayAuthText(AUTH_TEXT.passwordUpdated));
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

  return { requestReset, resetPassword };
}
