import type { TierDefinition } from '@adwuma/shared';
import { Check, Star } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { formatCedis, keepsFrom, tierCta } from './tier-cta.ts';

export const EXAMPLE_JOB_CEDIS = 500;

export function PlanCard({
  tier,
  processing,
  disabled,
  onChoose,
}: {
  tier: TierDefinition;
  processing: boolean;
  disabled: boolean;
  onChoose: (to: string) => void;
}) {
  const cta = tierCta(tier);
  const [amount, unit] = tier.priceLabel.includes('/') ? tier.priceLabel.split('/') : [tier.priceLabel, null];
  const popular = tier.mostPopular;
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
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight">{amount}</span>
        {unit && <span className="text-sm font-medium text-muted-fg">/{unit}</span>}
      </p>
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
      <Button
        className="mt-6 w-full"
        variant={popular ? 'primary' : 'outline'}
        size="lg"
        busy={processing}
        disabled={disabled}
        onClick={() => onChoose(cta.to)}
        aria-describedby={`plan-${tier.id}`}
      >
        {processing ? 'Processing...' : cta.label}
      </Button>
    </article>
  );
}
