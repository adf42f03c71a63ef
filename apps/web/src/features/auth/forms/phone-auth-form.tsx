import {
  authMessages,
  GHANA_PHONE_MESSAGE,
  ghanaMobileSchema,
  type SignupRole,
  signupRole,
} from '@adwuma/shared';
import { LogIn, MessageSquareText, UserPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { verifyPhoneCode } from '../api/phone.ts';
import { ProviderIntro, RoleCards } from '../components/role-cards.tsx';
import { useAuthText } from '../i18n.ts';
import { codeOf, PhoneCodeStep, PhoneNumberField, serverMessage, usePhoneCodeSender } from './phone-code.tsx';

export interface PhoneSignedIn {
  signup: boolean;
  role: SignupRole | null;
}

/**
 * Issue 21: sign in or sign up with a Ghana phone number. Number (and, to sign up, name and role)
 * → "Send code" → the 6-digit code from the SMS → signed in. The server's refusals are shown as
 * they come (wrong code and tries left, expired, too many tries, resend too soon, limits).
 */
export function PhoneAuthForm({
  kind,
  intentProvider,
  onSignedIn,
}: {
  kind: 'signin' | 'signup';
  intentProvider: boolean;
  onSignedIn: (result: PhoneSignedIn) => Promise<void>;
}) {
  const { t } = useAuthText();
  const uid = useId();
  const sender = usePhoneCodeSender();
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<SignupRole>(intentProvider ? 'explorer' : 'customer');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ number?: string; name?: string; code?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const signup = kind === 'signup';

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    // Issue 29: codes go to Ghana mobile numbers only (the server's rule); a landline is named as such.
    const checked = ghanaMobileSchema.safeParse(number);
    const numberIssue = checked.error?.issues[0]?.message;
    const nameOk = !signup || name.trim().length >= 2;
    setErrors({
      number: numberIssue === GHANA_PHONE_MESSAGE ? t('phone.invalidNumber') : numberIssue,
      name: nameOk ? undefined : authMessages.fullNameMin,
    });
    const e164 = checked.data;
    if (!e164 || !nameOk) return;
    setServerError(null);
    const refusal = await sender.send(e164);
    if (refusal) setServerError(refusal);
    else setCode('');
  }

  async function resend() {
    if (!sender.sentTo) return;
    setServerError(null);
    const refusal = await sender.send(sender.sentTo);
    if (refusal) setServerError(refusal);
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    const phoneNumber = sender.sentTo;
    if (!phoneNumber) return;
    const digits = codeOf(code);
    setErrors({ code: digits ? undefined : t('phone.invalidCode') });
    if (!digits) return;
    setServerError(null);
    setVerifying(true);
    const userRole = signup ? signupRole(role, intentProvider) : null;
    try {
      await verifyPhoneCode({
        phoneNumber,
        code: digits,
        ...(signup ? { name: name.trim().replace(/\s+/g, ' '), userRole: userRole ?? undefined } : {}),
      });
    } catch (error) {
      setVerifying(false);
      setServerError(serverMessage(error));
      return;
    }
    await onSignedIn({ signup, role: userRole });
    setVerifying(false);
  }

  const alert = serverError && (
    <Alert tone="danger" role="alert">
      {serverError}
    </Alert>
  );

  if (sender.sentTo) {
    return (
      <form noValidate onSubmit={verify} className="grid gap-4">
        {alert}
        <PhoneCodeStep
          id={`${uid}-code`}
          sentTo={sender.sentTo}
          code={code}
          onCodeChange={setCode}
          error={errors.code}
          secondsLeft={sender.secondsLeft}
          resending={sender.sending}
          onResend={() => void resend()}
          onChangeNumber={() => {
            sender.reset();
            setServerError(null);
            setErrors({});
          }}
        />
        <Button type="submit" size="lg" className="w-full" busy={verifying}>
          {!verifying &&
            (signup ? (
              <UserPlus aria-hidden="true" className="h-4 w-4" />
            ) : (
              <LogIn aria-hidden="true" className="h-4 w-4" />
            ))}
          {signup ? t('form.createAccount') : t('form.signIn')}
        </Button>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void sendCode(event)} className="grid gap-4">
      {alert}
      {signup &&
        (intentProvider ? (
          <ProviderIntro />
        ) : (
          <RoleCards
            selected={role}
            radio={(value) => ({
              name: `${uid}-role`,
              checked: role === value,
              onChange: () => setRole(value),
            })}
          />
        ))}
      {signup && (
        <Field id={`${uid}-name`} label={t('form.fullName')} error={errors.name}>
          {(aria) => (
            <Input
              {...aria}
              autoComplete="name"
              placeholder="Ama Mensah"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
      )}
      <PhoneNumberField
        id={`${uid}-phone`}
        value={number}
        onChange={setNumber}
        error={errors.number}
        hint={t('phone.numberHint')}
      />
      <Button type="submit" size="lg" className="w-full" busy={sender.sending}>
        {!sender.sending && <MessageSquareText aria-hidden="true" className="h-4 w-4" />}
        {t('phone.sendCode')}
      </Button>
    </form>
  );
}
