import { CHECKOUT_MESSAGES, getTier, isPaidTier, type SubscriptionView } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, CreditCard, Smartphone } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ErrorScreen } from '../../components/screens/error-screen.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { useSession } from '../auth/index.ts';
import {
  openCardPortal,
  pricingQuery,
  renewSubscription,
  subscriptionQuery,
  useSubscriptionAction,
} from './api/subscription.ts';
import { BillingHistory } from './billing-history.tsx';
import { formatDate, formatPrice, periodLine, SUBSCRIPTION_TEXT } from './format.ts';
import { ChangePlan, UpgradeOptions } from './plan-options.tsx';
import { TestModeBadge, TierBenefits } from './subscription-ui.tsx';
import { errorMessage, toastError, useLeaveFor } from './use-leave-for.ts';

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="mt-8 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8"
    >
      <h2 id={id} className="text-lg font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** How the next period is paid, or nothing when the plan ends or changes. */
function RenewalLine({ view }: { view: SubscriptionView }) {
  const end = formatDate(view.current_period_end);
  if (view.cancel_at_period_end || view.status === 'past_due' || !end) return null;
  if (view.renewal === 'automatic') {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-fg">
        <CreditCard aria-hidden="true" className="h-4 w-4 shrink-0" /> {SUBSCRIPTION_TEXT.renewsWithCard}
      </p>
    );
  }
  if (view.renewal === 'pay_link') {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-fg">
        <Smartphone aria-hidden="true" className="h-4 w-4 shrink-0" /> {SUBSCRIPTION_TEXT.payLink(end)}
      </p>
    );
  }
  return null;
}

function CurrentPlan({ view }: { view: SubscriptionView }) {
  const leave = useLeaveFor();
  const cancel = useSubscriptionAction('cancel');
  const resume = useSubscriptionAction('resume');
  const [asking, setAsking] = useState(false);
  const def = getTier(view.tier);
  const paid = isPaidTier(view.tier);
  const line = periodLine(view);
  const end = formatDate(view.current_period_end);
  const price =
    view.amount_minor !== null && view.currency && view.cadence
      ? formatPrice(view.amount_minor, view.currency, view.cadence)
      : def.priceLabel;

  return (
    <section
      aria-labelledby="current-plan-title"
      className="mt-8 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8"
    >
      <p className="text-sm font-semibold text-muted-fg">{SUBSCRIPTION_TEXT.currentPlan}</p>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <h2 id="current-plan-title" className="text-2xl font-extrabold tracking-tight">
          {def.name}
        </h2>
        {view.status === 'past_due' ? (
          <Badge tone="danger">Past due</Badge>
        ) : (
          <Badge tone="leaf">Active</Badge>
        )}
      </div>
      <p className="mt-2 text-lg font-semibold">{price}</p>
      {line && (
        <p className="mt-1 flex items-center gap-2 text-sm font-medium">
          <CalendarClock aria-hidden="true" className="h-4 w-4 shrink-0 text-muted-fg" /> {line}
        </p>
      )}
      <div className="mt-1">
        <RenewalLine view={view} />
      </div>
      <TierBenefits tier={view.tier} className="mt-5" />

      {view.cancel_at_period_end && end && (
        <Alert tone="info" role="status" title={SUBSCRIPTION_TEXT.planEnds(view.tier, end)} className="mt-5">
          <p>{SUBSCRIPTION_TEXT.planEndsLead}</p>
          <Button
            size="sm"
            className="mt-3"
            busy={resume.isPending}
            onClick={() => resume.mutate(undefined, { onError: toastError })}
          >
            {SUBSCRIPTION_TEXT.keepPlan}
          </Button>
        </Alert>
      )}
      {!view.cancel_at_period_end && view.pending_tier && end && (
        <Alert tone="info" role="status" title={`You keep ${def.name} until ${end}`} className="mt-5">
          <p>Then your plan changes to {getTier(view.pending_tier).name}.</p>
          <Button
            size="sm"
            variant="outline"
            className="mt-3"
            busy={resume.isPending}
            onClick={() => resume.mutate(undefined, { onError: toastError })}
          >
            Keep {def.name}
          </Button>
        </Alert>
      )}

      {paid && (
        <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {view.can_manage_card && (
            <Button
              variant="outline"
              busy={leave.running === 'portal'}
              disabled={leave.running !== null}
              onClick={() => void leave.run('portal', openCardPortal)}
            >
              <CreditCard aria-hidden="true" className="h-4 w-4" /> {SUBSCRIPTION_TEXT.updateCard}
            </Button>
          )}
          {!view.cancel_at_period_end && (
            <Button variant="ghost" className="text-danger" onClick={() => setAsking(true)}>
              {SUBSCRIPTION_TEXT.cancel}
            </Button>
          )}
        </div>
      )}

      {asking && (
        <Dialog
          title={SUBSCRIPTION_TEXT.cancelTitle}
          description={SUBSCRIPTION_TEXT.cancelBody(view.tier, end)}
          onClose={() => setAsking(false)}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setAsking(false)}>
              {SUBSCRIPTION_TEXT.keepSubscription}
            </Button>
            <Button
              variant="danger"
              busy={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, { onSuccess: () => setAsking(false), onError: toastError })
              }
            >
              {SUBSCRIPTION_TEXT.confirmCancel}
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

function PastDue({ view }: { view: SubscriptionView }) {
  const leave = useLeaveFor();
  return (
    <Alert tone="danger" role="alert" title={SUBSCRIPTION_TEXT.pastDueTitle} className="mt-6">
      <p>{SUBSCRIPTION_TEXT.pastDue(view.tier, formatDate(view.grace_until))}</p>
      <Button
        size="sm"
        className="mt-3"
        busy={leave.running !== null}
        onClick={() => void leave.run('renew', renewSubscription)}
      >
        {leave.running ? CHECKOUT_MESSAGES.processing : SUBSCRIPTION_TEXT.payNow}
      </Button>
    </Alert>
  );
}

function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="mt-8 grid gap-4">
      <Skeleton className="h-56" />
      <Skeleton className="h-40" />
    </div>
  );
}

/** /subscription (spec 2, issue 17): the plan, its renewal, changing or cancelling it, and receipts. */
export function SubscriptionPage() {
  useDocumentTitle('Your subscription');
  const { me } = useSession();
  const query = useQuery(subscriptionQuery());
  const pricing = useQuery(pricingQuery());
  const view = query.data;

  let body: ReactNode;
  if (query.isPending) body = <PageSkeleton />;
  else if (query.isError) {
    body =
      query.error instanceof ApiError && query.error.status === 403 ? (
        <Alert title={SUBSCRIPTION_TEXT.providersOnly} className="mt-8">
          <p>{errorMessage(query.error)}</p>
          <ButtonLink to={ROUTES.pricing} size="sm" variant="outline" className="mt-3">
            See the plans
          </ButtonLink>
        </Alert>
      ) : (
        <div className="mt-8">
          <ErrorScreen detail={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        </div>
      );
  } else if (view) {
    const paid = isPaidTier(view.tier);
    body = (
      <>
        {view.status === 'past_due' && view.grace_until && <PastDue view={view} />}
        {view.pending_payment && (
          <Alert title={SUBSCRIPTION_TEXT.pendingPayment} className="mt-6">
            <a
              href={view.pending_payment.url}
              className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-500"
            >
              {SUBSCRIPTION_TEXT.continuePayment}
            </a>
          </Alert>
        )}
        <CurrentPlan view={view} />
        {paid ? (
          // A cancelled plan is kept (Keep my plan) before it is changed.
          !view.cancel_at_period_end && (
            <Panel id="change-plan-title" title="Change plan">
              <ChangePlan view={view} prices={pricing.data?.prices} />
            </Panel>
          )
        ) : view.tier === 'starter' ? (
          <Panel id="upgrade-title" title="Upgrade your plan">
            <p className="mb-4 text-sm text-muted-fg">
              Unlimited bids, a lower commission and faster payouts. Pay by card, or by mobile money in cedis.
            </p>
            <UpgradeOptions
              pricing={pricing.data}
              defaultCurrency={me?.profile.currency_preference === 'USD' ? 'USD' : 'GHS'}
            />
          </Panel>
        ) : null}
        <section aria-labelledby="history-title" className="mt-8">
          <h2 id="history-title" className="mb-4 text-lg font-bold tracking-tight">
            {SUBSCRIPTION_TEXT.historyTitle}
          </h2>
          <BillingHistory payments={view.payments} />
        </section>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <header>
        <p className="text-sm font-semibold text-brand-700 dark:text-brand-500">Account</p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{SUBSCRIPTION_TEXT.title}</h1>
          {view?.test_mode && <TestModeBadge />}
        </div>
        {view?.test_mode && <p className="mt-2 text-sm text-muted-fg">{SUBSCRIPTION_TEXT.testModeNote}</p>}
      </header>
      {body}
    </div>
  );
}
