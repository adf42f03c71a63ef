import { PRICING_FAQ, TIERS } from '@adwuma/shared';
import { Building2, CreditCard, Lock, RefreshCcw, Smartphone, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { DisclosureList } from '../../components/ui/disclosure-list.tsx';
import { PageHeader, Section } from '../../components/ui/page-header.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { ComparisonTable } from './comparison-table.tsx';
import { PlanCard } from './plan-card.tsx';

const PAYMENT_POINTS = [
  {
    icon: CreditCard,
    title: 'Cards',
    text: 'Visa, Mastercard and other major debit and credit cards, including cards issued by Ghanaian banks.',
  },
  {
    icon: Wallet,
    title: 'Digital wallets',
    text: 'Apple Pay and Google Pay where your card and phone support them.',
  },
  {
    icon: Lock,
    title: 'Secure checkout',
    text: 'Card details go straight to our payment provider over an encrypted connection. Adwuma never stores your card number.',
  },
  {
    icon: RefreshCcw,
    title: 'Billed monthly in USD',
    text: 'Pro is $12 and Premium $49 a month. Your bank converts to cedis at its own rate. Cancel or change plan any time.',
  },
] as const;

export function PricingPage() {
  useDocumentTitle('Pricing');
  const navigate = useNavigate();
  const [processing, setProcessing] = useState<string | null>(null);

  const choose = (tierId: string) => (to: string) => {
    setProcessing(tierId);
    void navigate(to);
  };

  return (
    <>
      <PageHeader
        align="center"
        eyebrow="Pricing for providers"
        title="Keep more of what you earn"
        lead="Start free and pay only a commission when you complete a job. Upgrade when you want lower commission, faster payouts and unlimited bids. Customers never pay to search, post a job or hire."
      />

      <section aria-labelledby="plans-title" className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
        <h2 id="plans-title" className="sr-only">
          Plans
        </h2>
        <div className="grid gap-8 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
          {TIERS.map((tier) => (
            <PlanCard
              key={tier.id}
              tier={tier}
              processing={processing === tier.id}
              disabled={processing !== null && processing !== tier.id}
              onChoose={choose(tier.id)}
            />
          ))}
        </div>
        <p className="mt-6 text-center text-sm text-muted-fg">
          Prices in US dollars. Annual billing saves two months on Pro and Premium. No setup fee on any plan.
        </p>
      </section>

      <Section
        id="compare"
        title="Compare plans"
        lead="Commission is taken only from completed jobs. Payout delay counts from the day the customer confirms the job is done."
        className="pt-0 sm:pt-0"
      >
        <ComparisonTable />
        <p className="mt-3 text-xs text-muted-fg sm:hidden">Swipe the table sideways to see every column.</p>
      </Section>

      <Section
        id="payments"
        title="Card payments accepted"
        lead="Paid plans are paid by card. Checkout opens in your provider dashboard when subscriptions launch; until then every provider starts on Starter at no cost."
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {PAYMENT_POINTS.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-2xl border border-border bg-card p-5 shadow-sm">
              <Icon aria-hidden="true" className="h-6 w-6 text-brand-600 dark:text-brand-500" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-fg">{text}</p>
            </div>
          ))}
        </div>
        <div className="mt-4 flex gap-3 rounded-2xl border border-dashed border-border p-4 text-sm text-muted-fg">
          <Smartphone aria-hidden="true" className="h-5 w-5 shrink-0 text-leaf-600" />
          <p>
            <strong className="text-fg">Prefer mobile money?</strong> Paying for plans in cedis with MTN MoMo,
            Telecel Cash or AirtelTigo Money is next on our list. Job earnings are paid out to your mobile
            money wallet or bank account.
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
