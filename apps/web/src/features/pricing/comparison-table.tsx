import { formatBidsPerMonth, TIERS, type TierId } from '@adwuma/shared';
import type { PriceView } from './pricing-choice.ts';

function PriceCell({ price }: { price: PriceView }) {
  return (
    <>
      {price.usd}
      {price.monthly && <span className="font-normal text-muted-fg">/month</span>}
      {price.monthly && (
        <span className="block text-xs font-normal text-muted-fg">
          {price.loading
            ? '…'
            : price.cedis && `${price.cedis} a ${price.cadence === 'annual' ? 'year' : 'month'}`}
        </span>
      )}
    </>
  );
}

/** Spec 9 comparison table, from the one tier definition: the dollar prices, the cedi ones beside them. */
export function ComparisonTable({ prices }: { prices: Record<TierId, PriceView> }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
      {/* A scrollable area must be reachable by keyboard (WCAG 2.1.1), hence the tabIndex. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region */}
      <section className="overflow-x-auto" tabIndex={0} aria-labelledby="compare-caption">
        <table className="w-full min-w-[46rem] border-collapse text-left text-sm">
          <caption id="compare-caption" className="sr-only">
            Plans compared: price, commission, payout delay, bids a month and materials
          </caption>
          <thead className="bg-muted text-xs uppercase tracking-wide text-muted-fg">
            <tr>
              <th scope="col" className="sticky left-0 bg-muted px-4 py-3 font-semibold">
                Tier
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Price
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Commission
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Payout delay
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Bids/month
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Materials
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {TIERS.map((tier) => (
              <tr key={tier.id}>
                <th scope="row" className="sticky left-0 bg-card px-4 py-3.5 font-semibold">
                  {tier.name}
                  {tier.mostPopular && (
                    <span className="mt-0.5 block text-xs font-medium text-brand-700 dark:text-brand-500">
                      Most Popular
                    </span>
                  )}
                </th>
                <td className="whitespace-nowrap px-4 py-3.5 font-semibold">
                  <PriceCell price={prices[tier.id]} />
                </td>
                <td className="px-4 py-3.5 font-semibold">{tier.commission}%</td>
                <td className="px-4 py-3.5">{tier.payoutDelay}</td>
                <td className="px-4 py-3.5">{formatBidsPerMonth(tier.bidsPerMonth)}</td>
                <td className="px-4 py-3.5 text-muted-fg">{tier.materials}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
