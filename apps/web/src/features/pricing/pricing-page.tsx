import {
  type BillingCadence,
  CHECKOUT_MESSAGES,
  type Currency,
  isPaidTier,
  isProviderLike,
  PRICING_FAQ,
  type PricingAnswer,
  TIERS,
  type TierId,
} from '@adwuma/shared';
import { Building2, CalendarClock, CreditCard, FlaskConical, Lock, Smartphone } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { DisclosureList } from '../../components/ui/disclosure-list.tsx';
import { PageHeader, Section } from '../../components/ui/page-header.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { useJoinAsProvider, useSession } from '../auth/index.ts';
import { pricingPath, useStartCheckout } from '../checkout/index.ts';
import { usePricing } from './api/get-pricing.ts';
import { ComparisonTable } from './comparison-table.tsx';
import { PlanCard } from './plan-card.tsx';
import {
  CURRENCY_NAME,
  cadenceFromQuery,
  checkoutCadence,
  currencyFromQuery,
  paymentMethodsText,
  priceView,
  TWO_MONTHS_FREE,
} from './pricing-choice.ts';
import { tierCta } from './tier-cta.ts';

export const PRICING_TEXT = {
  currency: 'Currency',
  cadence: 'Billing',
  monthly: 'Monthly',
  annual: 'Annual',
  payWith: (methods: string) => `Pay with ${methods}.`,
  notAvailable: (currency: Currency) =>
    `Payment in ${CURRENCY_NAME[currency]} is not available yet. The prices are shown for reference.`,
  testMode: 'TEST MODE',
  testModeNote: 'Payments on this server are simulated: no real money moves.',
  pricesFailed: 'We could not load the prices.',
  retry: 'Try again',
  becomeProvider: 'Join as Provider',
  usdMonthly: 'In US dollars, plans are paid monthly by card.',
} as const;

const CURRENCY_OPTIONS = [
  { value: 'GHS', label: 'GH₵ cedis' },
  { value: 'USD', label: 'US$ dollars' },
] as const;

const CADENCE_OPTIONS = [
  { value: 'monthly', label: PRICING_TEXT.monthly },
  {
    value: 'annual',
    label: (
      <>
        {PRICING_TEXT.annual}
        <span className="text-xs font-medium opacity-80">· {TWO_MONTHS_FREE}</span>
      </>
    ),
  },
] as const;

const CURRENCY_TITLE: Record<Currency, string> = { GHS: 'In cedis (GH₵)', USD: 'In US dollars (US$)' };

function WaysToPay({ pricing, failed }: { pricing: PricingAnswer | undefined; failed: boolean }) {
  const points = [
    ...(['GHS', 'USD'] as const).map((currency) => {
      const info = pricing?.currencies.find((c) => c.currency === currency);
      const text = !info
        ? null
        : info.available
          ? `${paymentMethodsText(info.methods)}.`
          : PRICING_TEXT.notAvailable(currency);
      return { icon: currency === 'GHS' ? Smartphone : CreditCard, title: CURRENCY_TITLE[currency], text };
    }),
    {
      icon: CalendarClock,
      title: 'Monthly or yearly',
      text: `Pay each month, or for a year at once and get ${TWO_MONTHS_FREE}. Cards renew automatically; with mobile money we send you a pay link before each renewal. Cancel or change plan any time.`,
    },
    {
      icon: Lock,
      title: 'Secure checkout',
      text: 'Card numbers and mobile money PINs go straight to our payment provider over an encrypted connection. Adwuma never sees or stores them.',
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {points.map(({ icon: Icon, title, text }) => (
        <div key={title} className="rounded-2xl border border-border bg-card p-5 shadow-sm">
          <Icon aria-hidden="true" className="h-6 w-6 text-brand-600 dark:text-brand-500" />
          <h3 className="mt-3 font-semibold">{title}</h3>
          {text !== null ? (
            <p className="mt-1 text-sm text-muted-fg">{text}</p>
          ) : failed ? (
            <p className="mt-1 text-sm text-muted-fg">{PRICING_TEXT.pricesFailed}</p>
          ) : (
            <Skeleton className="mt-2 h-4 w-40" />
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * /pricing (spec 2 "Pricing page", issue 17): the plans and the comparison table in cedis (default)
 * or US dollars, monthly or yearly (both kept in the URL, so a link shares the view); the ways to pay
 * each currency as the server offers them; plan buttons that start the checkout.
 */
export function PricingPage() {
  useDocumentTitle('Pricing');
  const session = useSession();
  const joinAsProvider = useJoinAsProvider();
  const [params, setParams] = useSearchParams();
  const currency = currencyFromQuery(params.get('currency'), session.profile?.currency_preference);
  // Dollars are paid monthly by card (spec 7); the yearly choice is for cedis.
  const cadence = checkoutCadence(currency, cadenceFromQuery(params.get('cadence')));
  const pricing = usePricing();
  const { start, running } = useStartCheckout();

  const signedIn = session.status === 'signed_in';
  const customer = signedIn && session.role !== null && !isProviderLike(session.role);
  const info = pricing.data?.currencies.find((c) => c.currency === currency);
  const returnTo = pricingPath({ currency, cadence });

  const choose = (patch: { currency?: Currency; cadence?: BillingCadence }) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (patch.currency) next.set('currency', patch.currency.toLowerCase());
        if (patch.currency === 'USD') next.delete('cadence');
        if (patch.cadence === 'annual') next.set('cadence', 'annual');
        if (patch.cadence === 'monthly') next.delete('cadence');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const prices = Object.fromEntries(
    TIERS.map((tier) => [tier.id, priceView(tier, pricing.data?.prices, cadence)]),
  ) as Record<TierId, ReturnType<typeof priceView>>;

  return (
    <>
      <PageHeader
        align="center"
        eyebrow="Pricing for providers"
        title="Keep more of what you earn"
        lead="Start free and pay only a commission when you complete a job. Upgrade when you want lower commission, faster payouts and unlimited bids. Customers never pay to search, post a job or hire."
      >
        <div className="flex flex-col items-center gap-3">
          <div className="flex flex-wrap justify-center gap-3">
            <SegmentedControl
              legend={PRICING_TEXT.currency}
              name="currency"
              options={CURRENCY_OPTIONS}
              value={currency}
              onChange={(value) => choose({ currency: value })}
            />
            {currency === 'GHS' && (
              <SegmentedControl
                legend={PRICING_TEXT.cadence}
                name="cadence"
                options={CADENCE_OPTIONS}
                value={cadence}
                onChange={(value) => choose({ cadence: value })}
              />
            )}
          </div>
          {currency === 'USD' && <p className="text-sm text-muted-fg">{PRICING_TEXT.usdMonthly}</p>}
          {info && (
            <p className="max-w-xl text-sm text-muted-fg">
              {info.available
                ? PRICING_TEXT.payWith(paymentMethodsText(info.methods))
                : PRICING_TEXT.notAvailable(currency)}
            </p>
          )}
          {pricing.data?.test_mode && (
            <p className="inline-flex items-center gap-2 rounded-full border border-amber-500/50 bg-amber-100 px-3 py-1 text-xs text-stone-900 dark:bg-amber-500/20 dark:text-amber-100">
              <FlaskConical aria-hidden="true" className="h-3.5 w-3.5" />
              <strong className="whitespace-nowrap tracking-wider">{PRICING_TEXT.testMode}</strong>
              {PRICING_TEXT.testModeNote}
            </p>
          )}
        </div>
      </PageHeader>

      <section aria-labelledby="plans-title" className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
        <h2 id="plans-title" className="sr-only">
          Plans
        </h2>
        {pricing.isError && !pricing.data && (
          <Alert tone="danger" role="alert" className="mb-8">
            <span className="flex flex-wrap items-center gap-3">
              {PRICING_TEXT.pricesFailed}
              <Button
                size="sm"
                variant="outline"
                onClick={() => void pricing.refetch()}
                busy={pricing.isFetching}
              >
                {PRICING_TEXT.retry}
              </Button>
            </span>
          </Alert>
        )}
        {customer && (
          <Alert className="mb-8" title={CHECKOUT_MESSAGES.providersOnly}>
            <Button size="sm" variant="outline" className="mt-2" onClick={() => void joinAsProvider()}>
              {PRICING_TEXT.becomeProvider}
            </Button>
          </Alert>
        )}
        <div className="grid gap-8 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
          {TIERS.map((tier) => (
            <PlanCard
              key={tier.id}
              tier={tier}
              price={prices[tier.id]}
              cta={tierCta(tier, { signedIn, returnTo })}
              processing={running === tier.id}
              disabled={running !== null && running !== tier.id}
              onCheckout={() => {
                if (!isPaidTier(tier.id)) return;
                void start({ tier: tier.id, cadence, currency: currency === 'USD' ? 'usd' : 'ghs' });
              }}
            />
          ))}
        </div>
        <p className="mt-6 text-center text-sm text-muted-fg">
          Prices in US dollars, with the price in cedis beside them; you pay in {CURRENCY_NAME[currency]}. Pay
          yearly in cedis and get {TWO_MONTHS_FREE} on Pro and Premium. No setup fee on any plan.
        </p>
      </section>

      <Section
        id="compare"
        title="Compare plans"
        lead="Commission is taken only from completed jobs. Payout delay counts from the day the customer confirms the job is done."
        className="pt-0 sm:pt-0"
      >
        <ComparisonTable prices={prices} />
        <p className="mt-3 text-xs text-muted-fg sm:hidden">Swipe the table sideways to see every column.</p>
      </Section>

      <Section
        id="payments"
        title="Ways to pay"
        lead="Pro and Premium are sold in cedis and in US dollars. This is how each can be paid today."
      >
        <WaysToPay pricing={pricing.data} failed={pricing.isError && !pricing.data} />
        <div className="mt-4 flex gap-3 rounded-2xl border border-dashed border-border p-4 text-sm text-muted-fg">
          <Smartphone aria-hidden="true" className="h-5 w-5 shrink-0 text-leaf-600" />
          <p>
            <strong className="text-fg">Getting paid:</strong> job earnings are paid out to your mobile money
            wallet or bank account after your plan's payout delay.
          </p>
        </div>
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <div className="max-w-3xl">
          <DisclosureList items={PRICING_FAQ} />
        </div>
      </Section>

      <section className="mx-auto max-w-7xl px-4 pb-14 sm:px-6">
        <div className="flex flex-col items-start gap-5 rounded-3xl bg-stone-900 p-6 text-white sm:p-10 dark:border dark:border-border md:flex-row md:items-center md:justify-between">
          <div className="flex gap-4">
            <Building2 aria-hidden="true" className="hidden h-10 w-10 shrink-0 text-brand-500 sm:block" />
            <div>
              <h2 className="text-xl font-bold sm:text-2xl">Running a team of providers?</h2>
              <p className="mt-1 max-w-xl opacity-80">
                Cleaning companies, facility managers and salons with several branches get team accounts,
                invoicing and commission from 2%.
              </p>
            </div>
          </div>
          <ButtonLink to={ROUTES.enterpriseInquiry} size="lg" className="shrink-0">
            Talk to our enterprise team
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
