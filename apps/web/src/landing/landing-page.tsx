import {
  DEFAULT_CLAIM_VALUES,
  type MarketingClaimKey,
  type MarketingClaimValues,
} from '@adwuma/shared/marketing';
import {
  ArrowRight,
  BadgeCheck,
  ChefHat,
  GraduationCap,
  MapPin,
  MessagesSquare,
  Palette,
  Receipt,
  Scissors,
  Search,
  ShieldCheck,
  Shirt,
  Smartphone,
  Sparkles,
  Star,
  Wrench,
  Zap,
} from 'lucide-react';
import { useMemo } from 'react';
import { SiteFooter } from '../components/site/site-footer.tsx';
import { SiteHeader } from '../components/site/site-header.tsx';
import { SiteTextContext } from '../components/site/site-text.ts';
import { HERO_HEADLINES, type HeroVariant } from './hero-experiment.ts';
import { FlagBand, KentePattern } from './kente.tsx';
import { ENGLISH_LANDING_TEXT, type LandingText, LandingTextContext, useLandingText } from './text.ts';
import { LandingToaster } from './toaster.tsx';
import { WaitlistForm } from './waitlist-form.tsx';

/**
 * The public marketing page (spec 2 "/landing"): hero with the waitlist form, why-choose,
 * how-it-works, numbers, a second waitlist form, footer. Prerendered at build time, so it must render
 * the same on the server and in the browser (no window, no storage during render).
 */
/**
 * `claims`: the numbers section's figures — LANDING_CLAIMS when prerendered with it, else the shared
 * claims. The browser's bundle knows only the shared ones: the figures are left as served when it
 * hydrates (suppressHydrationWarning on them), so the operator's numbers stay on the page.
 */
export function LandingPage({
  text = ENGLISH_LANDING_TEXT,
  claims = DEFAULT_CLAIM_VALUES,
}: {
  text?: LandingText;
  claims?: MarketingClaimValues;
}) {
  // The chrome asks through a hook (site-text.ts): one per text, stable across renders.
  const useChromeText = useMemo(() => () => text.site, [text]);
  return (
    <LandingTextContext.Provider value={text}>
      <SiteTextContext.Provider value={useChromeText}>
        <LandingLayout claims={claims} />
      </SiteTextContext.Provider>
    </LandingTextContext.Provider>
  );
}

function LandingLayout({ claims }: { claims: MarketingClaimValues }) {
  const t = useLandingText();
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-fg">
      <a
        href="#main"
        className="sr-only rounded-full bg-brand-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        {t('site:skipToContent')}
      </a>
      <FlagBand />
      <SiteHeader />
      <main id="main" className="flex-1">
        <Hero />
        <WhyChoose />
        <HowItWorks />
        <Numbers claims={claims} />
        <BottomWaitlist />
      </main>
      <SiteFooter />
      <LandingToaster />
    </div>
  );
}

const POPULAR_SERVICES = [
  { key: 'hair', icon: Scissors },
  { key: 'tutoring', icon: GraduationCap },
  { key: 'plumbing', icon: Wrench },
  { key: 'cleaning', icon: Sparkles },
  { key: 'design', icon: Palette },
  { key: 'electrical', icon: Zap },
  { key: 'catering', icon: ChefHat },
  { key: 'tailoring', icon: Shirt },
] as const;

const HERO_VARIANTS = Object.keys(HERO_HEADLINES) as HeroVariant[];

function Hero() {
  const t = useLandingText();
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-32 -right-24 h-96 w-96 rounded-full bg-brand-200/60 blur-3xl dark:bg-brand-700/25" />
        <div className="absolute top-1/2 -left-40 h-80 w-80 rounded-full bg-green-200/50 blur-3xl dark:bg-leaf-700/20" />
        <div className="absolute inset-x-0 bottom-0 h-32 bg-gradient-to-b from-transparent to-bg" />
      </div>

      <div className="mx-auto grid max-w-7xl gap-12 px-4 pt-10 pb-12 sm:px-6 sm:pt-14 lg:grid-cols-[1.1fr_1fr] lg:items-center lg:gap-16 lg:pt-20 lg:pb-16">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 dark:border-brand-700/60 dark:bg-brand-800/30 dark:text-brand-100">
            <span className="relative flex h-2 w-2" aria-hidden="true">
              <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-leaf-500 opacity-60" />
              <span className="relative inline-flex h-2 w-2 rounded-full bg-leaf-600" />
            </span>
            {t('hero.badge')}
          </p>
          {/* The hero experiment: both headlines stacked in one grid cell, so the box is the same
              whichever shows; landing.css shows the one <html data-hero> names (set before paint). */}
          <h1
            id="hero-title"
            className="mt-5 grid text-[2.5rem] leading-[1.08] font-extrabold tracking-tight text-balance text-fg sm:text-5xl lg:text-6xl"
          >
            {HERO_VARIANTS.map((variant) => (
              <span key={variant} data-hero-variant={variant} className="col-start-1 row-start-1">
                {t(`hero.headlines.${variant}.lead`)}{' '}
                <span className="text-brand-600 dark:text-brand-500">
                  {t(`hero.headlines.${variant}.accent`)}
                </span>
              </span>
            ))}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-muted-fg">{t('hero.text')}</p>
          <div className="mt-8 max-w-xl">
            <WaitlistForm form="hero" />
          </div>
          <ul className="mt-7 flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium text-muted-fg">
            {['verified', 'prices', 'momo'].map((item) => (
              <li key={item} className="inline-flex items-center gap-1.5">
                <BadgeCheck className="h-4 w-4 text-leaf-600 dark:text-leaf-500" aria-hidden="true" />
                {t(`hero.points.${item}`)}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>

      <div className="mx-auto max-w-7xl px-4 pb-14 sm:px-6 lg:pb-20">
        <h2 className="text-sm font-semibold tracking-wide text-muted-fg uppercase">{t('hero.popular')}</h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {POPULAR_SERVICES.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3.5 py-2 text-sm font-medium text-fg shadow-sm"
            >
              <Icon className="h-4 w-4 text-brand-600 dark:text-brand-500" aria-hidden="true" />
              {t(`hero.services.${key}`)}
            </li>
          ))}
          <li className="inline-flex items-center rounded-full px-3.5 py-2 text-sm font-medium text-muted-fg">
            {t('hero.more')}
          </li>
        </ul>
      </div>
    </section>
  );
}

/** A picture of the product made of plain elements: a search, a provider card, a chat and a payment. */
function HeroIllustration() {
  const t = useLandingText();
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none lg:max-w-none">
      <div className="absolute inset-4 -z-10 rotate-3 overflow-hidden rounded-[2rem] opacity-90 shadow-xl sm:inset-6">
        <KentePattern id="kente-hero" className="h-full w-full" />
      </div>

      <div className="relative px-3 py-8 sm:px-10 sm:py-12">
        <div className="mx-auto flex max-w-sm items-center gap-3 rounded-full border border-border bg-card px-4 py-3 text-sm text-muted-fg shadow-lg">
          <Search className="h-4 w-4 text-brand-600" />
          <span className="truncate">{t('illustration.search')}</span>
          <span className="ml-auto rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
            {t('illustration.searchButton')}
          </span>
        </div>

        <div className="mx-auto mt-4 max-w-sm rounded-3xl border border-border bg-card p-5 shadow-2xl">
          <div className="flex items-start gap-4">
            <div className="grid h-14 w-14 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-brand-500 to-red-700 text-lg font-bold text-white">
              AM
            </div>
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-1.5 font-bold text-fg">
                Akosua Mensah
                <BadgeCheck className="h-4 w-4 text-leaf-600 dark:text-leaf-500" />
              </p>
              <p className="text-sm text-muted-fg">{t('illustration.service')}</p>
              <p className="mt-1 flex items-center gap-1 text-xs text-muted-fg">
                <MapPin className="h-3.5 w-3.5" /> Osu, Accra · 2.1 km
              </p>
            </div>
          </div>
          <div className="mt-4 flex items-center justify-between border-t border-border pt-4 text-sm">
            <span className="inline-flex items-center gap-1 font-semibold text-fg">
              <Star className="h-4 w-4 fill-amber-400 text-amber-400" /> 4.9
              <span className="font-normal text-muted-fg">{t('illustration.reviews')}</span>
            </span>
            <span className="text-muted-fg">
              {t('illustration.from')} <span className="font-bold text-fg">GH₵ 150.00</span>
            </span>
          </div>
          <div className="mt-4 flex flex-wrap gap-1.5">
            {['knotless', 'cornrows', 'home'].map((tag) => (
              <span key={tag} className="rounded-full bg-muted px-2.5 py-1 text-xs font-medium text-muted-fg">
                {t(`illustration.tags.${tag}`)}
              </span>
            ))}
          </div>
          <div className="mt-4 rounded-2xl bg-muted p-3 text-sm text-fg">
            <p className="text-xs font-semibold text-muted-fg">Akosua</p>
            <p>{t('illustration.message')}</p>
          </div>
        </div>

        <div className="absolute right-0 bottom-0 flex items-center gap-3 rounded-2xl border border-border bg-card px-4 py-3 shadow-xl sm:right-2">
          <span className="grid h-9 w-9 place-items-center rounded-full bg-amber-400 text-stone-900">
            <Smartphone className="h-5 w-5" />
          </span>
          <span className="text-sm leading-tight">
            <span className="block font-semibold text-fg">{t('illustration.paid')}</span>
            <span className="block text-xs text-muted-fg">{t('illustration.via')}</span>
          </span>
        </div>
      </div>
    </div>
  );
}

const REASONS = [
  {
    key: 'verified',
    icon: ShieldCheck,
    accent: 'bg-green-100 text-leaf-700 dark:bg-leaf-700/25 dark:text-green-300',
  },
  {
    key: 'pricing',
    icon: Receipt,
    accent: 'bg-brand-100 text-brand-700 dark:bg-brand-700/30 dark:text-brand-200',
  },
  {
    key: 'momo',
    icon: Smartphone,
    accent: 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-200',
  },
  {
    key: 'reviews',
    icon: Star,
    accent: 'bg-red-100 text-red-800 dark:bg-red-500/20 dark:text-red-200',
  },
  {
    key: 'near',
    icon: MapPin,
    accent: 'bg-green-100 text-leaf-700 dark:bg-leaf-700/25 dark:text-green-300',
  },
  {
    key: 'chat',
    icon: MessagesSquare,
    accent: 'bg-brand-100 text-brand-700 dark:bg-brand-700/30 dark:text-brand-200',
  },
] as const;

function WhyChoose() {
  const t = useLandingText();
  return (
    <section aria-labelledby="why-title" className="border-y border-border bg-muted/50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionIntro id="why-title" eyebrow={t('why.eyebrow')} title={t('why.title')} text={t('why.text')} />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
          {REASONS.map(({ key, icon: Icon, accent }) => (
            <li
              key={key}
              className="flex gap-4 rounded-3xl border border-border bg-card p-5 shadow-sm transition-shadow hover:shadow-md sm:flex-col sm:gap-0 sm:p-6"
            >
              <span className={`grid h-12 w-12 shrink-0 place-items-center rounded-2xl ${accent}`}>
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-bold text-fg sm:mt-5">{t(`why.reasons.${key}.title`)}</h3>
                <p className="mt-1.5 text-muted-fg sm:mt-2">{t(`why.reasons.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Spec 2's four steps (the English is @adwuma/shared HOW_IT_WORKS, word for word). */
const STEPS = ['search', 'connect', 'work', 'review'] as const;

function HowItWorks() {
  const t = useLandingText();
  return (
    <section aria-labelledby="how-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionIntro id="how-title" eyebrow={t('how.eyebrow')} title={t('how.title')} text={t('how.text')} />
        <div className="relative mt-12">
          <div
            aria-hidden="true"
            className="absolute top-7 right-[12.5%] left-[12.5%] hidden border-t-2 border-dashed border-brand-200 lg:block dark:border-brand-700/50"
          />
          <ol className="relative grid gap-8 md:grid-cols-2 lg:grid-cols-4 lg:gap-6">
            {STEPS.map((step, index) => (
              <li key={step} className="relative flex gap-4 lg:flex-col lg:items-center lg:text-center">
                {index < STEPS.length - 1 && (
                  <span
                    aria-hidden="true"
                    className="absolute top-14 -bottom-8 left-[27px] w-0.5 bg-brand-200 md:hidden dark:bg-brand-700/50"
                  />
                )}
                <span className="relative grid h-14 w-14 shrink-0 place-items-center rounded-full bg-brand-600 text-xl font-extrabold text-white shadow-lg ring-8 ring-bg">
                  <span className="sr-only">{t('how.step')}</span>
                  {index + 1}
                </span>
                <div>
                  <h3 className="text-lg font-bold text-fg lg:mt-5">{t(`how.steps.${step}.title`)}</h3>
                  <p className="mt-1.5 text-muted-fg">{t(`how.steps.${step}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}

function Numbers({ claims }: { claims: MarketingClaimValues }) {
  const t = useLandingText();
  return (
    <section aria-labelledby="numbers-title" className="relative overflow-hidden bg-stone-900 text-white">
      <KentePattern id="kente-numbers" scale={0.375} className="block h-6 w-full" />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="max-w-2xl">
          <h2 id="numbers-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            {t('numbers.title')}
          </h2>
          <p className="mt-3 text-lg text-stone-300">{t('numbers.text')}</p>
        </div>
        <dl className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4 lg:gap-6">
          {(Object.keys(claims) as MarketingClaimKey[]).map((key) => (
            <div
              key={key}
              className="flex flex-col-reverse justify-end rounded-3xl border border-white/10 bg-white/5 p-5 sm:p-6"
            >
              <dt className="mt-1 text-sm font-medium text-stone-300 sm:text-base">
                {t(`numbers.claims.${key}`)}
              </dt>
              <dd
                suppressHydrationWarning
                className="text-4xl font-extrabold tracking-tight text-amber-400 sm:text-5xl"
              >
                {claims[key]}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function BottomWaitlist() {
  const t = useLandingText();
  return (
    <section aria-labelledby="join-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="relative isolate overflow-hidden rounded-[2rem] bg-gradient-to-br from-brand-600 via-brand-700 to-brand-800 px-5 py-12 shadow-2xl sm:px-12 sm:py-16 lg:grid lg:grid-cols-[1fr_1fr] lg:items-center lg:gap-12">
          <KentePattern id="kente-join" scale={0.375} className="absolute inset-x-0 top-0 block h-6 w-full" />
          <div
            aria-hidden="true"
            className="absolute -top-24 -left-24 -z-10 h-72 w-72 rounded-full bg-amber-400/25 blur-3xl"
          />
          <div>
            <h2
              id="join-title"
              className="text-3xl font-extrabold tracking-tight text-balance text-white sm:text-4xl"
            >
              {t('join.title')}
            </h2>
            <p className="mt-4 max-w-lg text-lg text-brand-50/90">{t('join.text')}</p>
            <p className="mt-4 text-sm text-brand-50/90">
              {t('join.offer')}{' '}
              <a
                href="/auth?mode=signup&intent=provider"
                className="inline-flex items-center gap-1 font-semibold text-white underline decoration-white/40 underline-offset-4 hover:decoration-white"
              >
                {t('join.joinAsProvider')} <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </a>
            </p>
          </div>
          <div className="mt-8 lg:mt-0">
            <WaitlistForm form="bottom" tone="inverted" submitLabel={t('join.submit')} />
          </div>
        </div>
      </div>
    </section>
  );
}

function SectionIntro({
  id,
  eyebrow,
  title,
  text,
}: {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase dark:text-brand-500">
        {eyebrow}
      </p>
      <h2 id={id} className="mt-2 text-3xl font-extrabold tracking-tight text-balance text-fg sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-pretty text-muted-fg">{text}</p>
    </div>
  );
}
