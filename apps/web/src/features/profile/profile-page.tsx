import { isProviderLike } from '@adwuma/shared';
import { LogOut, MailCheck, MailWarning } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { VerifiedBadge } from '../../components/ui/verified-badge.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { RoleBadge } from '../account/index.ts';
import { useSession } from '../auth/index.ts';
import { ProfileVerification } from '../verification/index.ts';
import { AvatarField } from './avatar-field.tsx';
import { ProfileForm } from './profile-form.tsx';

// Issue 20: two-step verification's forms (zod, the auth client) download after the page's own.
const TwoFactorSection = lazy(() =>
  import('./two-factor-section.tsx').then((m) => ({ default: m.TwoFactorSection })),
);

export const SIGN_OUT_EVERYWHERE_TEXT = {
  title: 'Sign out everywhere',
  body: 'Ends your sessions on every phone and computer, including this one. You will need your password to sign in again.',
  confirm: 'Sign out of all devices',
} as const;

function SignOutEverywhere() {
  const { signOut, isLoggingOut } = useSession();
  const [asking, setAsking] = useState(false);
  return (
    <section
      aria-labelledby="everywhere-title"
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-danger/10 text-danger">
          <LogOut aria-hidden="true" className="h-5 w-5" />
        </span>
        <div>
          <h3 id="everywhere-title" className="font-bold">
            {SIGN_OUT_EVERYWHERE_TEXT.title}
          </h3>
          <p className="mt-0.5 text-sm text-muted-fg">
            Lost a phone or used a shared computer? End every session of your account at once.
          </p>
        </div>
      </div>
      <Button variant="outline" className="mt-4" onClick={() => setAsking(true)} disabled={isLoggingOut}>
        {SIGN_OUT_EVERYWHERE_TEXT.title}
      </Button>
      {asking && (
        <Dialog
          title="Sign out of every device?"
          description={SIGN_OUT_EVERYWHERE_TEXT.body}
          onClose={() => setAsking(false)}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setAsking(false);
                void signOut({ everywhere: true });
              }}
            >
              {SIGN_OUT_EVERYWHERE_TEXT.confirm}
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

/** /profile: personal details, photo, and account security (two-factor, sign out everywhere). */
export function ProfilePage() {
  const { me, role } = useSession();
  const { hash } = useLocation();
  useDocumentTitle('Your profile');

  useEffect(() => {
    if (hash === '#security') document.getElementById('security')?.scrollIntoView({ block: 'start' });
  }, [hash]);

  if (!me || !role) return null;
  const name = me.profile.full_name || me.user.name;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <header>
        <p className="text-sm font-semibold text-brand-700 dark:text-brand-500">Account</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">Your profile</h1>
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-muted-fg">
          <span className="[overflow-wrap:anywhere]">{me.user.email}</span>
          <RoleBadge role={role} />
          {me.profile.verified && <VerifiedBadge />}
          {!me.user.email ? null : me.user.emailVerified ? (
            <span className="inline-flex items-center gap-1 text-leaf-700 dark:text-green-300">
              <MailCheck aria-hidden="true" className="h-4 w-4" /> Email verified
            </span>
          ) : (
            <ButtonLink
              to={buildPath(ROUTES.checkEmail, undefined, { email: me.user.email ?? undefined })}
              variant="ghost"
              size="sm"
              className="!min-h-0 !px-2 !py-0.5 text-brand-700 dark:text-brand-500"
            >
              <MailWarning aria-hidden="true" className="h-4 w-4" /> Verify your email
            </ButtonLink>
          )}
        </div>
      </header>

      {isProviderLike(role) && <ProfileVerification verified={me.profile.verified} />}

      <section
        aria-labelledby="details-title"
        className="mt-8 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8"
      >
        <h2 id="details-title" className="text-lg font-bold tracking-tight">
          Personal details
        </h2>
        <p className="mt-1 text-sm text-muted-fg">How people on Adwuma see and reach you.</p>
        <div className="mt-6">
          <AvatarField avatarUrl={me.profile.avatar_url} name={name} />
        </div>
        <div className="mt-8 border-t border-border pt-6">
          <ProfileForm key={me.profile.id} profile={me.profile} email={me.user.email ?? ''} />
        </div>
      </section>

      <section id="security" aria-labelledby="security-title" className="mt-8 scroll-mt-24">
        <h2 id="security-title" className="text-lg font-bold tracking-tight">
          Security
        </h2>
        <div className="mt-4 grid gap-4">
          <Suspense fallback={<Skeleton className="h-24 w-full rounded-2xl" />}>
            <TwoFactorSection />
          </Suspense>
          <SignOutEverywhere />
        </div>
      </section>
    </div>
  );
}
