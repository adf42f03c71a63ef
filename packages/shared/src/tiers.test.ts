import { describe, expect, it } from 'vitest';
import { formatBidsPerMonth, getTier, PRICING_FAQ, TIERS } from './tiers.ts';

describe('the tier definition (DESIGN.md "Tier figures", spec 9 table)', () => {
  it('takes commission, payout and bids from the comparison table', () => {
    expect(TIERS.map((t) => [t.name, t.commission, t.payoutDelay, t.bidsPerMonth])).toEqual([
      ['Starter', 18, '7 days', 10],
      ['Pro', 10, '3 days', null],
      ['Premium', 5, '1 day', null],
      ['Enterprise', 2, 'Custom payout', null],
    ]);
  });
  it('earnings share is 100 minus commission', () => {
    for (const tier of TIERS) expect(tier.earningsShare).toBe(100 - tier.commission);
    expect(getTier('starter').earningsShare).toBe(82);
  });
  it('prices: Starter free, Pro $12, Premium $49 (Most Popular), Enterprise custom', () => {
    expect(getTier('starter').priceLabel).toBe('Free');
    expect(getTier('pro')).toMatchObject({ monthlyPriceUsdCents: 1200, priceLabel: '$12/month' });
    expect(getTier('premium')).toMatchObject({
      monthlyPriceUsdCents: 4900,
      priceLabel: '$49/month',
      mostPopular: true,
    });
    expect(getTier('enterprise')).toMatchObject({ monthlyPriceUsdCents: null, priceLabel: 'Custom' });
    expect(TIERS.filter((t) => t.mostPopular)).toHaveLength(1);
  });
  it('materials per tier', () => {
    expect(getTier('pro').materials).toContain('40%');
    expect(getTier('premium').materials).toContain('70%');
  });
  it('shows unlimited bids as Unlimited', () => {
    expect(formatBidsPerMonth(null)).toBe('Unlimited');
    expect(formatBidsPerMonth(10)).toBe('10');
  });
  it('the FAQ gives the four answers of the spec', () => {
    const answers = PRICING_FAQ.map((f) => f.a).join(' ');
    expect(PRICING_FAQ).toHaveLength(4);
    expect(answers).toContain('immediately');
    expect(answers).toContain('cards');
    expect(answers).toContain('MTN MoMo, Telecel Cash and AirtelTigo Money');
    expect(answers).toContain('no setup fee');
    expect(answers).toContain('30-day money-back guarantee');
  });
});
