import { AUTH_TEXT } from '@adwuma/shared';
import { KeyRound, LogIn, MailPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { authApi } from '../../lib/auth-client.ts';
import { toast } from '../../lib/toast.ts';

export const EXISTING_ACCOUNT_TEXT = {
  title: 'You already have an account',
  signIn: 'Sign in',
  resend: 'Resend confirmation email',
  reset: 'Reset password',
} as const;

/** Spec 4: an email already registered at sign-up offers sign in, resend confirmation, or reset. */
export function ExistingAccountDialog({
  email,
  onSignIn,
  onResetPassword,
  onClose,
}: {
  email: string;
  onSignIn: () => void;
  onResetPassword: () => void;
  onClose: () => void;
}) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function resend() {
    setSending(true);
    try {
      await authApi.sendVerificationEmail(email);
      setSent(true);
      toast.success(AUTH_TEXT.checkYourEmail, { description: `We sent a confirmation link to ${email}.` });
    } catch {
      toast.error(AUTH_TEXT.resendFailed);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      title={EXISTING_ACCOUNT_TEXT.title}
      description={
        <>
          An Adwuma account already uses <strong className="[overflow-wrap:anywhere] text-fg">{email}</strong>
          . Sign in to it, or choose another option below.
        </>
      }
      onClose={onClose}
    >
      <div className="grid gap-2">
        <Button onClick={onSignIn} size="lg">
          <LogIn aria-hidden="true" className="h-4 w-4" />
          {EXISTING_ACCOUNT_TEXT.signIn}
        </Button>
        <Button variant="outline" onClick={resend} busy={sending} disabled={sent}>
          {!sending && <MailPlus aria-hidden="true" className="h-4 w-4" />}
          {sent ? 'Confirmation email sent' : EXISTING_ACCOUNT_TEXT.resend}
        </Button>
        <Button variant="ghost" onClick={onResetPassword}>
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          {EXISTING_ACCOUNT_TEXT.reset}
        </Button>
      </div>
    </Dialog>
  );
}
