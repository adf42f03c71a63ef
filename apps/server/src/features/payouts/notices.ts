import { formatMoney } from '@adwuma/shared';
import type { Notice } from '../notifications/index.ts';

/** Where a provider sees their earnings and payouts, and sets their payout method (web routes). */
export const EARNINGS_LINK = '/earnings';
export const PAYOUT_SETTINGS_LINK = '/settings/payouts';

const when = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Accra',
});

/** "3 March, 14:30" in Ghana's time (UTC). */
export const momentText = (date: Date) => when.format(date);

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export function payoutSentNotice(p: {
  providerId: string;
  amountMinor: number;
  methodLabel: string;
}): Notice {
  return {
    userId: p.providerId,
    kind: 'billing',
    title: 'Payout sent',
    body: `We sent ${formatMoney(p.amountMinor, 'GHS')} to ${p.methodLabel}.`,
    link: EARNINGS_LINK,
    mail: true,
  };
}

export function payoutFailedNotice(p: {
  providerId: string;
  amountMinor: number;
  methodLabel: string;
  reason: string;
  retryAt: Date;
  reversed: boolean;
}): Notice {
  const amount = formatMoney(p.amountMinor, 'GHS');
  const what = p.reversed
    ? `Your payout of ${amount} to ${p.methodLabel} was reversed: ${sentence(p.reason)}`
    : `Your payout of ${amount} to ${p.methodLabel} failed: ${sentence(p.reason)}`;
  return {
    userId: p.providerId,
    kind: 'billing',
    title: p.reversed ? 'Payout reversed' : 'Payout failed',
    body: `${what} The money is back in your available balance and we will retry the payout automatically after ${momentText(p.retryAt)}. Check your payout method if this happens again.`,
    link: EARNINGS_LINK,
    mail: true,
  };
}

export function payoutMethodChangedNotice(p: {
  providerId: string;
  methodLabel: string;
  holdUntil: Date;
}): Notice {
  return {
    userId: p.providerId,
    kind: 'billing',
    title: 'Your payout method changed',
    body: `Your payouts now go to ${p.methodLabel}. For your safety, payouts resume after 24 hours (${momentText(p.holdUntil)}). If you did not make this change, contact Adwuma support at once and change your password.`,
    link: PAYOUT_SETTINGS_LINK,
    mail: true,
  };
}
