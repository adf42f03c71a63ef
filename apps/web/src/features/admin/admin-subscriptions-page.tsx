import {
  type AdminSubscription,
  formatMoney,
  getTier,
  type PaymentGatewayId,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  TIER_IDS,
  type TierId,
} from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Select } from '../../components/ui/field.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import {
  AdminPageHeader,
  type Column,
  formatDateTime,
  PagedTable,
  TextFilterForm,
  useTextFilterParam,
} from './admin-ui.tsx';
import { adminSubscriptionsQuery } from './api/admin.ts';

const NUMBER = new Intl.NumberFormat('en-GB');

export const GATEWAY_LABELS: Record<PaymentGatewayId, string> = {
  sandbox: 'Sandbox (test)',
  stripe: 'Stripe',
  paystack: 'Paystack',
};

const STATUS_LABELS: Record<SubscriptionStatus, string> = { active: 'Active', past_due: 'Past due' };

function StatusCell({ s }: { s: AdminSubscription }) {
  if (s.status === 'past_due') return <Badge tone="danger">{STATUS_LABELS.past_due}</Badge>;
  if (s.cancel_at_period_end) return <Badge tone="neutral">Cancelling</Badge>;
  return <Badge tone="leaf">{STATUS_LABELS.active}</Badge>;
}

const COLUMNS: Column<AdminSubscription>[] = [
  {
    header: 'Provider',
    className: 'min-w-48',
    cell: (s) => (
      <span className="block [overflow-wrap:anywhere]">
        <span className="block font-semibold">{s.full_name ?? 'No name'}</span>
        {s.email && <span className="block text-muted-fg">{s.email}</span>}
      </span>
    ),
  },
  {
    header: 'Plan',
    cell: (s) => (
      <span>
        <span className="font-semibold">{getTier(s.tier).name}</span>
        {s.cadence && <span className="text-muted-fg"> · {s.cadence}</span>}
      </span>
    ),
  },
  { header: 'Status', cell: (s) => <StatusCell s={s} /> },
  { header: 'Gateway', cell: (s) => (s.gateway ? GATEWAY_LABELS[s.gateway] : '—') },
  {
    header: 'Amount',
    className: 'whitespace-nowrap',
    cell: (s) => (s.amount_minor !== null && s.currency ? formatMoney(s.amount_minor, s.currency) : '—'),
  },
  {
    header: 'Renewal',
    cell: (s) =>
      s.current_period_end ? (
        <span>
          {s.cancel_at_period_end ? 'Ends ' : 'Renews '}
          <time dateTime={s.current_period_end}>{formatDateTime(s.current_period_end)}</time>
        </span>
      ) : (
        '—'
      ),
  },
  {
    header: 'Updated',
    cell: (s) => <time dateTime={s.updated_at}>{formatDateTime(s.updated_at)}</time>,
  },
];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return value && (values as readonly string[]).includes(value) ? (value as T) : '';
}

/** The counts per tier, shown above the list and on the overview. */
function TierCounts({ counts }: { counts: Record<TierId, number> }) {
  return (
    <ul aria-label="Subscriptions per tier" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {TIER_IDS.map((tier) => (
        <li key={tier} className="rounded-xl border border-border bg-card p-3 shadow-sm">
          <span className="block text-sm text-muted-fg">{getTier(tier).name}</span>
          <span className="mt-1 block text-2xl font-bold">{NUMBER.format(counts[tier] ?? 0)}</span>
        </li>
      ))}
    </ul>
  );
}

/** /admin/subscriptions: every provider's plan, filtered by tier, status and name or email. */
export function AdminSubscriptionsPage() {
  useDocumentTitle('Subscriptions · Admin');
  const [params, setParams] = useSearchParams();
  const filter = useTextFilterParam('q', { keep: ['tier', 'status'] });
  const tier = oneOf(TIER_IDS, params.get('tier'));
  const status = oneOf(SUBSCRIPTION_STATUSES, params.get('status'));
  const list = useQuery(adminSubscriptionsQuery({ tier, status, q: filter.value, page: filter.page }));

  const setParam = (key: 'tier' | 'status', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next);
  };

  const data = list.data
    ? {
        items: list.data.subscriptions,
        page: list.data.page,
        pageSize: list.data.page_size,
        total: list.data.total,
      }
    : undefined;

  return (
    <div>
      <AdminPageHeader title="Subscriptions" lead="Providers' plans, how they pay and when they renew.">
        <TextFilterForm
          filter={filter}
          id="admin-subscriptions-q"
          formLabel="Search subscriptions"
          label="Search by name or email"
          placeholder="Name or email"
          button="Search"
        />
      </AdminPageHeader>
      {list.data && (
        <div className="mt-6">
          <TierCounts counts={list.data.counts} />
        </div>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <div className="sm:w-56">
          <label htmlFor="admin-subscriptions-tier" className="block text-sm font-semibold text-fg">
            Tier
          </label>
          <Select
            id="admin-subscriptions-tier"
            className="mt-1.5"
            value={tier}
            onChange={(e) => setParam('tier', e.target.value)}
          >
            <option value="">All tiers</option>
            {TIER_IDS.map((t) => (
              <option key={t} value={t}>
                {getTier(t).name}
              </option>
            ))}
          </Select>
        </div>
        <div className="sm:w-56">
          <label htmlFor="admin-subscriptions-status" className="block text-sm font-semibold text-fg">
            Status
          </label>
          <Select
            id="admin-subscriptions-status"
            className="mt-1.5"
            value={status}
            onChange={(e) => setParam('status', e.target.value)}
          >
            <option value="">All statuses</option>
            {SUBSCRIPTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="mt-6">
        <PagedTable
          query={list}
          data={data}
          caption="Subscriptions"
          columns={COLUMNS}
          rowKey={(s) => s.user_id}
          empty={
            filter.value || tier || status ? 'No subscriptions match these filters.' : 'No subscriptions yet.'
          }
          onPage={filter.onPage}
        />
      </div>
    </div>
  );
}
