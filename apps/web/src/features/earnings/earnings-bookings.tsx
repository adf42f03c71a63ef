import { Badge } from '../../components/ui/badge.tsx';
import { AppLink } from '../../components/ui/button-link.tsx';
import { type Column, WideTable } from '../../components/ui/wide-table.tsx';
import { bookingPagePath } from '../bookings/index.ts';
import type { EarningsBooking } from './api/earnings.ts';
import { cedis, EARNINGS_TEXT, earningsState, formatDay } from './earnings-text.ts';

const T = EARNINGS_TEXT.col;

function Title({ b }: { b: EarningsBooking }) {
  return (
    <>
      <AppLink
        to={bookingPagePath(b.booking_id)}
        className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500"
      >
        {b.title}
      </AppLink>
      {b.customer_name && <span className="block text-xs text-muted-fg">{b.customer_name}</span>}
    </>
  );
}

function State({ b }: { b: EarningsBooking }) {
  const { label, tone } = earningsState(b);
  return <Badge tone={tone}>{label}</Badge>;
}

const commission = (b: EarningsBooking) =>
  b.commission_minor === null
    ? '—'
    : `${cedis(b.commission_minor)}${b.commission_percent === null ? '' : ` (${b.commission_percent}%)`}`;

function Earned({ b }: { b: EarningsBooking }) {
  return (
    <>
      <span className="font-semibold">{b.earnings_minor === null ? '—' : cedis(b.earnings_minor)}</span>
      {b.advance_minor > 0 && (
        <span className="block text-xs text-muted-fg">{EARNINGS_TEXT.advance(cedis(b.advance_minor))}</span>
      )}
    </>
  );
}

const COLUMNS: Column<EarningsBooking>[] = [
  { header: T.booking, cell: (b) => <Title b={b} /> },
  {
    header: T.completed,
    className: 'whitespace-nowrap',
    cell: (b) => (b.completed_at ? formatDay(b.completed_at) : EARNINGS_TEXT.notCompleted),
  },
  { header: T.price, className: 'whitespace-nowrap text-right', cell: (b) => cedis(b.price_minor) },
  { header: T.commission, className: 'whitespace-nowrap text-right', cell: commission },
  { header: T.earnings, className: 'whitespace-nowrap text-right', cell: (b) => <Earned b={b} /> },
  { header: T.status, cell: (b) => <State b={b} /> },
];

/** Per-booking earnings: a table on wide screens, cards on phones. */
export function EarningsBookings({ bookings }: { bookings: EarningsBooking[] }) {
  if (bookings.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted-fg">
        {EARNINGS_TEXT.noBookings}
      </p>
    );
  }
  return (
    <>
      <WideTable
        caption={EARNINGS_TEXT.bookings}
        columns={COLUMNS}
        rows={bookings}
        rowKey={(b) => b.booking_id}
      />
      <ul aria-label={EARNINGS_TEXT.bookings} className="grid gap-3 md:hidden">
        {bookings.map((b) => (
          <li key={b.booking_id} className="rounded-2xl border border-border bg-card p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Title b={b} />
              </div>
              <div className="shrink-0 text-right">
                <Earned b={b} />
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
              <dt className="text-muted-fg">{T.price}</dt>
              <dd className="text-right">{cedis(b.price_minor)}</dd>
              <dt className="text-muted-fg">{T.commission}</dt>
              <dd className="text-right">{commission(b)}</dd>
              <dt className="text-muted-fg">{T.completed}</dt>
              <dd className="text-right">
                {b.completed_at ? formatDay(b.completed_at) : EARNINGS_TEXT.notCompleted}
              </dd>
            </dl>
            <div className="mt-3">
              <State b={b} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
