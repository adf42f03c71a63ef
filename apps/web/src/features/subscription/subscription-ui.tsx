import { formatBidsPerMonth, getTier, type TierId } from '@adwuma/shared';
import { FlaskConical } from 'lucide-react';
import { SUBSCRIPTION_TEXT } from './format.ts';

/** Marks everything paid through the sandbox gateway: no real money moves. */
export function TestModeBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border border-dashed border-danger bg-danger/10 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wider text-danger ${className}`}
    >
      <FlaskConical aria-hidden="true" className="h-3.5 w-3.5" />
      {SUBSCRIPTION_TEXT.testMode}
    </span>
  );
}

/** What a tier gives (spec 9 "Tiers"), from the one tier definition. */
export function TierBenefits({ tier, className = '' }: { tier: TierId; className?: string }) {
  const def = getTier(tier);
  const items = [
    { label: 'Commission', value: `${def.commission}%` },
    { label: 'You keep', value: `${def.earningsShare}%` },
    { label: 'Payouts', value: def.payoutDelay === 'Custom payout' ? 'Custom' : `In ${def.payoutDelay}` },
    { label: 'Bids a month', value: formatBidsPerMonth(def.bidsPerMonth) },
  ];
  return (
    <dl className={`grid grid-cols-2 gap-3 rounded-xl bg-muted/70 p-3 sm:grid-cols-4 ${className}`}>
      {items.map((item) => (
        <div key={item.label}>
          <dt className="text-xs text-muted-fg">{item.label}</dt>
          <dd className="text-base font-bold">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
