import { AUTH_TEXT, forgotPasswordSchema } from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField } from '../components/email-field.tsx';
import { sayAuthText, useAuthText } from '../i18n.ts';
import { MODE_LINK_CLASS, ModeLink } from '../mode-links.tsx';

/** Spec 5 "Forgot password": a valid email, submit disabled until valid; then 'Check Your Email'. */
export function ForgotPasswordForm({
  defaultEmail = '',
  busy,
  onSubmit,
  onBackToSignIn,
  backToSignInHref = '/auth',
}: {
  defaultEmail?: string;
  busy: boolean;
  /** Answers whether the link was sent. */
  onSubmit: (email: string) => Promise<boolean>;
  onBackToSignIn: () => void;
  /** The link's address before the app has hydrated (issue 30). */
  backToSignInHref?: string;
}) {
  const uid = useId();
  const { t } = useAuthText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail },
  });

  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  if (sentTo) {
    return (
      <div ref={sentRef} tabIndex={-1} role="status" className="text-center focus:outline-none">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-leaf-600/10 text-leaf-600">
          <MailCheck aria-hidden="true" className="h-7 w-7" />
        </span>
        <h2 className="mt-4 text-xl font-bold">{sayAuthText(AUTH_TEXT.checkYourEmail, t)}</h2>
        <p className="mt-2 text-sm text-muted-fg">
          {t('forgot.sentBefore')} <strong className="[overflow-wrap:anywhere] text-fg">{sentTo}</strong>
          {t('forgot.sentAfter')}
        </p>
        <p className="mt-2 text-xs text-muted-fg">{t('forgot.spam')}</p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button variant="outline" onClick={() => setSentTo(null)}>
            {t('forgot.another')}
          </Button>
          <Button onClick={onBackToSignIn}>{t('forgot.back')}</Button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit(async ({ email }) => {
        if (await onSubmit(email)) setSentTo(email);
      })}
      className="grid gap-4"
    >
      <EmailField
        id={`${uid}-email`}
        hint={t('forgot.hint')}
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={!isValid} busy={busy}>
        {!busy && <Send aria-hidden="true" className="h-4 w-4" />}
        {t('forgot.send')}
      </Button>
      <ModeLink
        href={backToSignInHref}
        onSwitch={onBackToSignIn}
        className={`justify-self-center ${MODE_LINK_CLASS}`}
      >
        {t('forgot.back')}
      </ModeLink>
    </form>
  );
}
