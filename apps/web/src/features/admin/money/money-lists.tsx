import {
  type AdminMoneyPayment,
  type AdminPayout,
  type AdminRefund,
  formatMoney,
  getTier,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  PAYOUT_STATUSES,
  type PaymentPurpose,
  type PayoutStatus,
  REFUND_STATUSES,
  type RefundStatus,
} from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PAYMENT_STATUS_BADGES } from '../../../lib/money-format.ts';
import { toast } from '../../../lib/toast.ts';
import { GATEWAY_LABELS } from '../admin-subscriptions-page.tsx';
import { type Column, formatDateTime, PagedTable, pageFrom, StatusFilter } from '../admin-ui.tsx';
import {
  adminMoneyPaymentsQuery,
  adminPayoutsQuery,
  adminRefundsQuery,
  useRetryPayout,
  useRetryRefund,
} from './api/money.ts';

const PURPOSE_LABELS: Record<PaymentPurpose, string> = {
  booking: 'Booking',
  subscription: 'Plan',
  renewal: 'Plan renewal',
  upgrade: 'Plan upgrade',
};
const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Sending',
  paid: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
};
const PAYOUT_STATUS_TONES: Record<PayoutStatus, BadgeTone> = {
  pending: 'brand',
  paid: 'leaf',
  failed: 'danger',
  reversed: 'danger',
};
const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};
const REFUND_STATUS_TONES: Record<RefundStatus, BadgeTone> = {
  pending: 'brand',
  sent: 'leaf',
  failed: 'danger',
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return value && (values as readonly string[]).includes(value) ? (value as T) : '';
}

/** A list filter kept in the address beside ?view=; changing it goes back to page 1. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  return { params, page: pageFrom(params), set, onPage: (page: number) => set('page', String(page)) };
}

const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;
const person = (name: string | null, detail?: string | null) => (
  <span className="block [overflow-wrap:anywhere]">
    <span className="block font-semibold">{name ?? 'No name'}</span>
    {detail && <span className="block text-muted-fg">{detail}</span>}
  </span>
);

// ---- payments --------------------------------------------------------------------------------------

const PAYMENT_COLUMNS: Column<AdminMoneyPayment>[] = [
  { header: 'When', cell: (p) => when(p.created_at) },
  { header: 'Payer', className: 'min-w-48', cell: (p) => person(p.payer_name, p.payer_email) },
  {
    header: 'For',
    cell: (p) => (
      <span>
        {PURPOSE_LABELS[p.purpose]}
        {p.tier && <span className="text-muted-fg"> · {getTier(p.tier).name}</span>}
      </span>
    ),
  },
  {
    header: 'Amount',
    className: 'whitespace-nowrap',
    cell: (p) => (
      <span>
        {formatMoney(p.amount_minor, p.currency)}
        {p.refunded_minor > 0 && (
          <span className="block text-xs text-muted-fg">
            {formatMoney(p.refunded_minor, p.currency)} refunded
          </span>
        )}
      </span>
    ),
  },
  {
    header: 'Status',
    cell: (p) => (
      <span className="grid justify-items-start gap-1">
        <Badge tone={PAYMENT_STATUS_BADGES[p.status].tone}>{PAYMENT_STATUS_BADGES[p.status].label}</Badge>
        {p.failure_reason && <span className="text-xs text-muted-fg">{p.failure_reason}</span>}
      </span>
    ),
  },
  {
    header: 'Gateway',
    cell: (p) => (
      <span>
        {GATEWAY_LABELS[p.gateway]}
        {p.method_label && <span className="block text-xs text-muted-fg">{p.method_label}</span>}
      </span>
    ),
  },
  { header: 'Receipt', cell: (p) => p.receipt_number ?? '—' },
];

export function MoneyPayments() {
  const { params, page, set, onPage } = useListParams();
  const status = oneOf(PAYMENT_STATUSES, params.get('status'));
  const purpose = oneOf(PAYMENT_PURPOSES, params.get('purpose'));
  const list = useQuery(adminMoneyPaymentsQuery(status, purpose, page));
  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <StatusFilter
          id="money-payments-status"
          value={status}
          options={[
            { value: '', label: 'All statuses' },
            ...PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_BADGES[s].label })),
          ]}
          onChange={(value) => set('status', value)}
        />
        <StatusFilter
          id="money-payments-purpose"
          label="For"
          value={purpose}
          options={[
            { value: '', label: 'Bookings and plans' },
            ...PAYMENT_PURPOSES.map((p) => ({ value: p, label: PURPOSE_LABELS[p] })),
          ]}
          onChange={(value) => set('purpose', value)}
        />
      </div>
      <div className="mt-4">
        <PagedTable
          query={list}
          data={list.data}
          caption="Payments"
          columns={PAYMENT_COLUMNS}
          rowKey={(p) => p.id}
          empty={status || purpose ? 'No payments match these filters.' : 'No payments yet.'}
          onPage={onPage}
        />
      </div>
    </div>
  );
}

// ---- payouts ---------------------------------------------------------------------------------------

/** Why no payout started: what retryPayout checks before sending. */
export const NOTHING_SENT =
  'Nothing was sent: the provider has no payout method, is on hold after changing it, has nothing available, or a payout is already on its way.';

function RetryPayoutButton({ payout }: { payout: AdminPayout }) {
  const retry = useRetryPayout();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={retry.isPending}
      aria-label={`Retry the payout to ${payout.provider_name ?? 'the provider'}`}
      onClick={() =>
        retry.mutate(payout.id, {
          onSuccess: ({ new_payout }) =>
            new_payout
              ? toast.success(`Payout of ${formatMoney(new_payout.amount_minor, 'GHS')} sent again`)
              : toast.warning('No payout started', { description: NOTHING_SENT }),
          onError: (e) => toast.error('Could not retry the payout', { description: e.message }),
        })
      }
    >
      <RotateCw aria-hidden="true" className="h-4 w-4" />
      {retry.isPending ? 'Retrying…' : 'Retry'}
    </Button>
  );
}

const retryable = (p: AdminPayout) => (p.status === 'failed' || p.status === 'reversed') && !p.superseded;

const PAYOUT_COLUMNS: Column<AdminPayout>[] = [
  { header: 'When', cell: (p) => when(p.created_at) },
  { header: 'Provider', className: 'min-w-48', cell: (p) => person(p.provider_name, p.method_label) },
  { header: 'Amount', className: 'whitespace-nowrap', cell: (p) => formatMoney(p.amount_minor, 'GHS') },
  {
    header: 'Status',
    cell: (p) => (
      <span className="grid justify-items-start gap-1">
        <Badge tone={PAYOUT_STATUS_TONES[p.status]}>{PAYOUT_STATUS_LABELS[p.status]}</Badge>
        {p.failure_reason && <span className="text-xs text-muted-fg">{p.failure_reason}</span>}
        {p.settled_at && <span className="text-xs text-muted-fg">Paid {formatDateTime(p.settled_at)}</span>}
      </span>
    ),
  },
  { header: 'Gateway', cell: (p) => GATEWAY_LABELS[p.gateway] },
  { header: 'Attempts', cell: (p) => String(p.attempts) },
  {
    header: 'Action',
    cell: (p) =>
      retryable(p) ? (
        <RetryPayoutButton payout={p} />
      ) : p.superseded ? (
        <span className="text-xs text-muted-fg">Sent again in a later payout</span>
      ) : (
        '—'
      ),
  },
];

export function MoneyPayouts() {
  const { params, page, set, onPage } = useListParams();
  const status = oneOf(PAYOUT_STATUSES, params.get('status'));
  const list = useQuery(adminPayoutsQuery(status, page));
  return (
    <div>
      <StatusFilter
        id="money-payouts-status"
        value={status}
        options={[
          { value: '', label: 'All payouts' },
          ...PAYOUT_STATUSES.map((s) => ({ value: s, label: PAYOUT_STATUS_LABELS[s] })),
        ]}
        onChange={(value) => set('status', value)}
      />
      <div className="mt-4">
        <PagedTable
          query={list}
          data={list.data}
          caption="Payouts"
          columns={PAYOUT_COLUMNS}
          rowKey={(p) => p.id}
          empty={status ? 'No payouts match this filter.' : 'No payouts yet.'}
          onPage={onPage}
        />
      </div>
    </div>
  );
}

// ---- refunds ---------------------------------------------------------------------------------------

function RetryRefundButton({ refund }: { refund: AdminRefund }) {
  const retry = useRetryRefund();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={retry.isPending}
      aria-label={`Retry the refund to ${refund.customer_name ?? 'the customer'}`}
      onClick={() =>
        retry.mutate(refund.id, {
          onSuccess: (after) => {
            if (after.status === 'sent')
              toast.success(`Refund of ${formatMoney(after.amount_minor, 'GHS')} sent`);
            else if (after.status === 'failed')
              toast.error('The gateway refused the refund again', {
                description: after.failure_reason ?? undefined,
              });
            else toast.success('Refund requested again');
          },
          onError: (e) => toast.error('Could not retry the refund', { description: e.message }),
        })
      }
    >
      <RotateCw aria-hidden="true" className="h-4 w-4" />
      {retry.isPending ? 'Retrying…' : 'Retry'}
    </Button>
  );
}

const REFUND_COLUMNS: Column<AdminRefund>[] = [
  { header: 'When', cell: (r) => when(r.created_at) },
  { header: 'Customer', className: 'min-w-48', cell: (r) => person(r.customer_name, r.reason) },
  { header: 'Amount', className: 'whitespace-nowrap', cell: (r) => formatMoney(r.amount_minor, 'GHS') },
  {
    header: 'Status',
    cell: (r) => (
      <span className="grid justify-items-start gap-1">
        <Badge tone={REFUND_STATUS_TONES[r.status]}>{REFUND_STATUS_LABELS[r.status]}</Badge>
        {r.failure_reason && <span className="text-xs text-muted-fg">{r.failure_reason}</span>}
        {r.sent_at && <span className="text-xs text-muted-fg">Sent {formatDateTime(r.sent_at)}</span>}
      </span>
    ),
  },
  { header: 'Attempts', cell: (r) => String(r.attempts) },
  { header: 'Action', cell: (r) => (r.status === 'failed' ? <RetryRefundButton refund={r} /> : '—') },
];

export function MoneyRefunds() {
  const { params, page, set, onPage } = useListParams();
  const status = oneOf(REFUND_STATUSES, params.get('status'));
  const list = useQuery(adminRefundsQuery(status, page));
  return (
    <div>
      <StatusFilter
        id="money-refunds-status"
        value={status}
        options={[
          { value: '', label: 'All refunds' },
          ...REFUND_STATUSES.map((s) => ({ value: s, label: REFUND_STATUS_LABELS[s] })),
        ]}
        onChange={(value) => set('status', value)}
      />
      <div className="mt-4">
        <PagedTable
          query={list}
          data={list.data}
          caption="Refunds"
          columns={REFUND_COLUMNS}
          rowKey={(r) => r.id}
          empty={status ? 'No refunds match this filter.' : 'No refunds yet.'}
          onPage={onPage}
        />
      </div>
    </div>
  );
}
