import { ESCROW_MESSAGES } from '@adwuma/shared';
import { Clock } from 'lucide-react';
import { AppLink } from '../../components/ui/button-link.tsx';
import { ROUTES } from '../../lib/routes.ts';
import type { BookingMoney } from './api/booking-money.ts';
import { cedis, formatDay, formatMoment, MONEY_TEXT } from './money-text.ts';
import { MoneyRows } from './money-ui.tsx';

function commissionPercent(money: BookingMoney): number | null {
  if (money.commission_minor === null || money.earnings_minor === null) return null;
  const base = money.commission_minor + money.earnings_minor;
  return base > 0 ? Math.round((money.commission_minor / base) * 100) : null;
}

/**
 * What the provider sees of the booking's money: not paid yet (so the work waits), held, and after
 * completion the commission, the earnings and when they can be paid out.
 */
export function ProviderMoney({ money, now = new Date() }: { money: BookingMoney; now?: Date }) {
  const status = money.payment_status;
  if (status === 'awaiting_payment') {
    return (
      <div className="grid gap-2 text-sm">
        <p className="flex items-start gap-2 font-semibold">
          <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
          {ESCROW_MESSAGES.notPaidYet}
        </p>
        <p className="text-muted-fg">
          {MONEY_TEXT.startAfterPay}{' '}
          {MONEY_TEXT.notPaidProvider(money.payment_due_at ? formatMoment(money.payment_due_at) : null)}
        </p>
        <MoneyRows rows={[{ label: MONEY_TEXT.amount, value: cedis(money.amount_minor) }]} />
      </div>
    );
  }
  if (status === 'expired') return <p className="text-sm">{MONEY_TEXT.expiredProvider}</p>;

  const fixed = money.earnings_minor !== null;
  const availableAt = money.earnings_available_at;
  const available = availableAt !== null && new Date(availableAt).getTime() <= now.getTime();
  return (
    <div className="grid gap-4 text-sm">
      <p>
        {status === 'held'
          ? MONEY_TEXT.heldProvider
          : status === 'released'
            ? MONEY_TEXT.releasedProvider
            : MONEY_TEXT.refundedProvider(cedis(money.refunded_minor))}
      </p>
      <MoneyRows
        rows={[
          { label: MONEY_TEXT.amount, value: cedis(money.amount_minor) },
          money.paid_at !== null && { label: MONEY_TEXT.paidOn, value: formatDay(money.paid_at) },
          status === 'held' && { label: MONEY_TEXT.held, value: cedis(money.held_minor) },
          money.refunded_minor > 0 && {
            label: MONEY_TEXT.refunded,
            value: `− ${cedis(money.refunded_minor)}`,
          },
          money.commission_minor !== null && {
            label: MONEY_TEXT.commission(commissionPercent(money)),
            value: `− ${cedis(money.commission_minor)}`,
          },
          money.advance_minor > 0 && {
            label: MONEY_TEXT.advance,
            value: fixed ? `− ${cedis(money.advance_minor)}` : cedis(money.advance_minor),
          },
          fixed && { label: MONEY_TEXT.earnings, value: cedis(money.earnings_minor ?? 0), strong: true },
        ]}
      />
      {fixed && availableAt && (
        <p className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-semibold text-leaf-700 dark:text-green-200">
            {available ? MONEY_TEXT.availableNow : MONEY_TEXT.availableOn(formatDay(availableAt))}
          </span>
          <AppLink
            to={ROUTES.earnings}
            className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-500"
          >
            {MONEY_TEXT.seeEarnings}
          </AppLink>
        </p>
      )}
    </div>
  );
}
