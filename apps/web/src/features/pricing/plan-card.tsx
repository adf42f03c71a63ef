import { type BillingCadence, CHECKOUT_MESSAGES, type TierDefinition } from '@adwuma/shared';
import { Check, Star } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { type PriceView, TWO_MONTHS_FREE } from './pricing-choice.ts';
import { formatCedis, keepsFrom, type TierCta } from './tier-cta.ts';

export const EXAMPLE_JOB_CEDIS = 500;

/** Beside the dollar price: the cedi price, for people paying by mobile money. */
export const PLAN_CARD_TEXT = {
  or: 'or',
  inCedis: (cadence: BillingCadence) =>
    `a ${cadence === 'annual' ? 'year' : 'month'} in cedis, by mobile money`,
} as const;

export function PlanCard({
  tier,
  price,
  cta,
  processing,
  disabled,
  onCheckout,
}: {
  tier: TierDefinition;
  price: PriceView;
  cta: TierCta;
  processing: boolean;
  disabled: boolean;
  onCheckout: () => void;
}) {
  const popular = tier.mostPopular;
  const buttonProps = {
    className: 'mt-6 w-full',
    variant: popular ? ('primary' as const) : ('outline' as const),
    size: 'lg' as const,
    'aria-describedby': `plan-${tier.id}`,
  };
  return (
    <article
      aria-labelledby={`plan-${tier.id}`}
      className={`relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm ${
        popular ? 'border-brand-600 ring-2 ring-brand-600' : 'border-border'
      }`}
    >
      {popular && (
        <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 whitespace-nowrap rounded-full bg-brand-600 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
          <Star aria-hidden="true" className="h-3.5 w-3.5 fill-current" /> Most Popular
        </p>
      )}
      <h3 id={`plan-${tier.id}`} className="text-lg font-bold">
        {tier.name}
      </h3>
      <p className="mt-1 min-h-10 text-sm text-muted-fg">{tier.tagline}</p>
      <div className="mt-5 min-h-16">
        <p className="flex flex-wrap items-baseline gap-1">
          <span className="text-4xl font-extrabold tracking-tight">{price.usd}</span>
          {price.monthly && <span className="text-sm font-medium text-muted-fg">/month</span>}
        </p>
        {price.loading ? (
          <Skeleton className="mt-1.5 h-4 w-40" />
        ) : (
          price.cedis && (
            <p className="mt-1 text-sm text-muted-fg">
              {PLAN_CARD_TEXT.or} <strong className="font-semibold text-fg">{price.cedis}</strong>{' '}
              {PLAN_CARD_TEXT.inCedis(price.cadence)}
            </p>
          )
        )}
        {price.cadence === 'annual' && price.cedisPerMonth && (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-fg">
            <Badge tone="leaf">{TWO_MONTHS_FREE}</Badge>
            <span>{price.cedisPerMonth} a month</span>
          </p>
        )}
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-3 rounded-xl bg-muted/70 p-3 text-center">
        <div>
          <dt className="text-xs text-muted-fg">Commission</dt>
          <dd className="text-lg font-bold">{tier.commission}%</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-fg">You keep</dt>
          <dd className="text-lg font-bold text-leaf-600">{tier.earningsShare}%</dd>
        </div>
      </dl>
      <p className="mt-3 text-center text-xs text-muted-fg">
        On a {formatCedis(EXAMPLE_JOB_CEDIS)} job you keep{' '}
        <strong className="text-fg">{formatCedis(keepsFrom(tier, EXAMPLE_JOB_CEDIS))}</strong>
      </p>
      <ul className="mt-5 flex-1 space-y-2.5 text-sm">
        {tier.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-leaf-600" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {cta.kind === 'link' ? (
        <ButtonLink to={cta.to} {...buttonProps}>
          {cta.label}
        </ButtonLink>
      ) : (
        <Button {...buttonProps} busy={processing} disabled={disabled} onClick={onCheckout}>
          {processing ? CHECKOUT_MESSAGES.processing : cta.label}
        </Button>
      )}
    </article>
  );
}
