import { type EarningsAnswer, ESCROW_MESSAGES, getTier } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { Download, Settings2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryError } from '../../components/screens/query-error.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { AppLink, ButtonLink } from '../../components/ui/button-link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { EARNINGS_API, earningsQuery } from './api/earnings.ts';
import { EarningsBookings } from './earnings-bookings.tsx';
import { cedis, formatDay, formatMoment, EARNINGS_TEXT as T } from './earnings-text.ts';
import { PayoutsList } from './payouts-list.tsx';

function Tile({ label, amount, note }: { label: string; amount: number; note?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-border bg-card p-4 shadow-sm">
      {/* Two lines tall on phones, where "Held for work not done" wraps: the amounts of a row line up. */}
      <dt className="min-h-8 text-xs font-semibold uppercase tracking-wide text-muted-fg sm:min-h-0">
        {label}
      </dt>
      <dd className="mt-1 text-lg font-extrabold tracking-tight [overflow-wrap:anywhere] sm:text-2xl">
        {cedis(amount)}
      </dd>
      {note && <dd className="mt-1 text-xs text-muted-fg">{note}</dd>}
    </div>
  );
}

function Summary({ data }: { data: EarningsAnswer }) {
  const next = data.next_payout_at ? T.nextPayout(formatDay(data.next_payout_at)) : T.noNextPayout;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Tile label={T.held} amount={data.held_minor} note={T.heldNote} />
      <Tile label={T.pending} amount={data.pending_minor} note={T.pendingNote(data.payout_delay_days)} />
      <Tile label={T.available} amount={data.available_minor} note={next} />
      <Tile
        label={T.paidOut}
        amount={data.paid_out_minor}
        note={data.in_flight_minor > 0 ? T.inFlight(cedis(data.in_flight_minor)) : undefined}
      />
    </dl>
  );
}

function PayoutNotice({ data }: { data: EarningsAnswer }) {
  if (!data.has_payout_method) {
    return (
      <Alert tone="danger" role="status" title={T.addMethodTitle} className="mt-6">
        <p>{ESCROW_MESSAGES.noPayoutMethod}</p>
        <ButtonLink to={ROUTES.payoutSettings} size="sm" className="mt-3">
          {T.addMethod}
        </ButtonLink>
      </Alert>
    );
  }
  if (data.hold_until) {
    return (
      <Alert tone="info" role="status" title={T.heldUntil(formatMoment(data.hold_until))} className="mt-6">
        <p>{ESCROW_MESSAGES.payoutHeld}</p>
      </Alert>
    );
  }
  return null;
}

function Earnings({ data }: { data: EarningsAnswer }) {
  const plan = getTier(data.tier).name;
  return (
    <>
      <PayoutNotice data={data} />
      <section aria-label={T.balances} className="mt-6">
        <Summary data={data} />
        <p className="mt-3 text-sm text-muted-fg">
          {T.delay(plan, data.payout_delay_days)}{' '}
          {data.tier === 'starter' && (
            <AppLink
              to={ROUTES.subscription}
              className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-500"
            >
              {T.fasterPayouts}
            </AppLink>
          )}
        </p>
      </section>
      <section aria-labelledby="earnings-bookings" className="mt-8">
        <h2 id="earnings-bookings" className="mb-4 text-lg font-bold tracking-tight">
          {T.bookings}
        </h2>
        <EarningsBookings bookings={data.bookings} />
      </section>
      <section aria-labelledby="earnings-payouts" className="mt-8">
        <h2 id="earnings-payouts" className="mb-4 text-lg font-bold tracking-tight">
          {T.payouts}
        </h2>
        <PayoutsList payouts={data.payouts} />
      </section>
    </>
  );
}

/** /earnings (issue 18): the provider's held, pending and available money, payouts and statement. */
export function EarningsPage() {
  useDocumentTitle(T.title);
  const query = useQuery(earningsQuery());

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" aria-label="Loading" className="mt-6 grid gap-4">
        <Skeleton className="h-28" />
        <Skeleton className="h-48" />
      </div>
    );
  } else if (query.isError) {
    body = <QueryError query={query} forbiddenTitle={T.providersOnly} />;
  } else body = <Earnings data={query.data} />;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-brand-700 dark:text-brand-500">{T.eyebrow}</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{T.title}</h1>
          <p className="mt-2 text-muted-fg">{T.lead}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <a
            href={EARNINGS_API.statement}
            download
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden="true" className="h-4 w-4" /> {T.statement}
          </a>
          <ButtonLink to={ROUTES.payoutSettings} variant="ghost" size="sm">
            <Settings2 aria-hidden="true" className="h-4 w-4" /> {T.payoutSettings}
          </ButtonLink>
        </div>
      </header>
      {body}
    </div>
  );
}
