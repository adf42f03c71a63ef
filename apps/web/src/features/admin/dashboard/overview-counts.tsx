import { getTier, ROLE_LABELS, ROLES } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { Activity, Building2, CreditCard, FileWarning, type LucideIcon, MailPlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ROUTES } from '../../../lib/routes.ts';
import { RoleBadge } from '../../account/index.ts';
import { QueryError } from '../admin-ui.tsx';
import { adminOverviewQuery, adminSubscriptionsQuery } from '../api/admin.ts';

const NUMBER = new Intl.NumberFormat('en-GB');

function Stat({
  label,
  value,
  icon: Icon,
  to,
}: {
  label: string;
  value: number;
  icon: LucideIcon;
  to?: string;
}) {
  const body = (
    <>
      <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-800/30 dark:text-brand-500">
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <span className="mt-3 block text-2xl font-extrabold tracking-tight">{NUMBER.format(value)}</span>
      <span className="mt-1 block text-sm text-muted-fg">{label}</span>
    </>
  );
  const className = 'block h-full rounded-2xl border border-border bg-card p-4 shadow-sm';
  return to ? (
    <Link to={to} className={`${className} transition-colors hover:border-brand-500`}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

const COUNTED_TIERS = ['starter', 'pro', 'premium'] as const;

/** Providers on each plan (issue 17), from the subscriptions list's counts. */
function SubscriptionsCard() {
  const subscriptions = useQuery(adminSubscriptionsQuery());
  const counts = subscriptions.data?.counts;
  return (
    <Link
      to={ROUTES.adminSubscriptions}
      aria-labelledby="subscription-counts"
      className="mt-4 flex items-center gap-4 rounded-2xl border border-border bg-card p-4 shadow-sm transition-colors hover:border-brand-500"
    >
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-800/30 dark:text-brand-500">
        <CreditCard aria-hidden="true" className="h-5 w-5" />
      </span>
      <span id="subscription-counts" className="min-w-0">
        <span className="block font-bold">Subscriptions</span>
        <span className="block text-sm text-muted-fg">
          {counts
            ? COUNTED_TIERS.map((tier) => `${getTier(tier).name} ${NUMBER.format(counts[tier] ?? 0)}`).join(
                ' · ',
              )
            : subscriptions.isError
              ? 'Could not load the counts.'
              : 'Loading…'}
        </span>
      </span>
    </Link>
  );
}

/** The counts that matter right now (GET /api/admin/overview), each leading to its list. */
export function OverviewCounts() {
  const overview = useQuery(adminOverviewQuery());
  return (
    <div>
      {overview.isPending ? (
        <div role="status" aria-label="Loading" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-[8.75rem]" />
          ))}
        </div>
      ) : overview.isError ? (
        <QueryError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            <Stat label="Users" value={overview.data.users.total} icon={Users} to={ROUTES.adminUsers} />
            <Stat label="Waitlist subscribers" value={overview.data.waitlistSubscribers} icon={MailPlus} />
            <Stat
              label="Enterprise leads"
              value={overview.data.enterpriseLeads}
              icon={Building2}
              to={ROUTES.adminEnterpriseLeads}
            />
            <Stat
              label="Frontend errors, last 24 hours"
              value={overview.data.frontendErrorsLast24h}
              icon={FileWarning}
              to={ROUTES.adminLogs}
            />
            <Stat
              label="Security events, last 24 hours"
              value={overview.data.securityEventsLast24h}
              icon={Activity}
              to={`${ROUTES.adminLogs}?tab=security`}
            />
          </div>
          <section
            aria-labelledby="by-role"
            className="mt-4 rounded-2xl border border-border bg-card p-4 shadow-sm"
          >
            <h3 id="by-role" className="font-bold">
              Users by role
            </h3>
            <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {ROLES.map((role) => (
                <li key={role} className="rounded-xl bg-muted/60 p-3">
                  <RoleBadge role={role} />
                  <span className="mt-2 block text-2xl font-bold">
                    {NUMBER.format(overview.data.users.byRole[role])}
                  </span>
                  <span className="sr-only">{ROLE_LABELS[role]}</span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
      <SubscriptionsCard />
    </div>
  );
}
