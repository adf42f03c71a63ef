import { GRACE_PERIOD_DAYS, getTier, type TierId } from '@adwuma/shared';
import type { Notice } from '../notifications/index.ts';

/** The billing notices' wording, in one place (payments applied, the renewal run). */
export const tierName = (tier: TierId) => getTier(tier).name;

/** "25 December 2026", in Ghana's time. */
export const dateText = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Accra' });

const STARTER_NOW =
  'You are on the free Starter plan now: 18% commission and 10 bids a month. You can upgrade again at any time.';

/** A paid plan ended (cancelled, expired after the grace, or deleted at the gateway). */
export function planEndedNotice(userId: string, tier: TierId, expired = false): Notice {
  return {
    userId,
    kind: 'billing',
    title: `Your ${tierName(tier)} plan has ended`,
    body: expired
      ? `The renewal was not paid within ${GRACE_PERIOD_DAYS} days, so you are on the free Starter plan now: 18% commission and 10 bids a month. You can upgrade again at any time.`
      : STARTER_NOW,
    link: '/subscription',
    mail: true,
  };
}

/** A renewal not paid: the plan stays until the grace ends. `reason` leads when the gateway gave one. */
export function renewalUnpaidNotice(userId: string, tier: TierId, graceUntil: Date, reason?: string): Notice {
  const lead = reason ? `${/[.!?]$/.test(reason) ? reason : `${reason}.`} ` : '';
  return {
    userId,
    kind: 'billing',
    title: 'Your renewal was not paid',
    body: `${lead}${tierName(tier)} stays active until ${dateText(graceUntil)}; pay before then to keep it, or your plan returns to Starter.`,
    link: '/subscription',
    mail: true,
  };
}
