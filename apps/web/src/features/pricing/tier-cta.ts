import type { TierDefinition } from '@adwuma/shared';
import { authPath, PROVIDER_SIGNUP_PATH, ROUTES } from '../../lib/routes.ts';

export type TierCta =
  | { label: string; kind: 'link'; to: string }
  /** A paid plan for someone signed in: the button starts the checkout. */
  | { label: string; kind: 'checkout' };

/**
 * What a plan's button does: Starter signs up as a provider; Enterprise opens the inquiry; Pro and
 * Premium start the checkout when signed in, and otherwise go to provider sign-up, then back to this
 * pricing page (`returnTo`, the visitor's currency and cadence kept).
 */
export function tierCta(tier: TierDefinition, viewer: { signedIn: boolean; returnTo: string }): TierCta {
  switch (tier.id) {
    case 'starter':
      return { label: 'Start for free', kind: 'link', to: PROVIDER_SIGNUP_PATH };
    case 'enterprise':
      return { label: 'Contact sales', kind: 'link', to: ROUTES.enterpriseInquiry };
    default:
      return viewer.signedIn
        ? { label: `Choose ${tier.name}`, kind: 'checkout' }
        : {
            label: `Choose ${tier.name}`,
            kind: 'link',
            to: authPath({ mode: 'signup', intent: 'provider', returnTo: viewer.returnTo }),
          };
  }
}

/** What a provider keeps from a job of `amount` cedis under a tier, in whole cedis. */
export function keepsFrom(tier: TierDefinition, amount: number): number {
  return Math.round((amount * tier.earningsShare) / 100);
}

export function formatCedis(amount: number): string {
  return `GH₵${amount.toLocaleString('en-GH')}`;
}
