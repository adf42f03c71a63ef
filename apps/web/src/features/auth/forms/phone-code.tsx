import {
  formatGhanaPhone,
  normalizeGhanaPhone,
  normalizeOtp,
  OTP_RESEND_AFTER_SECONDS,
} from '@adwuma/shared';
import { type ComponentProps, useState } from 'react';
import { Field, Input } from '../../../components/ui/field.tsx';
import { ApiError, UNEXPECTED_MESSAGE } from '../../../lib/api.ts';
import { sendPhoneCode } from '../api/phone.ts';
import { TextButton } from '../components/text-button.tsx';
import { useCountdown } from '../components/use-countdown.ts';
import { useAuthText } from '../i18n.ts';

// Issue 21: the parts every SMS-code flow shares (sign-in, sign-up, adding a number in settings).

/** The server's words for a refusal (wrong code and tries left, expired, too many, limits). */
export function serverMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE;
}

/** The Ghana number field: type tel, checked with normalizeGhanaPhone. */
export function PhoneNumberField({
  id,
  value,
  onChange,
  error,
  hint,
  autoFocus,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  const { t } = useAuthText();
  return (
    <Field id={id} label={t('phone.number')} hint={hint} error={error}>
      {(aria) => (
        <Input
          {...aria}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="024 123 4567"
          autoFocus={autoFocus}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** The one code field: six digits, numeric keyboard, filled from the SMS by the phone. */
export function PhoneCodeInput(props: ComponentProps<typeof Input>) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={7}
      placeholder="123456"
      className="text-center font-mono text-2xl tracking-[0.4em]"
      {...props}
    />
  );
}

/**
 * Sending codes: the number they went to, the resend countdown (OTP_RESEND_AFTER_SECONDS) and the
 * server's refusal, if any.
 */
export function usePhoneCodeSender() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const secondsLeft = useCountdown(resendAt);

  /** Sends a code to `e164`; answers the refusal's message, or null when it went. */
  async function send(e164: string): Promise<string | null> {
    setSending(true);
    try {
      await sendPhoneCode(e164);
      setSentTo(e164);
      setResendAt(Date.now() + OTP_RESEND_AFTER_SECONDS * 1000);
      return null;
    } catch (error) {
      return serverMessage(error);
    } finally {
      setSending(false);
    }
  }

  function reset() {
    setSentTo(null);
    setResendAt(null);
  }

  return { sentTo, sending, secondsLeft, send, reset };
}

/** Checks a typed number: its +233 form, or null. */
export const e164Of = (value: string) => normalizeGhanaPhone(value);

/** Checks a typed code: its six digits, or null. */
export const codeOf = (value: string) => normalizeOtp(value);

/**
 * The code step: where it went, the code field, "Send a new code" (locked while the countdown
 * runs) and "Change number".
 */
export function PhoneCodeStep({
  id,
  sentTo,
  code,
  onCodeChange,
  error,
  secondsLeft,
  resending,
  onResend,
  onChangeNumber,
}: {
  id: string;
  sentTo: string;
  code: string;
  onCodeChange: (code: string) => void;
  error?: string;
  secondsLeft: number;
  resending: boolean;
  onResend: () => void;
  onChangeNumber: () => void;
}) {
  const { t } = useAuthText();
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-fg">
        {t('phone.sentTo', { phone: formatGhanaPhone(sentTo) })}{' '}
        <TextButton onClick={onChangeNumber}>{t('phone.changeNumber')}</TextButton>
      </p>
      <Field id={id} label={t('phone.code')} error={error}>
        {(aria) => (
          <PhoneCodeInput
            {...aria}
            autoFocus
            value={code}
            onChange={(event) => onCodeChange(event.target.value)}
          />
        )}
      </Field>
      <TextButton
        onClick={onResend}
        disabled={secondsLeft > 0 || resending}
        className="justify-self-start disabled:cursor-not-allowed disabled:text-muted-fg disabled:no-underline"
      >
        {secondsLeft > 0 ? t('phone.resendIn', { seconds: secondsLeft }) : t('phone.resend')}
      </TextButton>
    </div>
  );
}
