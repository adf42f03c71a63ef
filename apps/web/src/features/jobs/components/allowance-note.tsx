import { type BidAllowance, formatBidAllowance } from '@adwuma/shared';
import { Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { ROUTES } from '../../../lib/routes.ts';

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
  if (allowance.limit === null) return null;
  const low = allowance.remaining !== null && allowance.remaining <= 3;
  return (
    <p
      className={`inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-full border px-3 py-1.5 text-sm ${
        allowance.allowed ? 'border-border bg-card' : 'border-danger/40 bg-danger/10'
      } ${className}`}
    >
      <Ticket aria-hidden="true" className="h-4 w-4 text-brand-700 dark:text-brand-500" />
      <span className="font-semibold">{formatBidAllowance(allowance)}</span>
      {low && (
        <Link
          to={ROUTES.subscription}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500"
        >
          Get unlimited bids
        </Link>
      )}
    </p>
  );
}
