import { authMessages, type SignupRole, signUpSchema } from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { EmailField } from '../components/email-field.tsx';
import { PasswordInput } from '../components/password-input.tsx';
import { ProviderIntro, RoleCards } from '../components/role-cards.tsx';
import { useAuthText } from '../i18n.ts';

export type SignUpValues = z.output<typeof signUpSchema>;

export function SignUpForm({
  intentProvider,
  busy,
  onSubmit,
  defaultEmail = '',
  footer,
}: {
  /** intent=provider: the provider path is fixed and the choice is not offered. */
  intentProvider: boolean;
  busy: boolean;
  onSubmit: (values: SignUpValues) => Promise<Record<string, string> | undefined>;
  defaultEmail?: string;
  footer?: ReactNode;
}) {
  const uid = useId();
  const { t } = useAuthText();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, touchedFields, isSubmitted },
  } = useForm({
    resolver: zodResolver(signUpSchema),
    mode: 'onTouched',
    defaultValues: {
      fullName: '',
      email: defaultEmail,
      password: '',
      confirmPassword: '',
      userRole: (intentProvider ? 'explorer' : 'customer') as SignupRole,
    },
  });
  const [password, confirmPassword, userRole] = useWatch({
    control,
    name: ['password', 'confirmPassword', 'userRole'],
  });

  // "Passwords don't match" inline once both fields were touched (the schema's own check waits for
  // every other field to be valid first).
  const bothTouched = Boolean(touchedFields.password && touchedFields.confirmPassword) || isSubmitted;
  const mismatch = bothTouched && confirmPassword !== password ? authMessages.passwordsDontMatch : undefined;
  const confirmError = errors.confirmPassword?.message ?? mismatch;

  const submit = handleSubmit(async (values) => {
    const fieldErrors = await onSubmit(values);
    const names = { name: 'fullName', user_role: 'userRole' } as Record<string, string>;
    for (const [field, message] of Object.entries(fieldErrors ?? {})) {
      const name = (names[field] ?? field) as 'fullName' | 'email' | 'password' | 'userRole';
      if (['fullName', 'email', 'password', 'userRole'].includes(name)) setError(name, { message });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {intentProvider ? (
        <ProviderIntro />
      ) : (
        <RoleCards selected={userRole ?? 'customer'} radio={() => register('userRole')} />
      )}
      <Field id={`${uid}-name`} label={t('form.fullName')} error={errors.fullName?.message}>
        {(aria) => <Input {...aria} autoComplete="name" placeholder="Ama Mensah" {...register('fullName')} />}
      </Field>
      <EmailField id={`${uid}-email`} error={errors.email?.message} {...register('email')} />
      <Field
        id={`${uid}-password`}
        label={t('form.password')}
        hint={t('form.passwordHint')}
        error={errors.password?.message}
      >
        {(aria) => (
          <PasswordInput
            {...aria}
            autoComplete="new-password"
            {...register('password', { deps: touchedFields.confirmPassword ? ['confirmPassword'] : [] })}
          />
        )}
      </Field>
      <Field id={`${uid}-confirm`} label={t('form.confirmPassword')} error={confirmError}>
        {(aria) => <PasswordInput {...aria} autoComplete="new-password" {...register('confirmPassword')} />}
      </Field>
      <Button type="submit" size="lg" className="mt-1 w-full" busy={busy}>
        {!busy && <UserPlus aria-hidden="true" className="h-4 w-4" />}
        {t('form.createAccount')}
      </Button>
      {footer}
    </form>
  );
}
