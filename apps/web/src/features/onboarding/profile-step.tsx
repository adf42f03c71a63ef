import {
  BIO_MAX,
  formatGhanaPhone,
  type OnboardingProfileRequest,
  onboardingProfileSchema,
  type Profile,
} from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Field, Input, PhoneInput, Textarea } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../lib/api.ts';
import { onboardingKeys, saveProfile } from '../../lib/onboarding-api.ts';
import { ME_QUERY_KEY, type Me } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useSession } from '../auth/index.ts';
import { AvatarField } from '../profile/index.ts';
import { useOnboardingText } from './i18n.ts';
import {
  FormError,
  messageOf,
  StepFooter,
  StepIntro,
  type StepProps,
  sameValues,
  useDraftOnLeave,
  useStepDraft,
} from './wizard-frame.tsx';

type ProfileValues = OnboardingProfileRequest;
const FIELDS = ['full_name', 'phone', 'bio'] as const;

function fromProfile(profile: Profile | null | undefined): ProfileValues {
  return {
    full_name: profile?.full_name ?? '',
    phone: profile?.phone ? formatGhanaPhone(profile.phone) : '',
    bio: profile?.bio ?? '',
  };
}

/**
 * Spec 5 profile step: photo, name, Ghana phone and bio. Checked with the shared schema before the
 * save (inline errors, focus on the first invalid field); the server checks it again.
 */
export function ProfileStep({ step, next }: StepProps) {
  const { me } = useSession();
  const uid = useId();
  const queryClient = useQueryClient();
  const draft = useStepDraft<ProfileValues>('profile');
  const saved = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { t } = useOnboardingText();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(onboardingProfileSchema),
    // Checked on Continue, then again as the provider types: a message appearing on blur would
    // move the Continue button under the pointer that is about to press it.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: draft.read() ?? fromProfile(me?.profile),
  });
  const bio = useWatch({ control, name: 'bio' }) ?? '';
  const name = useWatch({ control, name: 'full_name' }) ?? '';

  // Back and forward keep what was typed (the saved profile needs no draft).
  useDraftOnLeave(draft, () => {
    const values = getValues();
    return saved.current || sameValues(values, fromProfile(me?.profile)) ? null : values;
  });

  const avatarUrl = me?.profile.avatar_url ?? null;
  // The photo is half of the core "profile" item (spec 4): a new one changes the onboarding status.
  useEffect(() => {
    void avatarUrl;
    void queryClient.invalidateQueries({ queryKey: ['onboarding'] });
  }, [avatarUrl, queryClient]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await saveProfile(values);
      saved.current = true;
      // The session's copy of the profile follows, so Back shows what was saved.
      queryClient.setQueryData<Me | null>(ME_QUERY_KEY, (old) =>
        old ? { ...old, profile: answer.profile } : old,
      );
      queryClient.setQueryData(onboardingKeys.status, answer.status);
      void queryClient.invalidateQueries({ queryKey: ['onboarding'] });
      next();
    } catch (error) {
      const byField = fieldErrors(error);
      const known = FIELDS.filter((field) => byField[field]);
      known.forEach((field, i) => {
        setError(field, { type: 'server', message: byField[field] }, { shouldFocus: i === 0 });
      });
      const message = messageOf(error);
      setFormError(known.length > 0 ? t('frame.checkFields') : message);
      toast.error(t('frame.notSaved'), { description: message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <StepIntro>{t('profile.intro')}</StepIntro>
      <fieldset className="rounded-xl border border-border bg-card p-4">
        <legend className="px-1 text-sm font-semibold text-fg">{t('profile.photo')}</legend>
        <AvatarField avatarUrl={avatarUrl} name={name || me?.profile.full_name || ''} />
        {!avatarUrl && <p className="mt-3 text-xs text-muted-fg">{t('profile.photoHint')}</p>}
      </fieldset>
      <Field id={`${uid}-name`} label={t('profile.name')} error={errors.full_name?.message}>
        {(c) => <Input {...c} autoComplete="name" {...register('full_name')} />}
      </Field>
      <Field
        id={`${uid}-phone`}
        label={t('profile.phone')}
        hint={t('profile.phoneHint')}
        error={errors.phone?.message}
      >
        {(c) => <PhoneInput {...c} placeholder="024 123 4567" {...register('phone')} />}
      </Field>
      <Field
        id={`${uid}-bio`}
        label={t('profile.bio')}
        hint={t('profile.bioHint', { length: bio.length, max: BIO_MAX })}
        error={errors.bio?.message}
      >
        {(c) => <Textarea {...c} rows={4} maxLength={BIO_MAX} {...register('bio')} />}
      </Field>
      <FormError message={formError} />
      <StepFooter step={step} busy={isSubmitting} />
    </form>
  );
}
