import { AUTH_TEXT, newPasswordSchema } from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, KeyRound, LinkIcon } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordChecklist } from '../components/password-checklist.tsx';
import { PasswordInput } from '../components/password-input.tsx';
import { sayAuthText, useAuthText } from '../i18n.ts';

/** Spec 4 "Password reset hook states". */
export type ResetState = 'idle' | 'loading' | 'success' | 'error';

/** The reset link is missing, used or expired: say so and offer a new one. */
export function InvalidResetLink({ onRequestNew }: { onRequestNew: () => void }) {
  const { t } = useAuthText();
  return (
    <div role="alert" className="text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-danger/10 text-danger">
        <LinkIcon aria-hidden="true" className="h-7 w-7" />
      </span>
      <h2 className="mt-4 text-xl font-bold">{t('reset.invalidTitle')}</h2>
      <p className="mt-2 text-sm text-muted-fg">{t('reset.invalidBody')}</p>
      <Button className="mt-6" onClick={onRequestNew}>
        {t('reset.requestNew')}
      </Button>
    </div>
  );
}

/** Spec 5 "New password" with its live checklist; spec 4: a success screen, then /dashboard. */
export function ResetPasswordForm({
  state,
  onSubmit,
}: {
  state: ResetState;
  onSubmit: (password: string) => Promise<void>;
}) {
  const uid = useId();
  const { t } = useAuthText();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(newPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  if (state === 'success') {
    return (
      <div role="status" className="text-center">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-leaf-600/10 text-leaf-600">
          <CheckCircle2 aria-hidden="true" className="h-7 w-7" />
        </span>
        <h2 className="mt-4 text-xl font-bold">{sayAuthText(AUTH_TEXT.passwordUpdated, t)}</h2>
        <p className="mt-2 text-sm text-muted-fg">{t('reset.successBody')}</p>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(({ password: p }) => onSubmit(p))} className="grid gap-4">
      <div>
        <Field id={`${uid}-password`} label={t('reset.newPassword')} error={errors.password?.message}>
          {(aria) => (
            <PasswordInput
              {...aria}
              aria-describedby={[aria['aria-describedby'], `${uid}-checklist`].filter(Boolean).join(' ')}
              autoComplete="new-password"
              {...register('password')}
            />
          )}
        </Field>
        <PasswordChecklist id={`${uid}-checklist`} password={password} />
      </div>
      <Field id={`${uid}-confirm`} label={t('reset.confirmNew')} error={errors.confirmPassword?.message}>
        {(aria) => <PasswordInput {...aria} autoComplete="new-password" {...register('confirmPassword')} />}
      </Field>
      <Button type="submit" size="lg" className="w-full" busy={state === 'loading'}>
        {state !== 'loading' && <KeyRound aria-hidden="true" className="h-4 w-4" />}
        {t('reset.update')}
      </Button>
    </form>
  );
}
