import { useQuery } from '@tanstack/react-query';
import { Package } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { type BookingMoney, type MaterialReceipt, materialsQuery } from './api/booking-money.ts';
import { cedis, formatDay, MATERIALS_TEXT } from './money-text.ts';
import { ReceiptForm } from './receipt-form.tsx';

// Downloaded when the provider asks for an advance: it validates with a shared zod schema that a
// booking page's first download leaves out (issue 20).
const AdvanceForm = lazy(() => import('./advance-form.tsx').then((m) => ({ default: m.AdvanceForm })));

const PAID: BookingMoney['payment_status'][] = ['held', 'released', 'partially_refunded'];

function ReceiptList({ receipts }: { receipts: MaterialReceipt[] }) {
  if (receipts.length === 0) return <p className="text-sm text-muted-fg">{MATERIALS_TEXT.noReceipts}</p>;
  const total = receipts.reduce((sum, r) => sum + r.amount_minor, 0);
  return (
    <div className="grid gap-3">
      <ul aria-label={MATERIALS_TEXT.receipts} className="grid gap-2">
        {receipts.map((r) => (
          <li key={r.id} className="flex items-center gap-3 rounded-xl border border-border p-2.5">
            <a href={r.image_url} target="_blank" rel="noreferrer" className="shrink-0">
              <img
                src={r.image_url}
                alt={`Receipt: ${r.description}`}
                loading="lazy"
                decoding="async"
                className="h-14 w-14 rounded-lg bg-muted object-cover"
              />
            </a>
            <div className="min-w-0 flex-1">
              <p className="break-words text-sm font-semibold">{r.description}</p>
              <p className="text-xs text-muted-fg">{formatDay(r.created_at)}</p>
            </div>
            <p className="shrink-0 text-sm font-bold">{cedis(r.amount_minor)}</p>
          </li>
        ))}
      </ul>
      <p className="text-sm font-medium">{MATERIALS_TEXT.receiptsTotal(cedis(total))}</p>
    </div>
  );
}

function Receipts({ bookingId, canAdd }: { bookingId: string; canAdd: boolean }) {
  const receipts = useQuery(materialsQuery(bookingId));
  return (
    <div className="grid gap-5">
      {canAdd && <ReceiptForm bookingId={bookingId} />}
      <div>
        <h3 className="mb-2 font-bold">{MATERIALS_TEXT.receipts}</h3>
        {receipts.isPending ? (
          <Skeleton className="h-14" />
        ) : receipts.isError ? (
          <p role="alert" className="text-sm text-danger">
            {receipts.error.message}
          </p>
        ) : (
          <ReceiptList receipts={receipts.data} />
        )}
      </div>
    </div>
  );
}

/**
 * The provider's materials on a paid booking (spec 9): Pro and Premium take an advance (the server
 * answers the cap left, 0 once taken); Starter records receipts, paid back at completion.
 */
export function MaterialsPanel({ bookingId, money }: { bookingId: string; money: BookingMoney }) {
  const titleId = useId();
  if (!PAID.includes(money.payment_status)) return null;
  const held = money.payment_status === 'held';
  const advancing = money.advance_cap_minor > 0 || money.advance_minor > 0;
  // Nothing to do or show: an advance plan after the work, with no advance taken.
  if (!held && advancing && money.advance_minor === 0) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold tracking-tight">
        <Package aria-hidden="true" className="h-5 w-5 text-brand-600" />
        {MATERIALS_TEXT.title}
      </h2>
      <div className="mt-4">
        {money.advance_minor > 0 ? (
          <p className="text-sm">{MATERIALS_TEXT.advancePaid(cedis(money.advance_minor))}</p>
        ) : advancing ? (
          <Suspense fallback={<Skeleton className="h-24 w-full" />}>
            <AdvanceForm bookingId={bookingId} capMinor={money.advance_cap_minor} />
          </Suspense>
        ) : (
          <Receipts bookingId={bookingId} canAdd={held} />
        )}
      </div>
    </section>
  );
}
