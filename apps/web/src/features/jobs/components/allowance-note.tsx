import type { BidAllowance } from '@adwuma/shared';
import type { TFunction } from 'i18next';
import { Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { ROUTES } from '../../../lib/routes.ts';
import { useJobsText } from '../i18n.ts';

/** "7 of 10 bids left this month" / "Unlimited bids" (the shared formatBidAllowance, in the page's language). */
export function allowanceText(a: Pick<BidAllowance, 'limit' | 'remaining'>, t: TFunction): string {
  if (a.limit === null) return t('allowance.unlimited');
  return t('allowance.left', { remaining: a.remaining, limit: a.limit });
}

/**
 * "7 of 10 bids left this month", with the way to unlimited bids when few or none are left. Nothing
 * on a plan with unlimited bids (Pro, Premium).
 */
export function AllowanceNote({
  allowance,
  className = '',
}: {
  allowance: BidAllowance;
  className?: string;
}) {
  const { t } = useJobsText();
  if (allowance.limit === null) return null;
  const low = allowance.remaining !== null && allowance.remaining <= 3;
  return (
    <p
      className={`inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-full border px-3 py-1.5 text-sm ${
        allowance.allowed ? 'border-border bg-card' : 'border-danger/40 bg-danger/10'
      } ${className}`}
    >
      <Ticket aria-hidden="true" className="h-4 w-4 text-brand-700 dark:text-brand-500" />
      <span className="font-semibold">{allowanceText(allowance, t)}</span>
      {low && (
        <Link
          to={ROUTES.subscription}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500"
        >
          {t('allowance.getUnlimited')}
        </Link>
      )}
    </p>
  );
}
