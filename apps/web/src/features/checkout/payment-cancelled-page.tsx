import { CHECKOUT_MESSAGES, formatMoney, getTier, isPaidTier } from '@adwuma/shared';
import { BadgeCheck, CircleSlash } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ScreenShell } from '../../components/screens/screen-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { useStartCheckout } from './api/create-checkout-session.ts';
import { usePaymentStatus } from './api/get-payment.ts';
import { paymentSuccessPath, pricingPath } from './checkout-links.ts';
import { CADENCE_LABEL, CANCELLED_TEXT } from './checkout-text.ts';

/**
 * /payment-cancelled?payment=ID (issue 17): the payer left the gateway's checkout. Nothing was
 * charged; they can start the same checkout again (plan, cadence and currency from the payment), pick
 * another plan, or go to their subscription.
 */
export function PaymentCancelledPage() {
  useDocumentTitle(CANCELLED_TEXT.title);
  const [params] = useSearchParams();
  const id = params.get('payment')?.trim() || null;
  // One look is enough here: nothing is awaited.
  const payment = usePaymentStatus(id, { poll: false });
  const { start, running } = useStartCheckout();
  const data = payment.data;

  if (data?.status === 'succeeded') {
    return (
      <ScreenShell
        role="status"
        icon={<BadgeCheck aria-hidden="true" className="h-7 w-7" />}
        title={CANCELLED_TEXT.paidAfterAll}
        actions={<ButtonLink to={paymentSuccessPath(data.id)}>{CANCELLED_TEXT.seeResult}</ButtonLink>}
      >
        <p>{CANCELLED_TEXT.paidAfterAllBody}</p>
      </ScreenShell>
    );
  }

  const tier = data && isPaidTier(data.tier) ? data.tier : null;
  // A new subscription starts over with the same choice; a renewal or an upgrade is paid from /subscription.
  const retry =
    data && tier && data.purpose === 'subscription'
      ? { tier, cadence: data.cadence, currency: data.currency, returnTo: data.return_to }
      : null;
  const retryLink = data && data.purpose !== 'subscription' ? ROUTES.subscription : pricingPath();

  return (
    <ScreenShell
      icon={<CircleSlash aria-hidden="true" className="h-7 w-7" />}
      title={CANCELLED_TEXT.title}
      actions={
        <>
          {retry ? (
            <Button
              size="lg"
              busy={running !== null}
              onClick={() =>
                void start({
                  tier: retry.tier,
                  cadence: retry.cadence,
                  currency: retry.currency === 'USD' ? 'usd' : 'ghs',
                  ...(retry.returnTo ? { return_to: retry.returnTo } : {}),
                })
              }
            >
              {running ? CHECKOUT_MESSAGES.processing : CANCELLED_TEXT.tryAgain}
            </Button>
          ) : (
            <ButtonLink to={retryLink} size="lg">
              {CANCELLED_TEXT.tryAgain}
            </ButtonLink>
          )}
          {retry && (
            <ButtonLink
              to={pricingPath({ currency: retry.currency, cadence: retry.cadence })}
              variant="outline"
              size="lg"
            >
              {CANCELLED_TEXT.otherPlan}
            </ButtonLink>
          )}
          <ButtonLink to={ROUTES.subscription} variant="ghost" size="lg">
            {CANCELLED_TEXT.subscription}
          </ButtonLink>
        </>
      }
    >
      <p>{CANCELLED_TEXT.body}</p>
      {data && tier && (
        <p className="mt-2 font-medium text-fg">
          {CANCELLED_TEXT.planLine(
            getTier(tier).name,
            CADENCE_LABEL[data.cadence],
            formatMoney(data.amount_minor, data.currency),
          )}
        </p>
      )}
    </ScreenShell>
  );
}
