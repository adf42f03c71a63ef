import { formatMoney, type PaymentStatusAnswer, SITE_NAME } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ErrorScreen } from '../../components/screens/error-screen.tsx';
import { CONTACT } from '../../components/site/nav.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { paymentQuery } from '../checkout/index.ts';
import { formatDate, PAYMENT_STATUS_LABELS, paymentDescription } from './format.ts';
import { TestModeBadge } from './subscription-ui.tsx';

export const RECEIPT_TEXT = {
  title: 'Receipt',
  back: 'Back to your subscription',
  print: 'Print',
  notPaid: (status: string) =>
    `This payment is ${status.toLowerCase()}: a receipt is issued once it is paid.`,
  notFound: 'This receipt was not found.',
  thanks: 'Thank you for your payment.',
} as const;

/** Printing shows the receipt alone: the site's header, footer and the page's buttons stay off paper. */
const PRINT_CSS = `@media print {
  body header, body footer, body nav, [data-print-hidden] { display: none !important; }
  body, #main { background: #fff !important; color: #000 !important; }
  [data-receipt] { box-shadow: none !important; border-color: #999 !important; }
}`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-muted-fg">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function Receipt({ payment }: { payment: PaymentStatusAnswer }) {
  const name = payment.payer.name;
  const email = payment.payer.email || null;
  const period =
    payment.period_start && payment.period_end
      ? `${formatDate(payment.period_start)} – ${formatDate(payment.period_end)}`
      : null;
  return (
    <article
      data-receipt
      aria-labelledby="receipt-title"
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-border pb-5">
        <div>
          <p className="text-2xl font-extrabold tracking-tight text-brand-700 dark:text-brand-500">
            {SITE_NAME}
          </p>
          <p className="mt-1 text-sm text-muted-fg">{CONTACT.address}</p>
          <p className="text-sm text-muted-fg">{CONTACT.email}</p>
        </div>
        <div className="text-left sm:text-right">
          <h1 id="receipt-title" className="text-2xl font-bold tracking-tight">
            {RECEIPT_TEXT.title}
          </h1>
          {payment.receipt_number && <p className="mt-1 font-mono text-sm">{payment.receipt_number}</p>}
          {payment.test_mode && <TestModeBadge className="mt-2" />}
        </div>
      </div>
      <dl className="divide-y divide-border">
        <Row label="Receipt number">{payment.receipt_number ?? '—'}</Row>
        <Row label="Date paid">{formatDate(payment.paid_at) || '—'}</Row>
        <Row label="Billed to">
          {name && <span className="block font-semibold">{name}</span>}
          {email && <span className="block">{email}</span>}
        </Row>
        <Row label="Plan">{paymentDescription(payment)}</Row>
        {period && <Row label="Period">{period}</Row>}
        <Row label="Payment method">{payment.method_label ?? '—'}</Row>
        <Row label="Amount paid">
          <span className="text-xl font-extrabold">
            {formatMoney(payment.amount_minor, payment.currency)}
          </span>
        </Row>
      </dl>
      <p className="mt-5 border-t border-border pt-5 text-sm text-muted-fg">
        {RECEIPT_TEXT.thanks}
        {payment.test_mode && ' This was a test payment: no real money moved.'}
      </p>
    </article>
  );
}

/** /subscription/receipts/:id: a printable receipt of one paid payment. */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const query = useQuery(paymentQuery(id));
  const payment = query.data;
  useDocumentTitle(payment?.receipt_number ? `Receipt ${payment.receipt_number}` : 'Receipt');

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" aria-label="Loading">
        <Skeleton className="h-96" />
      </div>
    );
  } else if (query.isError) {
    body =
      query.error instanceof ApiError && query.error.status === 404 ? (
        <Alert tone="danger" role="alert" title={RECEIPT_TEXT.notFound} />
      ) : (
        <ErrorScreen
          detail={query.error instanceof Error ? query.error.message : undefined}
          onRetry={() => void query.refetch()}
        />
      );
  } else if (payment && payment.status !== 'succeeded' && payment.status !== 'refunded') {
    body = <Alert role="status" title={RECEIPT_TEXT.notPaid(PAYMENT_STATUS_LABELS[payment.status].label)} />;
  } else if (payment) {
    body = <Receipt payment={payment} />;
  }

  const printable = payment && (payment.status === 'succeeded' || payment.status === 'refunded');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 print:max-w-none print:p-0">
      <style>{PRINT_CSS}</style>
      <div data-print-hidden className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <ButtonLink to={ROUTES.subscription} variant="ghost" size="sm">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {RECEIPT_TEXT.back}
        </ButtonLink>
        {printable && (
          <Button variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="h-4 w-4" /> {RECEIPT_TEXT.print}
          </Button>
        )}
      </div>
      {body}
    </div>
  );
}
