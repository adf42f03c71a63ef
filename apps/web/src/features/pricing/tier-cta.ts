import type { TierDefinition } from '@adwuma/shared';
import { PROVIDER_SIGNUP_PATH, ROUTES } from '../../lib/routes.ts';

/** Where a plan's button leads until checkout arrives with subscriptions. */
export function tierCta(tier: TierDefinition): { label: string; to: string } {
  switch (tier.id) {
    case 'starter':
      return { label: 'Start for free', to: PROVIDER_SIGNUP_PATH };
    case 'enterprise':
      return { label: 'Contact sales', to: ROUTES.enterpriseInquiry };
    default:
      return { label: `Choose ${tier.name}`, to: PROVIDER_SIGNUP_PATH };
  }
}

/** What a provider keeps from a job of `amount` cedis under a tier, in whole cedis. */
export function keepsFrom(tier: TierDefinition, amount: number): number {
  return Math.round((amount * tier.earningsShare) / 100);
}

export function formatCedis(amount: number): string {
  return `GH₵${amount.toLocaleString('en-GH')}`;
}
