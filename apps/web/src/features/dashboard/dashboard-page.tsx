import { isProviderLike } from '@adwuma/shared';
import {
  BookUser,
  Briefcase,
  CheckCircle2,
  Circle,
  Heart,
  HelpCircle,
  Landmark,
  LayoutGrid,
  ListPlus,
  type LucideIcon,
  MailWarning,
  Plus,
  Receipt,
  Search,
  ShieldCheck,
  Sparkles,
  UserRound,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { VerifiedBadge } from '../../components/ui/verified-badge.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import type { Me } from '../../lib/session.ts';
import { RoleBadge } from '../account/index.ts';
import { ONBOARDING_WELCOME_PATH, useSession } from '../auth/index.ts';
import { JobsDashboardCard } from '../jobs/index.ts';
import { NotificationsCard } from '../notifications/index.ts';
import { BookingsOverviewCard } from './bookings-overview-card.tsx';

export interface NextStep {
  id: string;
  title: string;
  text: string;
  done: boolean;
  to: string;
  action: string;
}

/** The profile fields that make a person easy to trust and reach. */
export function profileComplete(me: Me): boolean {
  const p = me.profile;
  return Boolean(p.full_name?.trim() && p.phone && p.avatar_url && p.city);
}

/** What to do next, in order of importance for this person. */
export function nextSteps(me: Me, providerView: boolean): NextStep[] {
  const steps: NextStep[] = [];
  // A phone-only account has no email to verify (issue 21).
  if (!me.user.emailVerified && me.user.email) {
    steps.push({
      id: 'verify-email',
      title: 'Verify your email',
      text: 'Confirm your address so we can reach you about bookings and payments.',
      done: false,
      to: buildPath(ROUTES.checkEmail, undefined, { email: me.user.email }),
      action: 'Resend the link',
    });
  }
  if (isProviderLike(me.role)) {
    steps.push({
      id: 'onboarding',
      title: 'Finish provider onboarding',
      text: 'Add your services, location and ID so customers can find and book you.',
      done: me.profile.onboarding_completed,
      to: ONBOARDING_WELCOME_PATH,
      action: 'Continue onboarding',
    });
  }
  steps.push({
    id: 'profile',
    title: 'Complete your profile',
    text: providerView
      ? 'A photo, phone number and city help customers choose you.'
      : 'A photo, phone number and city help providers confirm your bookings.',
    done: profileComplete(me),
    to: ROUTES.profile,
    action: 'Edit profile',
  });
  steps.push({
    id: 'two-factor',
    title: 'Protect your account',
    text: 'Turn on two-factor authentication with an authenticator app.',
    done: me.twoFactorEnabled,
    to: `${ROUTES.profile}#security`,
    action: 'Set up',
  });
  if (me.user.emailVerified) {
    steps.push({
      id: 'verify-email',
      title: 'Verify your email',
      text: 'Your email address is confirmed.',
      done: true,
      to: ROUTES.profile,
      action: 'View',
    });
  }
  return steps;
}

function greeting(date = new Date()): string {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

function Panel({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

interface Shortcut {
  to: string;
  label: string;
  text: string;
  icon: LucideIcon;
}

const CUSTOMER_SHORTCUTS: Shortcut[] = [
  { to: ROUTES.search, label: 'Find providers', text: 'Search by service and city', icon: Search },
  {
    to: buildPath(ROUTES.search, undefined, { view: 'categories' }),
    label: 'Browse services',
    text: 'Every category on Adwuma',
    icon: LayoutGrid,
  },
  { to: ROUTES.favorites, label: 'Favorites', text: 'Providers you saved', icon: Heart },
  { to: ROUTES.payments, label: 'Payments', text: 'What you paid and refunds', icon: Receipt },
  { to: ROUTES.providerDirectory, label: 'Directory', text: 'Providers by city, A–Z', icon: BookUser },
  { to: ROUTES.profile, label: 'Your profile', text: 'Photo, phone and preferences', icon: UserRound },
  { to: ROUTES.help, label: 'Help centre', text: 'Answers about hiring and paying', icon: HelpCircle },
];

const PROVIDER_SHORTCUTS: Shortcut[] = [
  { to: ROUTES.postService, label: 'Your services', text: 'Add services and prices', icon: ListPlus },
  { to: ROUTES.earnings, label: 'Earnings', text: 'Pending, available and paid out', icon: Wallet },
  { to: ROUTES.payoutSettings, label: 'Payouts', text: 'Your mobile money or bank', icon: Landmark },
  {
    to: ONBOARDING_WELCOME_PATH,
    label: 'Provider setup',
    text: 'Services, location and ID',
    icon: Briefcase,
  },
  { to: ROUTES.pricing, label: 'Plans and fees', text: 'Lower commission, faster payouts', icon: Sparkles },
  { to: ROUTES.profile, label: 'Your profile', text: 'What customers see about you', icon: UserRound },
  { to: ROUTES.favorites, label: 'Favorites', text: 'Providers you saved', icon: Heart },
  { to: ROUTES.help, label: 'Help centre', text: 'Getting paid, reviews and more', icon: HelpCircle },
];

/** /dashboard: the first page after sign-in for customers and providers. */
export function DashboardPage() {
  const { me, role, activeRole, isAdmin } = useSession();
  useDocumentTitle('Dashboard');
  if (!me || !role) return null;
  const providerView = isProviderLike(role) && activeRole === 'provider';
  const firstName = (me.profile.full_name || me.user.name || '').split(' ')[0] || 'there';
  const steps = nextSteps(me, providerView);
  const open = steps.filter((s) => !s.done);
  const doneCount = steps.length - open.length;
  const shortcuts = providerView ? PROVIDER_SHORTCUTS : CUSTOMER_SHORTCUTS;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-brand-700 dark:text-brand-500">
            {greeting()} · {providerView ? 'Provider view' : 'Customer view'}
          </p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">Akwaaba, {firstName}!</h1>
          <p className="mt-2 text-muted-fg">
            {providerView
              ? 'Set up your business, then customers can find and book you.'
              : 'Find trusted providers near you and keep your jobs in one place.'}
          </p>
          {/* Issue 22: the main action sits above the fold on a 360 px phone, not under the panels. */}
          <div className="mt-4 flex flex-wrap gap-2">
            {providerView ? (
              <>
                <ButtonLink to={ROUTES.jobs}>
                  <Search aria-hidden="true" className="h-4 w-4" /> Find jobs
                </ButtonLink>
                <ButtonLink to={ROUTES.postService} variant="outline">
                  <ListPlus aria-hidden="true" className="h-4 w-4" /> My services
                </ButtonLink>
              </>
            ) : (
              <>
                <ButtonLink to={ROUTES.postJob}>
                  <Plus aria-hidden="true" className="h-4 w-4" /> Post a job
                </ButtonLink>
                <ButtonLink to={ROUTES.search} variant="outline">
                  <Search aria-hidden="true" className="h-4 w-4" /> Find providers
                </ButtonLink>
              </>
            )}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <RoleBadge role={role} />
          {me.profile.verified && <VerifiedBadge />}
          {isAdmin && (
            <ButtonLink to={ROUTES.admin} variant="outline" size="sm">
              <ShieldCheck aria-hidden="true" className="h-4 w-4" /> Admin panel
            </ButtonLink>
          )}
        </div>
      </header>

      <BookingsOverviewCard className="mt-8" />
      <div className="mt-8 grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        <Panel id="next-steps" title="Next steps">
          <div className="mb-4 flex items-center gap-3">
            <div
              className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label="Account setup"
              aria-valuemin={0}
              aria-valuemax={steps.length}
              aria-valuenow={doneCount}
            >
              <div
                className="h-full rounded-full bg-leaf-600 transition-all"
                style={{ width: `${(doneCount / steps.length) * 100}%` }}
              />
            </div>
            <span className="text-sm font-semibold text-muted-fg">
              {doneCount} of {steps.length} done
            </span>
          </div>
          <ul className="grid gap-2">
            {steps.map((step) => (
              <li
                key={`${step.id}-${step.done}`}
                className={`flex flex-wrap items-start gap-x-3 gap-y-2 rounded-xl border p-3 sm:flex-nowrap sm:p-4 ${step.done ? 'border-border bg-muted/40' : 'border-border bg-card'}`}
              >
                {step.done ? (
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-leaf-600" />
                ) : step.id === 'verify-email' ? (
                  <MailWarning aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                ) : (
                  <Circle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-muted-fg" />
                )}
                <div className="min-w-0 flex-1 basis-[calc(100%-2rem)] sm:basis-0">
                  <p
                    className={`font-semibold ${step.done ? 'text-muted-fg line-through decoration-1' : ''}`}
                  >
                    {step.title}
                    {step.done && <span className="sr-only"> (done)</span>}
                  </p>
                  {!step.done && <p className="mt-0.5 text-sm text-muted-fg">{step.text}</p>}
                </div>
                {!step.done && (
                  <ButtonLink to={step.to} size="sm" variant="outline" className="ml-8 shrink-0 sm:ml-0">
                    {step.action}
                  </ButtonLink>
                )}
              </li>
            ))}
          </ul>
        </Panel>

        <Panel id="shortcuts" title="Shortcuts">
          <ul className="grid grid-cols-2 gap-2">
            {shortcuts.map(({ to, label, text, icon: Icon }) => (
              <li key={label}>
                <ButtonLink
                  to={to}
                  variant="ghost"
                  className="!flex h-full !flex-col !items-start !justify-start !gap-1 !rounded-xl border border-border !p-3 text-left"
                >
                  <Icon aria-hidden="true" className="h-5 w-5 text-brand-700 dark:text-brand-500" />
                  <span className="font-semibold">{label}</span>
                  <span className="text-xs font-normal text-muted-fg">{text}</span>
                </ButtonLink>
              </li>
            ))}
          </ul>
        </Panel>
      </div>

      <JobsDashboardCard providerView={providerView} />

      <div className="mt-6">
        <NotificationsCard />
      </div>
    </div>
  );
}
