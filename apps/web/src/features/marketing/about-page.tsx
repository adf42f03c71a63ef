import { HOW_IT_WORKS, MARKETING_CLAIMS } from '@adwuma/shared';
import { Handshake, HeartHandshake, MapPin, ShieldCheck } from 'lucide-react';
import { AppLink, ButtonLink } from '../../components/ui/button-link.tsx';
import { CtaBand, FeatureGrid, type FeatureItem, StepList } from '../../components/ui/feature-grid.tsx';
import { PageHeader, Section } from '../../components/ui/page-header.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { PROVIDER_SIGNUP_PATH, ROUTES } from '../../lib/routes.ts';

const VALUES: readonly FeatureItem[] = [
  {
    icon: ShieldCheck,
    title: 'Trust first',
    text: 'Every provider is verified, every review comes from a real job, and every payment is recorded.',
  },
  {
    icon: Handshake,
    title: 'Fair to both sides',
    text: 'Clear prices for customers, a clear commission for providers, and no hidden fees for anyone.',
  },
  {
    icon: HeartHandshake,
    title: 'Local by design',
    text: 'Cedis, mobile money, WhatsApp and neighbourhood names you know: built around how Ghana works.',
  },
  {
    icon: MapPin,
    title: 'Beyond Accra',
    text: 'Good work happens in every region. We grow city by city, with providers from each community.',
  },
];

const CITIES = [
  'Accra',
  'Tema',
  'Kumasi',
  'Tamale',
  'Takoradi',
  'Cape Coast',
  'Koforidua',
  'Ho',
  'Sunyani',
  'Bolgatanga',
  'Wa',
  'Techiman',
] as const;

export function AboutPage() {
  useDocumentTitle('About');
  return (
    <>
      <PageHeader
        eyebrow="About Adwuma"
        title="Adwuma means “work”, and work is what we help happen"
        lead="Finding a good plumber, a patient tutor or a reliable cleaner in Ghana usually means asking around and hoping for the best. Adwuma makes it simple to find skilled people nearby, check they are who they say they are, agree a fair price and get the job done."
      />

      <Section id="story" title="Our story">
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="space-y-4 text-muted-fg">
            <p>
              Adwuma started in Accra with a simple observation: the country is full of talented tradespeople
              and professionals, but customers find them through word of mouth, and providers spend more time
              looking for work than doing it.
            </p>
            <p>
              We built a marketplace where customers can search, compare and hire with confidence, and where
              providers can show their skills, win jobs and get paid on time, whether they braid hair in Adum,
              fix generators in Tamale or teach maths in Cape Coast.
            </p>
            <p>
              We are a Ghanaian team, based in Osu, and we answer our phones. If something is not right, we
              want to hear about it.
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-3">
            {MARKETING_CLAIMS.map((claim) => (
              <div key={claim.label} className="rounded-2xl border border-border bg-card p-5 shadow-sm">
                <dt className="text-sm text-muted-fg">{claim.label}</dt>
                <dd className="mt-1 text-3xl font-extrabold tracking-tight text-brand-700 dark:text-brand-500">
                  {claim.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>

      <Section id="values" title="What we stand for" className="pt-0 sm:pt-0">
        <FeatureGrid items={VALUES} columns={4} />
      </Section>

      <Section id="how" title="How Adwuma works" className="pt-0 sm:pt-0">
        <StepList steps={HOW_IT_WORKS} />
      </Section>

      <Section
        id="cities"
        title="Where you'll find us"
        lead="Providers on Adwuma work in more than 20 cities and towns, including:"
        className="pt-0 sm:pt-0"
      >
        <ul className="flex flex-wrap gap-2">
          {CITIES.map((city) => (
            <li
              key={city}
              className="rounded-full border border-border bg-card px-4 py-2 text-sm font-medium"
            >
              {city}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-muted-fg">
          Work with us or partner with us?{' '}
          <AppLink to={ROUTES.contact} className="font-semibold text-fg underline">
            Get in touch
          </AppLink>
        </p>
      </Section>

      <CtaBand
        title="Join the community"
        text="Find help for your next job, or earn from the skills you already have."
      >
        <ButtonLink to={ROUTES.search} variant="inverse" size="lg">
          Find services
        </ButtonLink>
        <ButtonLink to={PROVIDER_SIGNUP_PATH} variant="inverseOutline" size="lg">
          Become a provider
        </ButtonLink>
      </CtaBand>
    </>
  );
}
