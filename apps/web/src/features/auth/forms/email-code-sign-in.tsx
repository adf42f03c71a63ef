import { normalizeOtp } from '@adwuma/shared';
import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { type SignInCodeOffer, sendEmailCode, signInWithEmailCode } from '../api/email-code.ts';
import { useCountdown } from '../components/use-countdown.ts';
import { useAuthText } from '../i18n.ts';
import { PhoneCodeInput, serverMessage } from './phone-code.tsx';

/**
 * Issue 29: while password sign-in is slowed (wrong passwords from elsewhere), "Email me a sign-in
 * code" mails a 6-digit code that signs in without the password; the wait is shown beside it.
 */
export function EmailCodeSignIn({
  offer,
  onSignedIn,
}: {
  offer: SignInCodeOffer;
  onSignedIn: () => Promise<void>;
}) {
  const uid = useId();
  const { t } = useAuthText();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [waitUntil] = useState(() => (offer.retryAfter ? Date.now() + offer.retryAfter * 1000 : null));
  const secondsLeft = useCountdown(waitUntil);

  async function send() {
    setBusy(true);
    setError(null);
    try {
      await sendEmailCode(offer.email);
      setSent(true);
    } catch (failure) {
      setError(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    const otp = normalizeOtp(code);
    if (!otp) {
      setError(t('emailCode.invalidCode'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signInWithEmailCode(offer.email, otp);
      await onSignedIn();
    } catch (failure) {
      setError(serverMessage(failure));
      setBusy(false);
    }
  }

  return (
    <section aria-label={t('emailCode.label')} className="mb-5 grid gap-3 rounded-xl bg-muted p-4 text-sm">
      <p className="text-muted-fg">
        {secondsLeft > 0 ? t('emailCode.waitSeconds', { seconds: secondsLeft }) : t('emailCode.tryAgain')}
      </p>
      {!sent ? (
        <>
          {error && (
            <p role="alert" className="font-medium text-danger">
              {error}
            </p>
          )}
          <Button type="button" variant="outline" className="w-full" busy={busy} onClick={send}>
            {!busy && <Mail aria-hidden="true" className="h-4 w-4" />}
            {t('emailCode.offer')}
          </Button>
        </>
      ) : (
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void verify();
          }}
        >
          <p className="text-muted-fg">{t('emailCode.sentTo', { email: offer.email })}</p>
          <Field id={`${uid}-code`} label={t('emailCode.code')} error={error ?? undefined}>
            {(aria) => (
              <PhoneCodeInput
                {...aria}
                autoFocus
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" className="w-full" busy={busy} disabled={!normalizeOtp(code)}>
            {t('emailCode.signIn')}
          </Button>
        </form>
      )}
    </section>
  );
}
