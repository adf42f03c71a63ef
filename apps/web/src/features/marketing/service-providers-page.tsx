import { formatBidsPerMonth, TIERS } from '@adwuma/shared';
import {
  BadgeCheck,
  Banknote,
  Camera,
  FileCheck,
  IdCard,
  Megaphone,
  ShieldCheck,
  TrendingUp,
  Users,
} from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { CtaBand, FeatureGrid, type FeatureItem } from '../../components/ui/feature-grid.tsx';
import { PageHeader, Section } from '../../components/ui/page-header.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, PROVIDER_SIGNUP_PATH, ROUTES } from '../../lib/routes.ts';

const WHY: readonly FeatureItem[] = [
  {
    icon: Users,
    title: 'Customers who are ready to hire',
    text: 'People come to Adwuma with a job in mind. You see what they need, where, and when.',
  },
  {
    icon: Megaphone,
    title: 'Free to start',
    text: 'No setup fee and no monthly fee on Starter. You pay a commission only when a job is completed.',
  },
  {
    icon: Banknote,
    title: 'Get paid properly',
    text: 'Customers pay through Adwuma, so no more chasing money. Payouts go to mobile money or your bank.',
  },
  {
    icon: TrendingUp,
    title: 'Grow your reputation',
    text: 'Every finished job can earn a review. Good reviews move you up in search.',
  },
];

const STEPS = [
  { title: 'Create your account', text: 'Sign up as a provider with your email. It takes a minute.' },
  {
    title: 'Build your profile',
    text: 'Add your name, photo, phone and a short bio that says what you do best.',
  },
  { title: 'Set your location', text: 'Pin your base on the map and choose the areas you serve.' },
  {
    title: 'Add your services',
    text: 'Pick your categories and tags: box braids, wiring, SHS maths, logo design...',
  },
  { title: 'Set your availability', text: 'Tell customers which days and hours you work.' },
  { title: 'Verify your identity', text: 'Upload the front and back of your Ghana Card and a selfie.' },
  { title: 'Accept the terms', text: 'Read and accept the provider terms.' },
  {
    title: 'Choose a plan',
    text: 'Stay on Starter for free or upgrade for lower commission. Then you are live.',
  },
] as const;

const VERIFICATION = [
  {
    icon: IdCard,
    title: 'Ghana Card, front and back',
    text: 'Clear photos, all four corners visible, no glare.',
  },
  { icon: Camera, title: 'A selfie', text: 'Your face, well lit, so we can match it to your card.' },
  {
    icon: FileCheck,
    title: 'Review by our team',
    text: 'We check your documents, usually within two working days.',
  },
  {
    icon: BadgeCheck,
    title: 'Verified badge',
    text: 'Once approved, the badge shows on your profile and in search.',
  },
] as const;

export function ServiceProvidersPage() {
  useDocumentTitle('For service providers');
  return (
    <>
      <PageHeader
        eyebrow="For service providers"
        title="Turn your skills into steady work"
        lead="Join hairdressers, tutors, plumbers, cleaners, tailors and designers who find customers on Adwuma, from Accra and Kumasi to Tamale, Takoradi and Cape Coast."
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink to={PROVIDER_SIGNUP_PATH} size="lg">
            Join as a provider, free
          </ButtonLink>
          <ButtonLink to={ROUTES.pricing} variant="outline" size="lg">
            See plans and commission
          </ButtonLink>
        </div>
      </PageHeader>

      <Section id="why" title="Why providers choose Adwuma">
        <FeatureGrid items={WHY} columns={4} />
      </Section>

      <Section
        id="steps"
        title="From sign-up to your first job"
        lead="Onboarding walks you through each step and saves as you go, so you can finish later."
        className="pt-0 sm:pt-0"
      >
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, i) => (
            <li
              key={step.title}
              className="flex gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm"
            >
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
                {i + 1}
              </span>
              <span>
                <span className="block font-semibold">{step.title}</span>
                <span className="mt-0.5 block text-sm text-muted-fg">{step.text}</span>
              </span>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="verification" className="pt-0 sm:pt-0">
        <div className="grid gap-8 rounded-3xl border border-border bg-muted/50 p-6 sm:p-10 lg:grid-cols-[1fr_1.4fr]">
          <div>
            <ShieldCheck aria-hidden="true" className="h-10 w-10 text-leaf-600" />
            <h2 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Verification builds trust</h2>
            <p className="mt-3 text-muted-fg">
              Customers let providers into their homes and businesses. Verifying every provider with the Ghana
              Card is how we keep that trust, and verified profiles get more enquiries.
            </p>
            <p className="mt-3 text-sm text-muted-fg">
              Your documents are stored securely, seen only by our verification team and never shown to
              customers.
            </p>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {VERIFICATION.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl bg-card p-4 shadow-sm">
                <Icon aria-hidden="true" className="h-6 w-6 text-brand-600 dark:text-brand-500" />
                <p className="mt-2 font-semibold">{title}</p>
                <p className="mt-0.5 text-sm text-muted-fg">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section
        id="plans"
        title="Plans at a glance"
        lead="Commission is taken only from completed jobs. Change plan any time."
        className="pt-0 sm:pt-0"
      >
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {TIERS.map((tier) => (
            <li
              key={tier.id}
              className={`rounded-2xl border bg-card p-5 shadow-sm ${tier.mostPopular ? 'border-brand-600' : 'border-border'}`}
            >
              <p className="flex items-center justify-between font-bold">
                {tier.name}
                <span className="text-sm font-semibold text-muted-fg">{tier.priceLabel}</span>
              </p>
              <p className="mt-3 text-3xl font-extrabold">
                {tier.earningsShare}%<span className="ml-1 text-sm font-medium text-muted-fg">yours</span>
              </p>
              <p className="mt-2 text-sm text-muted-fg">
                {tier.commission}% commission · payout {tier.payoutDelay.toLowerCase()} ·{' '}
                {formatBidsPerMonth(tier.bidsPerMonth).toLowerCase()} bids
              </p>
            </li>
          ))}
        </ul>
        <ButtonLink to={ROUTES.pricing} variant="outline" className="mt-6">
          Compare plans in detail
        </ButtonLink>
      </Section>

      <CtaBand
        title="Your next customer is looking for you"
        text="Set up your profile for free today. Verification takes about two working days."
      >
        <ButtonLink to={PROVIDER_SIGNUP_PATH} variant="inverse" size="lg">
          Join as a provider
        </ButtonLink>
        <ButtonLink
          to={buildPath(ROUTES.helpTopic, { topic: 'getting-started' })}
          variant="inverseOutline"
          size="lg"
        >
          Read the provider guide
        </ButtonLink>
      </CtaBand>
    </>
  );
}
