import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { authApi } from '../../lib/auth-client.ts';
import { toast } from '../../lib/toast.ts';
import { PasswordInput, TotpCodeInput, totpCodeSchema, useSession } from '../auth/index.ts';

export const TWO_FACTOR_TEXT = {
  title: 'Two-factor authentication',
  on: 'On',
  off: 'Off',
  start: 'Set up two-factor authentication',
  turnOff: 'Turn off two-factor authentication',
  enabled: 'Two-factor authentication is on',
  disabled: 'Two-factor authentication is off',
  wrongPassword: 'That password is not right.',
  secretLabel: 'Setup key',
} as const;

const passwordSchema = z.object({ password: z.string().min(1, { error: 'Enter your password' }) });

/** The secret of an otpauth:// address, for typing into an app by hand. */
export function totpSecret(totpURI: string): string {
  const match = /[?&]secret=([A-Z2-7]+)/i.exec(totpURI);
  return match?.[1]?.toUpperCase() ?? '';
}

function groups(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (/password/i.test(`${error.code} ${error.message}`) && error.status < 500)
      return TWO_FACTOR_TEXT.wrongPassword;
    return error.message;
  }
  return 'An unexpected error occurred. Please try again.';
}

function PasswordStep({
  label,
  submitLabel,
  danger = false,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  danger?: boolean;
  onSubmit: (password: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordSchema), defaultValues: { password: '' } });
  return (
    <form
      noValidate
      className="mt-4 grid max-w-sm gap-3"
      onSubmit={handleSubmit(async ({ password }) => {
        const problem = await onSubmit(password);
        if (problem) setError('password', { message: problem }, { shouldFocus: true });
      })}
    >
      <Field id={`${uid}-password`} label={label} error={errors.password?.message}>
        {(aria) => (
          <PasswordInput {...aria} autoComplete="current-password" autoFocus {...register('password')} />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={isSubmitting}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(uri, { margin: 1, width: 192, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => setSrc(null));
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className="flex h-52 w-52 items-center justify-center rounded-2xl border border-border bg-white p-2">
      {src ? (
        <img src={src} alt="QR code to add Adwuma to your authenticator app" className="h-48 w-48" />
      ) : (
        <Spinner className="h-8 w-8 text-brand-600" label="Preparing the QR code" />
      )}
    </div>
  );
}

function ConfirmStep({
  totpURI,
  onDone,
  onCancel,
}: {
  totpURI: string;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const uid = useId();
  const secret = totpSecret(totpURI);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } });

  return (
    <div className="mt-4 grid gap-6 md:grid-cols-[auto_1fr]">
      <QrCode uri={totpURI} />
      <div>
        <ol className="list-decimal space-y-1.5 pl-5 text-sm text-muted-fg">
          <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).</li>
          <li>Scan the QR code, or type the setup key below.</li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <p id={`${uid}-secret-label`} className="mt-4 text-sm font-semibold">
          {TWO_FACTOR_TEXT.secretLabel}
        </p>
        <div className="mt-1 flex items-center gap-2">
          <code
            data-secret={secret}
            className="[overflow-wrap:anywhere] rounded-lg bg-muted px-3 py-2 font-mono text-sm tracking-wider"
          >
            {groups(secret)}
          </code>
          <Button
            variant="ghost"
            size="sm"
            aria-label="Copy the setup key"
            onClick={() => {
              void navigator.clipboard?.writeText(secret).then(() => toast.success('Setup key copied'));
            }}
          >
            <Copy aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
        <form
          noValidate
          className="mt-4 grid max-w-xs gap-3"
          onSubmit={handleSubmit(async ({ code }) => {
            try {
              await authApi.verifyTotp(code);
              await onDone();
            } catch (error) {
              setError('code', { message: error instanceof ApiError ? error.message : 'Please try again.' });
            }
          })}
        >
          <Field id={`${uid}-code`} label="Code from the app" error={errors.code?.message}>
            {(aria) => (
              <TotpCodeInput {...aria} className="font-mono tracking-[0.3em]" {...register('code')} />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={isSubmitting}>
              Turn on
            </Button>
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

type Step =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'confirm'; totpURI: string; backupCodes: string[] }
  | { kind: 'codes'; backupCodes: string[] }
  | { kind: 'disable' };

/** Profile "Security": enrol an authenticator app (password → QR → code), see it on, turn it off. */
export function TwoFactorSection() {
  const { me, refresh } = useSession();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const enabled = me?.twoFactorEnabled === true;

  return (
    <section
      aria-labelledby="two-factor-title"
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span
            className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl ${enabled ? 'bg-leaf-600/10 text-leaf-600' : 'bg-muted text-muted-fg'}`}
          >
            {enabled ? (
              <ShieldCheck aria-hidden="true" className="h-5 w-5" />
            ) : (
              <ShieldOff aria-hidden="true" className="h-5 w-5" />
            )}
          </span>
          <div>
            <h3 id="two-factor-title" className="font-bold">
              {TWO_FACTOR_TEXT.title}
            </h3>
            <p className="mt-0.5 text-sm text-muted-fg">
              {enabled
                ? 'Signing in asks for a code from your authenticator app.'
                : 'Add a second step at sign-in: a code from an authenticator app on your phone.'}
            </p>
          </div>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${enabled ? 'bg-leaf-600/10 text-leaf-700 dark:text-green-300' : 'bg-muted text-muted-fg'}`}
        >
          {enabled ? TWO_FACTOR_TEXT.on : TWO_FACTOR_TEXT.off}
        </span>
      </div>

      {step.kind === 'idle' && (
        <div className="mt-4">
          {enabled ? (
            <Button variant="outline" onClick={() => setStep({ kind: 'disable' })}>
              <ShieldOff aria-hidden="true" className="h-4 w-4" />
              {TWO_FACTOR_TEXT.turnOff}
            </Button>
          ) : (
            <Button onClick={() => setStep({ kind: 'password' })}>
              <KeyRound aria-hidden="true" className="h-4 w-4" />
              {TWO_FACTOR_TEXT.start}
            </Button>
          )}
        </div>
      )}
      {step.kind === 'password' && (
        <PasswordStep
          label="Confirm your password"
          submitLabel="Continue"
          onCancel={() => setStep({ kind: 'idle' })}
          onSubmit={async (password) => {
            try {
              const { totpURI, backupCodes } = await authApi.enableTwoFactor(password);
              setStep({ kind: 'confirm', totpURI, backupCodes });
              return null;
            } catch (error) {
              return messageOf(error);
            }
          }}
        />
      )}
      {step.kind === 'confirm' && (
        <ConfirmStep
          totpURI={step.totpURI}
          onCancel={() => setStep({ kind: 'idle' })}
          onDone={async () => {
            await refresh().catch(() => null);
            toast.success(TWO_FACTOR_TEXT.enabled);
            setStep({ kind: 'codes', backupCodes: step.backupCodes });
          }}
        />
      )}
      {step.kind === 'codes' && (
        <div className="mt-4">
          <Alert tone="success" title={TWO_FACTOR_TEXT.enabled}>
            Save these backup codes somewhere safe. Each one signs you in once if you lose your phone. They
            are shown only now.
          </Alert>
          <ul aria-label="Backup codes" className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-5">
            {step.backupCodes.map((code) => (
              <li key={code} className="rounded-lg bg-muted px-2 py-1.5 text-center font-mono text-sm">
                {code}
              </li>
            ))}
          </ul>
          <Button className="mt-4" variant="outline" onClick={() => setStep({ kind: 'idle' })}>
            I've saved them
          </Button>
        </div>
      )}
      {step.kind === 'disable' && (
        <PasswordStep
          label="Confirm your password"
          submitLabel="Turn off"
          danger
          onCancel={() => setStep({ kind: 'idle' })}
          onSubmit={async (password) => {
            try {
              await authApi.disableTwoFactor(password);
              await refresh().catch(() => null);
              toast.success(TWO_FACTOR_TEXT.disabled);
              setStep({ kind: 'idle' });
              return null;
            } catch (error) {
              return messageOf(error);
            }
          }}
        />
      )}
    </section>
  );
}
