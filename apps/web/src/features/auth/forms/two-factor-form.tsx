import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { TextButton } from '../components/text-button.tsx';
import { useAuthText } from '../i18n.ts';

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: TOTP_CODE_MESSAGE })),
});

/** A 6-digit code from an authenticator app (spaces allowed, hence 7). */
export function TotpCodeInput(props: ComponentProps<typeof Input>) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={7}
      placeholder="123456"
      {...props}
    />
  );
}

/** The second step of sign-in when two-factor authentication is on: a 6-digit code. */
export function TwoFactorForm({
  busy,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const uid = useId();
  const { t } = useAuthText();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm({ resolver: zodResolver(totpCodeSchema), mode: 'onTouched', defaultValues: { code: '' } });

  return (
    <form noValidate onSubmit={handleSubmit(({ code }) => onSubmit(code))} className="grid gap-4">
      <div className="flex items-start gap-3 rounded-xl bg-muted p-4 text-sm">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-leaf-600" />
        <p className="text-muted-fg">{t('twoFactor.intro')}</p>
      </div>
      <Field id={`${uid}-code`} label={t('twoFactor.code')} error={errors.code?.message}>
        {(aria) => (
          <TotpCodeInput
            {...aria}
            autoFocus
            className="text-center font-mono text-2xl tracking-[0.4em]"
            {...register('code')}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={!isValid} busy={busy}>
        {t('twoFactor.verify')}
      </Button>
      <TextButton onClick={onCancel} className="justify-self-center">
        {t('twoFactor.back')}
      </TextButton>
    </form>
  );
}
