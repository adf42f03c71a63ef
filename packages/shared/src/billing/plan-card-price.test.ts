import { describe, expect, it } from 'vitest';
import { getTier } from '../tiers.ts';
import { planCardPrice, planPriceLine } from './plan-card-price.ts';

describe('plan card prices (spec 2, 9)', () => {
  it('the dollar price first, whatever the cedi price: Starter free, Pro $12, Premium $49, Enterprise custom', () => {
    expect(planCardPrice(getTier('starter'), undefined, 'monthly')).toEqual({
      usd: 'Free',
      monthly: false,
      cedis: null,
      cedisPerMonth: null,
    });
    expect(planCardPrice(getTier('pro'), 15_000, 'monthly')).toEqual({
      usd: '$12',
      monthly: true,
      cedis: 'GH₵ 150',
      cedisPerMonth: null,
    });
    expect(planCardPrice(getTier('premium'), 600_000, 'annual')).toEqual({
      usd: '$49',
      monthly: true,
      cedis: 'GH₵ 6,000',
      cedisPerMonth: 'GH₵ 500',
    });
    expect(planCardPrice(getTier('enterprise'), undefined, 'monthly').usd).toBe('Custom');
    expect(planCardPrice(getTier('pro'), undefined, 'monthly').cedis).toBeNull();
  });

  it('one line for a tile', () => {
    expect(planPriceLine(planCardPrice(getTier('pro'), 15_000, 'monthly'))).toBe(
      '$12/month · GH₵ 150 a month',
    );
    expect(planPriceLine(planCardPrice(getTier('pro'), 150_000, 'annual'), 'annual')).toBe(
      '$12/month · GH₵ 1,500 a year',
    );
    expect(planPriceLine(planCardPrice(getTier('premium'), undefined, 'monthly'))).toBe('$49/month');
    expect(planPriceLine(planCardPrice(getTier('starter'), undefined, 'monthly'))).toBe('Free');
  });
});
