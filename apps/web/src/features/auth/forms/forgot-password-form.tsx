import { AUTH_TEXT, forgotPasswordSchema } from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField } from '../components/email-field.tsx';
import { TextButton } from '../components/text-button.tsx';

/** Spec 5 "Forgot password": a valid email, submit disabled until valid; then 'Check Your Email'. */
export function ForgotPasswordForm({
  defaultEmail = '',
  busy,
  onSubmit,
  onBackToSignIn,
}: {
  defaultEmail?: string;
  busy: boolean;
  /** Answers whether the link was sent. */
  onSubmit: (email: string) => Promise<boolean>;
  onBackToSignIn: () => void;
}) {
  const uid = useId();
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
        <h2 className="mt-4 text-xl font-bold">{AUTH_TEXT.checkYourEmail}</h2>
        <p className="mt-2 text-sm text-muted-fg">
          If an account exists for <strong className="[overflow-wrap:anywhere] text-fg">{sentTo}</strong>,
          we've sent a link to choose a new password. The link is valid for 30 minutes.
        </p>
        <p className="mt-2 text-xs text-muted-fg">Can't find it? Look in your spam or promotions folder.</p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button variant="outline" onClick={() => setSentTo(null)}>
            Use another email
          </Button>
          <Button onClick={onBackToSignIn}>Back to sign in</Button>
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
        hint="We'll email you a link to choose a new password."
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={!isValid} busy={busy}>
        {!busy && <Send aria-hidden="true" className="h-4 w-4" />}
        Send reset link
      </Button>
      <TextButton onClick={onBackToSignIn} className="justify-self-center">
        Back to sign in
      </TextButton>
    </form>
  );
}
