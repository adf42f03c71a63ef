import { HOW_IT_WORKS } from '@adwuma/shared';
import {
  BadgeCheck,
  CalendarDays,
  ClipboardList,
  Gauge,
  Gavel,
  Heart,
  LayoutDashboard,
  MapPin,
  MessageSquare,
  Moon,
  Package,
  Scale,
  Search,
  ShieldCheck,
  Smartphone,
  Star,
  UserRound,
  Wallet,
} from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { CtaBand, FeatureGrid, type FeatureItem, StepList } from '../../components/ui/feature-grid.tsx';
import { PageHeader, Section } from '../../components/ui/page-header.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { PROVIDER_SIGNUP_PATH, ROUTES } from '../../lib/routes.ts';

const FOR_CUSTOMERS: readonly FeatureItem[] = [
  {
    icon: Search,
    title: 'Search by service and area',
    text: 'Filter by service, neighbourhood, price and rating, and see how far each provider is from you.',
  },
  {
    icon: BadgeCheck,
    title: 'Verified providers',
    text: 'Providers confirm who they are with their Ghana Card and a selfie before they get the verified badge.',
  },
  {
    icon: ClipboardList,
    title: 'Post a job, get quotes',
    text: 'Describe the job once, with photos. Providers send quotes; you compare and hire the one that fits.',
  },
  {
    icon: MessageSquare,
    title: 'Messages in one place',
    text: 'Agree the details in the app and keep a record. Providers who allow it can also be reached on WhatsApp.',
  },
  {
    icon: CalendarDays,
    title: 'Scheduling',
    text: 'Pick a time that suits you both. Your schedule shows what is booked, and when.',
  },
  {
    icon: Star,
    title: 'Honest reviews',
    text: 'Only customers who hired a provider can review them, so ratings reflect real jobs.',
  },
  {
    icon: Heart,
    title: 'Favourites',
    text: 'Save the barber, tutor or electrician you trust and book them again in two taps.',
  },
  {
    icon: Scale,
    title: 'Help when things go wrong',
    text: 'If a job is not done as agreed, open a dispute and our team in Accra steps in.',
  },
];

const FOR_PROVIDERS: readonly FeatureItem[] = [
  {
    icon: UserRound,
    title: 'A profile that sells',
    text: 'Show your services, prices, photos of past work, the areas you cover and your reviews.',
  },
  {
    icon: Gavel,
    title: 'Bid on jobs',
    text: 'Customers post jobs every day. Starter includes 10 bids a month; Pro and above are unlimited.',
  },
  {
    icon: MapPin,
    title: 'Work where you want',
    text: 'Set your base and how far you travel, from one neighbourhood to the whole region.',
  },
  {
    icon: Wallet,
    title: 'Reliable payouts',
    text: 'Earnings are paid to your mobile money wallet or bank: in 7, 3 or 1 day depending on your plan.',
  },
  {
    icon: Package,
    title: 'Materials paid upfront',
    text: 'On Pro and Premium, customers pay for materials before you start, up to 40% or 70% of the job.',
  },
  {
    icon: LayoutDashboard,
    title: 'Your business at a glance',
    text: 'Requests, bids, bookings, messages and earnings in one dashboard.',
  },
];

const BUILT_FOR_GHANA: readonly FeatureItem[] = [
  {
    icon: Smartphone,
    title: 'Mobile first',
    text: 'Designed for the phone in your pocket, from a small Android to a laptop in the office.',
  },
  {
    icon: Gauge,
    title: 'Light on data',
    text: 'Pages load only what they need, so the app stays quick on a slow connection and kind to your bundle.',
  },
  {
    icon: ShieldCheck,
    title: 'Your data protected',
    text: "We handle personal data under Ghana's Data Protection Act, 2012 (Act 843).",
  },
  {
    icon: Moon,
    title: 'Light and dark',
    text: 'Follow your phone’s setting or choose light or dark, easy on the eyes at night.',
  },
];

export function FeaturesPage() {
  useDocumentTitle('Features');
  return (
    <>
      <PageHeader
        eyebrow="Features"
        title="Everything you need to hire well, and to get hired"
        lead="Adwuma brings customers and trusted local providers together: search, quotes, messages, scheduling, payments and reviews, built for the way Ghana works."
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink to={ROUTES.search} size="lg">
            Find a provider
          </ButtonLink>
          <ButtonLink to={ROUTES.serviceProviders} variant="outline" size="lg">
            I offer a service
          </ButtonLink>
        </div>
      </PageHeader>

      <Section
        id="customers"
        title="For customers"
        lead="Find someone good, agree a fair price, and get the job done."
      >
        <FeatureGrid items={FOR_CUSTOMERS} columns={4} />
      </Section>

      <Section
        id="providers"
        title="For service providers"
        lead="Hairdressers, tutors, plumbers, cleaners, designers: more customers, less chasing."
        className="pt-0 sm:pt-0"
      >
        <FeatureGrid items={FOR_PROVIDERS} />
      </Section>

      <Section id="how" title="How it works">
        <StepList steps={HOW_IT_WORKS} />
      </Section>

      <Section id="ghana" title="Built for Ghana" className="pt-0 sm:pt-0">
        <FeatureGrid items={BUILT_FOR_GHANA} columns={4} />
      </Section>

      <CtaBand
        title="Ready when you are"
        text="Search 50+ categories of service today, or set up your provider profile for free."
      >
        <ButtonLink to={ROUTES.search} variant="inverse" size="lg">
          Browse services
        </ButtonLink>
        <ButtonLink to={PROVIDER_SIGNUP_PATH} variant="inverseOutline" size="lg">
          Join as a provider
        </ButtonLink>
      </CtaBand>
    </>
  );
}
