import { formatGhanaPhone, GHANA_PHONE_MESSAGE, ghanaMobileSchema } from '@adwuma/shared';
import { BadgeCheck, Smartphone } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { textOf } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import {
  codeOf,
  PhoneCodeStep,
  PhoneNumberField,
  serverMessage,
  useAuthText,
  useOptionalSession,
  usePhoneCodeSender,
  verifyPhoneCode,
} from '../auth/index.ts';
import { DiagnosticsSection } from './diagnostics-section.tsx';
import { useNotificationsText } from './i18n.ts';

/**
 * Issue 21 "Phone and SMS": the account's verified phone, or adding one: number → SMS code →
 * verified (the phone-number plugin's verify with updatePhoneNumber). SMS switches need it.
 */
export function PhoneSection() {
  const { t } = useNotificationsText();
  const { t: authT } = useAuthText();
  const session = useOptionalSession();
  const me = session?.me ?? null;
  const uid = useId();
  const sender = usePhoneCodeSender();
  const [editing, setEditing] = useState(false);
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const verified = me?.phone_verified === true && Boolean(me.phone_number);

  function close() {
    setEditing(false);
    setNumber('');
    setCode('');
    setFieldError(undefined);
    setServerError(null);
    sender.reset();
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    // Issue 29: codes go to Ghana mobile numbers only (the server's rule); a landline is named as such.
    const checked = ghanaMobileSchema.safeParse(number);
    const issue = checked.error?.issues[0]?.message;
    setFieldError(issue === GHANA_PHONE_MESSAGE ? textOf('auth')('phone.invalidNumber') : issue);
    const e164 = checked.data;
    if (!e164) return;
    setServerError(null);
    const refusal = await sender.send(e164);
    if (refusal) setServerError(refusal);
  }

  async function resend() {
    if (!sender.sentTo) return;
    setServerError(null);
    const refusal = await sender.send(sender.sentTo);
    if (refusal) setServerError(refusal);
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!sender.sentTo) return;
    const digits = codeOf(code);
    setFieldError(digits ? undefined : textOf('auth')('phone.invalidCode'));
    if (!digits) return;
    setServerError(null);
    setVerifying(true);
    try {
      await verifyPhoneCode({ phoneNumber: sender.sentTo, code: digits, updatePhoneNumber: true });
    } catch (error) {
      setVerifying(false);
      setServerError(serverMessage(error));
      return;
    }
    await session?.refresh().catch(() => null);
    setVerifying(false);
    toast.success(textOf('notifications')('phone.done'));
    close();
  }

  const alert = serverError && (
    <Alert tone="danger" role="alert">
      {serverError}
    </Alert>
  );

  return (
    <DiagnosticsSection id="phone" title={t('phone.title')} lead={t('phone.lead')}>
      {!editing && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {verified && me?.phone_number ? (
            <p className="flex items-center gap-2 text-sm">
              <Smartphone aria-hidden="true" className="h-5 w-5 text-muted-fg" />
              <span className="font-semibold text-fg">
                {t('phone.verifiedNumber', { phone: formatGhanaPhone(me.phone_number) })}
              </span>
              <span className="inline-flex items-center gap-1 rounded-full bg-leaf-600/10 px-2 py-0.5 text-xs font-semibold text-leaf-700 dark:text-green-300">
                <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
                {t('phone.verified')}
              </span>
            </p>
          ) : (
            <p className="text-sm text-muted-fg">{t('phone.notVerified')}</p>
          )}
          <Button variant={verified ? 'outline' : 'primary'} size="sm" onClick={() => setEditing(true)}>
            {verified ? t('phone.change') : t('phone.add')}
          </Button>
        </div>
      )}
      {editing && !sender.sentTo && (
        <form noValidate onSubmit={(event) => void send(event)} className="grid max-w-md gap-4">
          {alert}
          <PhoneNumberField
            id={`${uid}-phone`}
            value={number}
            onChange={setNumber}
            error={fieldError}
            autoFocus
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={sender.sending}>
              {authT('phone.sendCode')}
            </Button>
            <Button variant="ghost" onClick={close}>
              {t('phone.cancel')}
            </Button>
          </div>
        </form>
      )}
      {editing && sender.sentTo && (
        <form noValidate onSubmit={(event) => void verify(event)} className="grid max-w-md gap-4">
          {alert}
          <PhoneCodeStep
            id={`${uid}-code`}
            sentTo={sender.sentTo}
            code={code}
            onCodeChange={setCode}
            error={fieldError}
            secondsLeft={sender.secondsLeft}
            resending={sender.sending}
            onResend={() => void resend()}
            onChangeNumber={() => {
              sender.reset();
              setServerError(null);
              setFieldError(undefined);
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={verifying}>
              {t('phone.verify')}
            </Button>
            <Button variant="ghost" onClick={close}>
              {t('phone.cancel')}
            </Button>
          </div>
        </form>
      )}
    </DiagnosticsSection>
  );
}
