import { AUTH_TEXT } from '@adwuma/shared';
import { KeyRound, LogIn, MailPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { textOf } from '../../i18n/index.ts';
import { authApi } from '../../lib/auth-client.ts';
import { toast } from '../../lib/toast.ts';
import { sayAuthText, useAuthText } from './i18n.ts';

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
  const { t } = useAuthText();

  async function resend() {
    setSending(true);
    try {
      await authApi.sendVerificationEmail(email);
      setSent(true);
      toast.success(sayAuthText(AUTH_TEXT.checkYourEmail), {
        description: textOf('auth')('existing.sentTo', { email }),
      });
    } catch {
      toast.error(sayAuthText(AUTH_TEXT.resendFailed));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      title={t('existing.title')}
      description={
        <>
          {t('existing.bodyBefore')} <strong className="[overflow-wrap:anywhere] text-fg">{email}</strong>
          {t('existing.bodyAfter')}
        </>
      }
      onClose={onClose}
    >
      <div className="grid gap-2">
        <Button onClick={onSignIn} size="lg">
          <LogIn aria-hidden="true" className="h-4 w-4" />
          {t('existing.signIn')}
        </Button>
        <Button variant="outline" onClick={resend} busy={sending} disabled={sent}>
          {!sending && <MailPlus aria-hidden="true" className="h-4 w-4" />}
          {sent ? t('existing.sent') : t('existing.resend')}
        </Button>
        <Button variant="ghost" onClick={onResetPassword}>
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          {t('existing.reset')}
        </Button>
      </div>
    </Dialog>
  );
}
