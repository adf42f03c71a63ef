import { signInSchema } from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { EmailField } from '../components/email-field.tsx';
import { PasswordInput } from '../components/password-input.tsx';
import { TextButton } from '../components/text-button.tsx';
import { useAuthText } from '../i18n.ts';

export interface SignInValues {
  email: string;
  password: string;
}

/** Spec 5 sign-in: valid email, password of 6+, submit disabled until both are valid. */
export function SignInForm({
  defaultEmail = '',
  busy,
  onSubmit,
  onForgotPassword,
}: {
  defaultEmail?: string;
  busy: boolean;
  onSubmit: (values: SignInValues) => Promise<void>;
  onForgotPassword: (email: string) => void;
}) {
  const uid = useId();
  const { t } = useAuthText();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isValid },
  } = useForm({
    resolver: zodResolver(signInSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail, password: '' },
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values))} className="grid gap-4">
      <EmailField id={`${uid}-email`} error={errors.email?.message} {...register('email')} />
      <div>
        <Field id={`${uid}-password`} label={t('form.password')} error={errors.password?.message}>
          {(aria) => <PasswordInput {...aria} autoComplete="current-password" {...register('password')} />}
        </Field>
        <div className="mt-2 text-right">
          <TextButton onClick={() => onForgotPassword(String(getValues('email') ?? '').trim())}>
            {t('form.forgotPassword')}
          </TextButton>
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={!isValid} busy={busy}>
        {!busy && <LogIn aria-hidden="true" className="h-4 w-4" />}
        {t('form.signIn')}
      </Button>
    </form>
  );
}
