import { AUTH_DELAYS, AUTH_TEXT, resendMessages } from '@adwuma/shared';
import { ArrowLeft, MailCheck, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { EmailInput, Field } from '../../components/ui/field.tsx';
import { authApi } from '../../lib/auth-client.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { authPath } from '../../lib/routes.ts';
import { toast } from '../../lib/toast.ts';

export const CHECK_EMAIL_TEXT = {
  resend: 'Resend email',
  resent: 'We sent a new confirmation link.',
  backToSignIn: 'Back to sign in',
} as const;

/** Seconds left on the resend lock (spec 9: the button locks 30 s after sending). */
function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

/**
 * /check-email (spec 2): a verification link was sent to the address in the query; resend it
 * (locked 30 s after each send) or go back to sign in.
 */
export function CheckEmailPage() {
  const [params] = useSearchParams();
  const queryEmail = params.get('email')?.trim() ?? '';
  const [email, setEmail] = useState(queryEmail);
  const [sending, setSending] = useState(false);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const secondsLeft = useCountdown(lockedUntil);
  const locked = secondsLeft > 0;
  const uid = useId();
  useDocumentTitle(AUTH_TEXT.checkYourEmail);

  async function resend() {
    const address = email.trim();
    if (!address) {
      toast.error(resendMessages.requiredTitle, { description: resendMessages.requiredBody });
      return;
    }
    setSending(true);
    try {
      await authApi.sendVerificationEmail(address);
      toast.success(AUTH_TEXT.checkYourEmail, { description: CHECK_EMAIL_TEXT.resent });
      setLockedUntil(Date.now() + AUTH_DELAYS.resendLockMs);
    } catch {
      toast.error(AUTH_TEXT.resendFailed);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="bg-gradient-to-b from-brand-50 to-bg px-4 py-10 sm:py-16 dark:from-brand-800/10">
      <section
        aria-labelledby="check-email-title"
        className="mx-auto max-w-lg rounded-3xl border border-border bg-card p-6 text-center shadow-sm sm:p-10"
      >
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-800/30 dark:text-brand-500">
          <MailCheck aria-hidden="true" className="h-8 w-8" />
        </span>
        <h1 id="check-email-title" className="mt-5 text-2xl font-extrabold tracking-tight sm:text-3xl">
          {AUTH_TEXT.checkYourEmail}
        </h1>
        {queryEmail ? (
          <p className="mt-3 text-muted-fg">
            We sent a verification link to{' '}
            <strong className="[overflow-wrap:anywhere] text-fg">{queryEmail}</strong>. Open it to confirm
            your email address and finish setting up your account.
          </p>
        ) : (
          <p className="mt-3 text-muted-fg">
            We sent a verification link to your email address. Open it to confirm your address and finish
            setting up your account.
          </p>
        )}
        <ol className="mx-auto mt-6 max-w-sm space-y-2 text-left text-sm text-muted-fg">
          <li className="flex gap-2">
            <span className="font-bold text-brand-700 dark:text-brand-500">1.</span> Open the email from
            Adwuma.
          </li>
          <li className="flex gap-2">
            <span className="font-bold text-brand-700 dark:text-brand-500">2.</span> Tap “Confirm your email”.
          </li>
          <li className="flex gap-2">
            <span className="font-bold text-brand-700 dark:text-brand-500">3.</span> You'll come back here
            signed in.
          </li>
        </ol>

        <div className="mt-8 border-t border-border pt-6 text-left">
          <p className="text-sm font-semibold">Didn't get it?</p>
          <p className="mt-1 text-sm text-muted-fg">Check your spam folder, or send the link again.</p>
          {!queryEmail && (
            <div className="mt-4">
              <Field id={`${uid}-email`} label="Email">
                {(aria) => (
                  <EmailInput {...aria} value={email} onChange={(event) => setEmail(event.target.value)} />
                )}
              </Field>
            </div>
          )}
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Button onClick={resend} busy={sending} disabled={locked} className="sm:flex-1">
              {!sending && <RefreshCw aria-hidden="true" className="h-4 w-4" />}
              {locked ? `Resend in ${secondsLeft}s` : CHECK_EMAIL_TEXT.resend}
            </Button>
            <ButtonLink
              to={authPath({ email: queryEmail || undefined })}
              variant="outline"
              className="sm:flex-1"
            >
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              {CHECK_EMAIL_TEXT.backToSignIn}
            </ButtonLink>
          </div>
        </div>
      </section>
    </div>
  );
}
