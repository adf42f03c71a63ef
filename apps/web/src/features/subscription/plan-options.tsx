import {
  BILLING_CADENCES,
  type BillingCadence,
  CHECKOUT_MESSAGES,
  type ChangePlanAnswer,
  type Currency,
  changeKind,
  formatBidsPerMonth,
  formatMoney,
  getTier,
  isPaidTier,
  PAID_TIER_IDS,
  type PricingAnswer,
  planCardPrice,
  planPriceLine,
  type SubscriptionView,
  type TierId,
} from '@adwuma/shared';
import { ArrowDown, ArrowUp, Check } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { ROUTES } from '../../lib/routes.ts';
import { toast } from '../../lib/toast.ts';
import { useStartCheckout } from '../checkout/index.ts';
import { useChangePlan } from './api/subscription.ts';
import { CADENCE_LABELS, formatDate, SUBSCRIPTION_TEXT, tierName } from './format.ts';
import { toastError, useLeaveFor } from './use-leave-for.ts';

type Prices = PricingAnswer['prices'] | undefined;

/**
 * A plan's price on a tile: the dollar price first, the cedi price in `cadence` beside it
 * ("$12/month · GH₵ 150 a month"), whichever currency is paid in.
 */
function priceOf(tier: TierId, prices: Prices, cadence: BillingCadence): string {
  const ghs = isPaidTier(tier) ? prices?.[tier]?.[cadence]?.GHS : undefined;
  return planPriceLine(planCardPrice(getTier(tier), ghs, cadence), cadence);
}

function PlanTile({
  tier,
  price,
  current = false,
  children,
}: {
  tier: TierId;
  price: string;
  current?: boolean;
  children: ReactNode;
}) {
  const def = getTier(tier);
  return (
    <article
      aria-labelledby={`plan-option-${tier}`}
      aria-current={current || undefined}
      className={`flex flex-col rounded-2xl border bg-card p-5 shadow-sm ${
        current ? 'border-brand-600 ring-2 ring-brand-600' : 'border-border'
      }`}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={`plan-option-${tier}`} className="text-lg font-bold">
          {def.name}
        </h3>
        {current && <Badge>{SUBSCRIPTION_TEXT.currentPlan}</Badge>}
      </div>
      <p className="mt-1 text-xl font-extrabold tracking-tight">{price}</p>
      <ul className="mt-3 flex-1 space-y-1.5 text-sm text-muted-fg">
        <li className="flex gap-2">
          <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-leaf-600" />
          {def.commission}% commission, you keep {def.earningsShare}%
        </li>
        <li className="flex gap-2">
          <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-leaf-600" />
          {formatBidsPerMonth(def.bidsPerMonth)} bids a month
        </li>
        <li className="flex gap-2">
          <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-leaf-600" />
          Payouts in {def.payoutDelay}
        </li>
      </ul>
      <div className="mt-4">{children}</div>
    </article>
  );
}

type Confirm =
  | { kind: 'downgrade'; tier: TierId }
  | { kind: 'upgrade'; tier: TierId; answer: Extract<ChangePlanAnswer, { kind: 'upgrade' }> };

/**
 * A paid plan's "Change plan": Starter, Pro and Premium with the current one marked. Moving up asks
 * the server for the prorated amount and shows it before paying; moving down is confirmed and takes
 * effect at the period end.
 */
export function ChangePlan({ view, prices }: { view: SubscriptionView; prices: Prices }) {
  const change = useChangePlan();
  const leave = useLeaveFor();
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [asking, setAsking] = useState<TierId | null>(null);
  const cadence = view.cadence ?? 'monthly';
  const currency = view.currency ?? 'GHS';
  const periodEnd = formatDate(view.current_period_end);

  const upgrade = (tier: TierId) => {
    setAsking(tier);
    change.mutate(
      { tier, cadence },
      {
        onSuccess: (answer) => {
          if (answer.kind === 'upgrade') setConfirm({ kind: 'upgrade', tier, answer });
        },
        onError: toastError,
        onSettled: () => setAsking(null),
      },
    );
  };

  const downgrade = (tier: TierId) => {
    change.mutate(
      { tier },
      {
        onSuccess: (answer) => {
          setConfirm(null);
          const date = formatDate(
            answer.kind === 'downgrade' ? answer.effective_at : view.current_period_end,
          );
          toast.success(`Your plan changes to ${tierName(tier)} on ${date}.`);
        },
        onError: toastError,
      },
    );
  };

  const scheduled = (tier: TierId) =>
    view.pending_tier === tier || (tier === 'starter' && view.cancel_at_period_end);

  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        {(['starter', ...PAID_TIER_IDS] as TierId[]).map((tier) => {
          const kind = changeKind(view.tier, tier);
          const busy = asking === tier;
          return (
            <PlanTile key={tier} tier={tier} price={priceOf(tier, prices, cadence)} current={kind === 'same'}>
              {kind === 'same' ? null : scheduled(tier) ? (
                <p className="text-sm font-semibold text-muted-fg">From {periodEnd}</p>
              ) : kind === 'upgrade' ? (
                <Button
                  className="w-full"
                  busy={busy}
                  disabled={change.isPending}
                  onClick={() => upgrade(tier)}
                >
                  {busy ? (
                    CHECKOUT_MESSAGES.processing
                  ) : (
                    <>
                      <ArrowUp aria-hidden="true" className="h-4 w-4" /> {SUBSCRIPTION_TEXT.upgradeTo(tier)}
                    </>
                  )}
                </Button>
              ) : (
                <Button
                  variant="outline"
                  className="w-full"
                  disabled={change.isPending}
                  onClick={() => setConfirm({ kind: 'downgrade', tier })}
                >
                  <ArrowDown aria-hidden="true" className="h-4 w-4" /> {SUBSCRIPTION_TEXT.downgradeTo(tier)}
                </Button>
              )}
            </PlanTile>
          );
        })}
      </div>

      {confirm?.kind === 'downgrade' && (
        <Dialog
          title={SUBSCRIPTION_TEXT.downgradeTitle(confirm.tier)}
          description={SUBSCRIPTION_TEXT.downgradeBody(confirm.tier, periodEnd, view.tier)}
          onClose={() => setConfirm(null)}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setConfirm(null)}>
              {SUBSCRIPTION_TEXT.notNow}
            </Button>
            <Button busy={change.isPending} onClick={() => downgrade(confirm.tier)}>
              {SUBSCRIPTION_TEXT.confirmDowngrade(confirm.tier)}
            </Button>
          </div>
        </Dialog>
      )}

      {confirm?.kind === 'upgrade' && (
        <UpgradeDialog
          view={view}
          tier={confirm.tier}
          dueMinor={confirm.answer.due_minor}
          priceMinor={isPaidTier(confirm.tier) ? prices?.[confirm.tier]?.[cadence]?.[currency] : undefined}
          busy={leave.running !== null}
          onPay={() => void leave.run('upgrade', async () => confirm.answer)}
          onClose={() => setConfirm(null)}
        />
      )}
    </>
  );
}

function UpgradeDialog({
  view,
  tier,
  dueMinor,
  priceMinor,
  busy,
  onPay,
  onClose,
}: {
  view: SubscriptionView;
  tier: TierId;
  dueMinor: number;
  priceMinor: number | undefined;
  busy: boolean;
  onPay: () => void;
  onClose: () => void;
}) {
  const currency = view.currency ?? 'GHS';
  const cadence = view.cadence ?? 'monthly';
  const due = formatMoney(dueMinor, currency);
  const credit = priceMinor !== undefined && priceMinor >= dueMinor ? priceMinor - dueMinor : null;
  return (
    <Dialog
      title={SUBSCRIPTION_TEXT.upgradeTitle(tier)}
      description={SUBSCRIPTION_TEXT.upgradeBody}
      onClose={onClose}
    >
      <dl className="grid gap-2 rounded-xl bg-muted/70 p-4 text-sm">
        {priceMinor !== undefined && (
          <div className="flex justify-between gap-3">
            <dt>
              {tierName(tier)}, {CADENCE_LABELS[cadence].adjective.toLowerCase()}
            </dt>
            <dd>{formatMoney(priceMinor, currency)}</dd>
          </div>
        )}
        {credit !== null && credit > 0 && (
          <div className="flex justify-between gap-3">
            <dt>Credit for unused {tierName(view.tier)} time</dt>
            <dd>{formatMoney(-credit, currency)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-3 border-t border-border pt-2 font-bold">
          <dt>Due now</dt>
          <dd>{due}</dd>
        </div>
      </dl>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          {SUBSCRIPTION_TEXT.notNow}
        </Button>
        <Button busy={busy} onClick={onPay}>
          {busy ? CHECKOUT_MESSAGES.processing : SUBSCRIPTION_TEXT.payAmount(due)}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * Starter: the paid plans in the provider's currency, each straight to checkout ("Processing..."
 * while the session is made), with a link to the full comparison on /pricing.
 */
export function UpgradeOptions({
  pricing,
  defaultCurrency,
}: {
  pricing: PricingAnswer | undefined;
  defaultCurrency: Currency;
}) {
  const available = (c: Currency) => pricing?.currencies.find((x) => x.currency === c)?.available ?? true;
  const currencies = (['GHS', 'USD'] as const).filter(available);
  const [cadence, setCadence] = useState<BillingCadence>('monthly');
  const [chosen, setCurrency] = useState<Currency>(defaultCurrency);
  // The preferred currency, unless this server cannot take payments in it.
  const currency = available(chosen) ? chosen : (currencies[0] ?? chosen);
  // Dollars are paid monthly by card (spec 7); the yearly choice is for cedis.
  const checkoutCadence: BillingCadence = currency === 'USD' ? 'monthly' : cadence;
  const checkout = useStartCheckout();
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        {currency === 'GHS' && (
          <SegmentedControl
            legend="Billing period"
            value={cadence}
            onChange={setCadence}
            options={BILLING_CADENCES.map((c) => ({ value: c, label: CADENCE_LABELS[c].adjective }))}
          />
        )}
        {currencies.length > 1 && (
          <SegmentedControl
            legend="Currency"
            value={currency}
            onChange={setCurrency}
            options={currencies.map((c) => ({ value: c, label: c === 'GHS' ? 'GH₵ cedis' : 'US$ dollars' }))}
          />
        )}
      </div>
      {!available(currency) && (
        <p className="mt-2 text-sm text-danger">{CHECKOUT_MESSAGES.currencyUnavailable}</p>
      )}
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {PAID_TIER_IDS.map((tier) => {
          const processing = checkout.running === tier;
          return (
            <PlanTile key={tier} tier={tier} price={priceOf(tier, pricing?.prices, checkoutCadence)}>
              <Button
                className="w-full"
                variant={getTier(tier).mostPopular ? 'primary' : 'outline'}
                busy={processing}
                disabled={checkout.running !== null || !available(currency)}
                onClick={() =>
                  void checkout.start({
                    tier,
                    cadence: checkoutCadence,
                    currency: currency === 'GHS' ? 'ghs' : 'usd',
                  })
                }
              >
                {processing ? CHECKOUT_MESSAGES.processing : SUBSCRIPTION_TEXT.choose(tier)}
              </Button>
            </PlanTile>
          );
        })}
      </div>
      <ButtonLink to={ROUTES.pricing} variant="ghost" size="sm" className="mt-3">
        {SUBSCRIPTION_TEXT.comparePlans}
      </ButtonLink>
    </div>
  );
}
