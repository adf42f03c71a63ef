import { AUTH_DELAYS, AUTH_TEXT, resendMessages } from '@adwuma/shared';
import { ArrowLeft, MailCheck, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { EmailInput, Field } from '../../components/ui/field.tsx';
import { textOf } from '../../i18n/index.ts';
import { authApi } from '../../lib/auth-client.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { authPath } from '../../lib/routes.ts';
import { toast } from '../../lib/toast.ts';
import { useCountdown } from './components/use-countdown.ts';
import { sayAuthText, useAuthText } from './i18n.ts';

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
  const { t } = useAuthText();
  useDocumentTitle(t('text.checkYourEmail'));

  async function resend() {
    const address = email.trim();
    if (!address) {
      toast.error(resendMessages.requiredTitle, { description: resendMessages.requiredBody });
      return;
    }
    setSending(true);
    try {
      await authApi.sendVerificationEmail(address);
      toast.success(sayAuthText(AUTH_TEXT.checkYourEmail), {
        description: textOf('auth')('checkEmail.resent'),
      });
      setLockedUntil(Date.now() + AUTH_DELAYS.resendLockMs);
    } catch {
      toast.error(sayAuthText(AUTH_TEXT.resendFailed));
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
          {t('text.checkYourEmail')}
        </h1>
        {queryEmail ? (
          <p className="mt-3 text-muted-fg">
            {t('checkEmail.sentToBefore')}{' '}
            <strong className="[overflow-wrap:anywhere] text-fg">{queryEmail}</strong>
            {t('checkEmail.sentToAfter')}
          </p>
        ) : (
          <p className="mt-3 text-muted-fg">{t('checkEmail.sentToYou')}</p>
        )}
        <ol className="mx-auto mt-6 max-w-sm space-y-2 text-left text-sm text-muted-fg">
          <li className="flex gap-2">
            <span className="font-bold text-brand-700 dark:text-brand-500">1.</span> {t('checkEmail.step1')}
          </li>
          <li className="flex gap-2">
            <span className="font-bold text-brand-700 dark:text-brand-500">2.</span> {t('checkEmail.step2')}
          </li>
          <li className="flex gap-2">
            <span className="font-bold text-brand-700 dark:text-brand-500">3.</span> {t('checkEmail.step3')}
          </li>
        </ol>

        <div className="mt-8 border-t border-border pt-6 text-left">
          <p className="text-sm font-semibold">{t('checkEmail.didntGet')}</p>
          <p className="mt-1 text-sm text-muted-fg">{t('checkEmail.spam')}</p>
          {!queryEmail && (
            <div className="mt-4">
              <Field id={`${uid}-email`} label={t('form.email')}>
                {(aria) => (
                  <EmailInput {...aria} value={email} onChange={(event) => setEmail(event.target.value)} />
                )}
              </Field>
            </div>
          )}
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Button onClick={resend} busy={sending} disabled={locked} className="sm:flex-1">
              {!sending && <RefreshCw aria-hidden="true" className="h-4 w-4" />}
              {locked ? t('checkEmail.resendIn', { seconds: secondsLeft }) : t('checkEmail.resend')}
            </Button>
            <ButtonLink
              to={authPath({ email: queryEmail || undefined })}
              variant="outline"
              className="sm:flex-1"
            >
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              {t('checkEmail.backToSignIn')}
            </ButtonLink>
          </div>
        </div>
      </section>
    </div>
  );
}
