import { BIO_MAX, formatGhanaPhone, type Profile, type ProfileUpdateInput } from '@adwuma/shared';
import { Save } from 'lucide-react';
import { type InputHTMLAttributes, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, PhoneInput, Textarea } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useUpdateProfile } from './api/profile.ts';
import type { profileResolver } from './profile-resolver.ts';

/**
 * Issue 20: the schema and zod (about 40 KB gzip) download on the form's first check (a blur or a
 * save), not with the profile page.
 */
const resolver: typeof profileResolver = async (...args) =>
  (await import('./profile-resolver.ts')).profileResolver(...args);

export const PROFILE_TEXT = {
  saved: 'Profile saved',
  saveFailed: 'Your profile was not saved',
  save: 'Save changes',
} as const;

const FIELDS = [
  'full_name',
  'phone',
  'bio',
  'city',
  'show_phone',
  'whatsapp_enabled',
  'currency_preference',
] as const;
type FieldName = (typeof FIELDS)[number];

function formValues(profile: Profile): ProfileUpdateInput {
  return {
    full_name: profile.full_name ?? '',
    phone: profile.phone ? formatGhanaPhone(profile.phone) : '',
    bio: profile.bio ?? '',
    city: profile.city ?? '',
    show_phone: profile.show_phone,
    whatsapp_enabled: profile.whatsapp_enabled,
    currency_preference: profile.currency_preference === 'USD' ? 'USD' : 'GHS',
  };
}

function Toggle({
  id,
  label,
  hint,
  ...input
}: { id: string; label: string; hint: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start justify-between gap-4 rounded-xl border border-border p-4"
    >
      <span>
        <span className="block text-sm font-semibold text-fg">{label}</span>
        <span id={`${id}-hint`} className="mt-0.5 block text-xs text-muted-fg">
          {hint}
        </span>
      </span>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          aria-label={label}
          aria-describedby={`${id}-hint`}
          className="peer sr-only"
          {...input}
        />
        <span className="h-6 w-11 rounded-full bg-muted ring-1 ring-inset ring-border transition-colors peer-checked:bg-leaf-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500" />
        <span className="pointer-events-none absolute left-0.5 top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5" />
      </span>
    </label>
  );
}

/** Spec 3 "profiles": what a person edits about themselves (spec 5: never role, type or is_admin). */
export function ProfileForm({ profile, email }: { profile: Profile; email: string }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const mutation = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: formValues(profile),
  });
  const bio = useWatch({ control, name: 'bio' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await mutation.mutateAsync(values);
      reset(formValues(saved));
      toast.success(PROFILE_TEXT.saved);
    } catch (error) {
      const byField = fieldErrors(error);
      const known = FIELDS.filter((f) => byField[f]);
      known.forEach((field: FieldName, i) => {
        setError(field, { type: 'server', message: byField[field] }, { shouldFocus: i === 0 });
      });
      if (known.length === 0) {
        const message =
          error instanceof Error ? error.message : 'An unexpected error occurred. Please try again.';
        setFormError(message);
        toast.error(PROFILE_TEXT.saveFailed, { description: message });
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={id('title')} className="grid gap-5">
      <h2 id={id('title')} className="sr-only">
        Personal details
      </h2>
      {formError && (
        <Alert tone="danger" role="alert" title={PROFILE_TEXT.saveFailed}>
          {formError}
        </Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id('full_name')} label="Full name" error={errors.full_name?.message}>
          {(aria) => <Input {...aria} autoComplete="name" {...register('full_name')} />}
        </Field>
        <Field id={id('email')} label="Email" hint="Your sign-in address. It can't be changed here.">
          {(aria) => (
            <Input {...aria} type="email" value={email} readOnly className="bg-muted text-muted-fg" />
          )}
        </Field>
        <Field
          id={id('phone')}
          label="Phone"
          optional
          hint="A Ghana number, e.g. +233 24 123 4567 or 024 123 4567"
          error={errors.phone?.message}
        >
          {(aria) => <PhoneInput {...aria} placeholder="+233 24 123 4567" {...register('phone')} />}
        </Field>
        <Field id={id('city')} label="City or town" optional error={errors.city?.message}>
          {(aria) => (
            <Input
              {...aria}
              autoComplete="address-level2"
              placeholder="Accra"
              list={id('cities')}
              {...register('city')}
            />
          )}
        </Field>
        <datalist id={id('cities')}>
          {['Accra', 'Kumasi', 'Tamale', 'Takoradi', 'Cape Coast', 'Tema', 'Ho', 'Koforidua', 'Sunyani'].map(
            (c) => (
              <option key={c} value={c} />
            ),
          )}
        </datalist>
      </div>
      <Field
        id={id('bio')}
        label="About you"
        optional
        hint={`${bio.length}/${BIO_MAX} characters`}
        error={errors.bio?.message}
      >
        {(aria) => (
          <Textarea
            {...aria}
            rows={4}
            maxLength={BIO_MAX}
            placeholder="A few words about you or your work."
            {...register('bio')}
          />
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Toggle
          id={id('show_phone')}
          label="Show my phone number"
          hint="People you book with can see it on your profile."
          {...register('show_phone')}
        />
        <Toggle
          id={id('whatsapp_enabled')}
          label="Contact me on WhatsApp"
          hint="Shows a WhatsApp button next to your number."
          {...register('whatsapp_enabled')}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-fg">Show prices in</legend>
        <div className="mt-1.5 grid max-w-sm grid-cols-2 gap-2">
          {(
            [
              ['GHS', 'Ghana cedi (GHS)'],
              ['USD', 'US dollar (USD)'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-border p-3 text-sm font-medium has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 dark:has-[:checked]:bg-brand-800/25"
            >
              <input
                type="radio"
                value={value}
                className="accent-brand-600"
                {...register('currency_preference')}
              />
              {label}
            </label>
          ))}
        </div>
        {errors.currency_preference?.message && (
          <p role="alert" className="mt-1.5 text-sm font-medium text-danger">
            {errors.currency_preference.message}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={mutation.isPending} disabled={!isDirty && !mutation.isPending}>
          {!mutation.isPending && <Save aria-hidden="true" className="h-4 w-4" />}
          {PROFILE_TEXT.save}
        </Button>
        {!isDirty && <span className="text-sm text-muted-fg">All changes saved</span>}
      </div>
    </form>
  );
}
