import { signInSchema } from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { EmailField } from '../components/email-field.tsx';
import { PasswordInput } from '../components/password-input.tsx';
import { useAuthText } from '../i18n.ts';
import { ModeLink } from '../mode-links.tsx';

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
  forgotPasswordHref = '/auth?mode=forgot-password',
}: {
  defaultEmail?: string;
  busy: boolean;
  onSubmit: (values: SignInValues) => Promise<void>;
  onForgotPassword: (email: string) => void;
  /** The link's address before the app has hydrated (issue 30). */
  forgotPasswordHref?: string;
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
          <ModeLink
            href={forgotPasswordHref}
            onSwitch={() => onForgotPassword(String(getValues('email') ?? '').trim())}
          >
            {t('form.forgotPassword')}
          </ModeLink>
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={!isValid} busy={busy}>
        {!busy && <LogIn aria-hidden="true" className="h-4 w-4" />}
        {t('form.signIn')}
      </Button>
    </form>
  );
}
