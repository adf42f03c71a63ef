import { authMessages, type SignupRole, signUpSchema } from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Briefcase, Search, UserPlus } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { EmailField } from '../components/email-field.tsx';
import { PasswordInput } from '../components/password-input.tsx';

export type SignUpValues = z.output<typeof signUpSchema>;

/** Spec 6: 'Find Services' gives customer; 'Become a Provider' gives explorer. */
const ROLE_CARDS: { value: SignupRole; title: string; text: string; icon: typeof Search }[] = [
  {
    value: 'customer',
    title: 'Find Services',
    text: 'Hire trusted people for jobs at home or work.',
    icon: Search,
  },
  {
    value: 'explorer',
    title: 'Become a Provider',
    text: 'Offer your skills and get booked by customers.',
    icon: Briefcase,
  },
];

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
        <div className="flex items-start gap-3 rounded-xl border border-brand-500/40 bg-brand-50 p-4 text-sm dark:bg-brand-800/20">
          <Briefcase
            aria-hidden="true"
            className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-500"
          />
          <p>
            <span className="font-semibold text-fg">You're joining as a service provider.</span>{' '}
            <span className="text-muted-fg">
              After sign-up we'll help you set up your profile and services.
            </span>
          </p>
        </div>
      ) : (
        <fieldset>
          <legend className="text-sm font-semibold text-fg">I want to</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-2 sm:gap-3">
            {ROLE_CARDS.map((card) => {
              const Icon = card.icon;
              const checked = userRole === card.value;
              return (
                <label
                  key={card.value}
                  className={`relative flex cursor-pointer flex-col gap-1 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 sm:p-4 ${
                    checked
                      ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600 dark:bg-brand-800/25'
                      : 'border-border bg-card hover:bg-muted'
                  }`}
                >
                  <input type="radio" value={card.value} className="sr-only" {...register('userRole')} />
                  <Icon
                    aria-hidden="true"
                    className={`h-5 w-5 ${checked ? 'text-brand-700 dark:text-brand-500' : 'text-muted-fg'}`}
                  />
                  <span className="font-semibold text-fg">{card.title}</span>
                  <span className="text-xs text-muted-fg sm:text-sm">{card.text}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      <Field id={`${uid}-name`} label="Full name" error={errors.fullName?.message}>
        {(aria) => <Input {...aria} autoComplete="name" placeholder="Ama Mensah" {...register('fullName')} />}
      </Field>
      <EmailField id={`${uid}-email`} error={errors.email?.message} {...register('email')} />
      <Field
        id={`${uid}-password`}
        label="Password"
        hint="At least 8 characters, with an uppercase letter and a number."
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
      <Field id={`${uid}-confirm`} label="Confirm password" error={confirmError}>
        {(aria) => <PasswordInput {...aria} autoComplete="new-password" {...register('confirmPassword')} />}
      </Field>
      <Button type="submit" size="lg" className="mt-1 w-full" busy={busy}>
        {!busy && <UserPlus aria-hidden="true" className="h-4 w-4" />}
        Create account
      </Button>
      {footer}
    </form>
  );
}
