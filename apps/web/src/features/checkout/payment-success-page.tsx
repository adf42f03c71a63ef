import { formatMoney, getTier, type PaymentStatusAnswer, safeReturnTo } from '@adwuma/shared';
import { BadgeCheck, Clock, CreditCard, SearchX, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorScreen } from '../../components/screens/error-screen.tsx';
import { ScreenShell } from '../../components/screens/screen-shell.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AppLink, ButtonLink } from '../../components/ui/button-link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { usePaymentStatus } from './api/get-payment.ts';
import { pricingPath } from './checkout-links.ts';
import { CADENCE_LABEL, SUCCESS_TEXT } from './checkout-text.ts';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export const formatDate = (iso: string) => DATE.format(new Date(iso));

function TestModeNote({ payment }: { payment: Pick<PaymentStatusAnswer, 'test_mode'> }) {
  if (!payment.test_mode) return null;
  return (
    <p className="mt-4">
      <Badge tone="neutral">TEST MODE</Badge> <span className="text-xs">{SUCCESS_TEXT.testMode}</span>
    </p>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2.5">
      <dt className="text-muted-fg">{label}</dt>
      <dd className="font-semibold text-fg [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function Paid({ payment }: { payment: PaymentStatusAnswer }) {
  const plan = getTier(payment.tier).name;
  const returnTo = safeReturnTo(payment.return_to);
  return (
    <ScreenShell
      role="status"
      icon={<BadgeCheck aria-hidden="true" className="h-7 w-7" />}
      title={SUCCESS_TEXT.onPlan(plan)}
      actions={
        <>
          {returnTo && (
            <ButtonLink to={returnTo} size="lg">
              {SUCCESS_TEXT.continue}
            </ButtonLink>
          )}
          <ButtonLink to={ROUTES.subscription} variant={returnTo ? 'outline' : 'primary'} size="lg">
            {SUCCESS_TEXT.manage}
          </ButtonLink>
        </>
      }
    >
      <p>{SUCCESS_TEXT.paidBody}</p>
      <dl className="mt-5 divide-y divide-border rounded-xl border border-border px-4 text-left text-sm">
        <Fact label={SUCCESS_TEXT.plan}>
          {plan}, {CADENCE_LABEL[payment.cadence]}
        </Fact>
        <Fact label={SUCCESS_TEXT.amount}>{formatMoney(payment.amount_minor, payment.currency)}</Fact>
        {payment.method_label && <Fact label={SUCCESS_TEXT.paidWith}>{payment.method_label}</Fact>}
        {payment.receipt_number && (
          <Fact label={SUCCESS_TEXT.receipt}>
            <AppLink
              to={buildPath(ROUTES.subscriptionReceipt, { id: payment.id })}
              className="text-brand-700 underline underline-offset-2 dark:text-brand-500"
            >
              {payment.receipt_number}
            </AppLink>
          </Fact>
        )}
        {payment.period_end && <Fact label={SUCCESS_TEXT.periodEnd}>{formatDate(payment.period_end)}</Fact>}
      </dl>
      <TestModeNote payment={payment} />
    </ScreenShell>
  );
}

const ENDED: Record<
  'failed' | 'cancelled' | 'superseded' | 'refunded',
  { title: string; body: string; retry: boolean }
> = {
  failed: { title: SUCCESS_TEXT.failed, body: SUCCESS_TEXT.failedBody, retry: true },
  cancelled: { title: SUCCESS_TEXT.cancelled, body: SUCCESS_TEXT.cancelledBody, retry: true },
  superseded: { title: SUCCESS_TEXT.superseded, body: SUCCESS_TEXT.supersededBody, retry: false },
  refunded: { title: SUCCESS_TEXT.refunded, body: SUCCESS_TEXT.refundedBody, retry: false },
};

function Ended({ payment }: { payment: PaymentStatusAnswer & { status: keyof typeof ENDED } }) {
  const text = ENDED[payment.status];
  return (
    <ScreenShell
      role="alert"
      tone={payment.status === 'refunded' || payment.status === 'superseded' ? 'neutral' : 'danger'}
      icon={<XCircle aria-hidden="true" className="h-7 w-7" />}
      title={text.title}
      actions={
        <>
          {text.retry && (
            <ButtonLink to={pricingPath({ currency: payment.currency, cadence: payment.cadence })} size="lg">
              {SUCCESS_TEXT.tryAgain}
            </ButtonLink>
          )}
          <ButtonLink to={ROUTES.subscription} variant="outline" size="lg">
            {SUCCESS_TEXT.manage}
          </ButtonLink>
        </>
      }
    >
      <p>{text.body}</p>
      {payment.status === 'failed' && payment.failure_reason && (
        <p className="mt-2 font-medium text-fg">{payment.failure_reason}</p>
      )}
      <TestModeNote payment={payment} />
    </ScreenShell>
  );
}

function Confirming({
  slow,
  onCheckAgain,
  checking,
}: {
  slow: boolean;
  onCheckAgain: () => void;
  checking: boolean;
}) {
  if (slow) {
    return (
      <ScreenShell
        role="status"
        icon={<Clock aria-hidden="true" className="h-7 w-7" />}
        title={SUCCESS_TEXT.slow}
        actions={
          <>
            <Button size="lg" onClick={onCheckAgain} busy={checking}>
              {SUCCESS_TEXT.checkAgain}
            </Button>
            <ButtonLink to={ROUTES.subscription} variant="outline" size="lg">
              {SUCCESS_TEXT.manage}
            </ButtonLink>
          </>
        }
      >
        <p>{SUCCESS_TEXT.slowBody}</p>
      </ScreenShell>
    );
  }
  return (
    <ScreenShell role="status" icon={<Spinner className="h-7 w-7" />} title={SUCCESS_TEXT.confirming}>
      <p>{SUCCESS_TEXT.confirmingBody}</p>
    </ScreenShell>
  );
}

/**
 * /payment-success?payment=ID (issue 17): coming back from the gateway proves nothing, so the page
 * asks the server until the gateway's verified word has settled the payment, then names the plan now
 * active, with the amount and receipt number, or says it failed.
 */
export function PaymentSuccessPage() {
  useDocumentTitle(SUCCESS_TEXT.title);
  const [params] = useSearchParams();
  const id = params.get('payment')?.trim() || null;
  const payment = usePaymentStatus(id);

  if (!id) {
    return (
      <ScreenShell
        icon={<CreditCard aria-hidden="true" className="h-7 w-7" />}
        title={SUCCESS_TEXT.noPayment}
        actions={<ButtonLink to={ROUTES.subscription}>{SUCCESS_TEXT.manage}</ButtonLink>}
      >
        <p>{SUCCESS_TEXT.noPaymentBody}</p>
      </ScreenShell>
    );
  }
  if (payment.isError && !payment.data) {
    if (payment.error instanceof ApiError && payment.error.status === 404) {
      return (
        <ScreenShell
          role="alert"
          icon={<SearchX aria-hidden="true" className="h-7 w-7" />}
          title={SUCCESS_TEXT.notFound}
          actions={<ButtonLink to={ROUTES.subscription}>{SUCCESS_TEXT.manage}</ButtonLink>}
        >
          <p>{SUCCESS_TEXT.notFoundBody}</p>
        </ScreenShell>
      );
    }
    return (
      <ErrorScreen
        detail={payment.error.message}
        onRetry={() => void payment.refetch()}
        retrying={payment.isFetching}
      />
    );
  }
  const data = payment.data;
  if (!data || data.status === 'pending') {
    return (
      <Confirming slow={payment.timedOut} onCheckAgain={payment.checkAgain} checking={payment.isFetching} />
    );
  }
  if (data.status === 'succeeded') return <Paid payment={data} />;
  return <Ended payment={{ ...data, status: data.status }} />;
}
