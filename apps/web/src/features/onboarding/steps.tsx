import {
  CHECKOUT_MESSAGES,
  type Currency,
  formatBidsPerMonth,
  formatDate,
  formatGhanaPhone,
  getTier,
  isPaidTier,
  onboardingPath,
  PAID_TIER_IDS,
  type PaidTierId,
  planCardPrice,
  TIER_IDS,
  type TierId,
  type WizardStep,
} from '@adwuma/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, PartyPopper, Pencil } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { textOf, useLanguage } from '../../i18n/index.ts';
import { fieldErrors } from '../../lib/api.ts';
import {
  acceptTerms,
  keepStarter,
  markIntroSeen,
  onboardingKeys,
  useSummary,
} from '../../lib/onboarding-api.ts';
import { ROUTES } from '../../lib/routes.ts';
import { ME_QUERY_KEY } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useSession } from '../auth/index.ts';
import { useStartCheckout } from '../checkout/index.ts';
import { useCategoryLabels, useSearchFormat } from '../search/index.ts';
import { pricingQuery } from '../subscription/index.ts';
import { useOnboardingText } from './i18n.ts';
import {
  FormError,
  messageOf,
  StepFooter,
  StepIntro,
  type StepProps,
  useStepTitle,
} from './wizard-frame.tsx';

/** Runs a save: busy state, field errors from the server, else one form-level message. */
export function useSave() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const run = async (save: () => Promise<unknown>, then: () => void) => {
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      await save();
      void queryClient.invalidateQueries({ queryKey: ['onboarding'] });
      then();
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      const message = messageOf(error);
      const text = textOf('onboarding');
      setFormError(Object.keys(byField).length > 0 ? text('frame.checkFields') : message);
      toast.error(text('frame.notSaved'), { description: message });
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, formError, run };
}

export function Loading() {
  const { t } = useOnboardingText();
  return (
    <div className="flex justify-center py-10">
      <Spinner label={t('frame.loading')} />
    </div>
  );
}

// ---- welcome ---------------------------------------------------------------------------------------

export function WelcomeStep({ step, next }: StepProps) {
  const { busy, formError, run } = useSave();
  const { t } = useOnboardingText();
  return (
    <div>
      <StepIntro>{t('welcome.intro')}</StepIntro>
      <ul className="mt-4 space-y-2 text-sm text-fg">
        {(['profile', 'location', 'services', 'terms'] as const).map((item) => (
          <li key={item} className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-leaf-600" /> {t(`welcome.items.${item}`)}
          </li>
        ))}
      </ul>
      <FormError message={formError} />
      <StepFooter
        step={step}
        busy={busy}
        continueLabel={t('welcome.start')}
        onContinue={() => run(markIntroSeen, next)}
      />
    </div>
  );
}

// ---- profile, location, services, availability: profile-step.tsx, location-step.tsx, … ---------

// ---- id --------------------------------------------------------------------------------------------

/** The id step is the verification feature's screen. */
export { IdVerificationStep as IdStep } from './id-step.tsx';

// ---- terms -----------------------------------------------------------------------------------------

export function TermsStep({ step, next }: StepProps) {
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { busy, formError, run } = useSave();
  const { t } = useOnboardingText();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!accepted) {
      setError(t('terms.required'));
      return;
    }
    void run(acceptTerms, next);
  };
  return (
    <form onSubmit={submit} noValidate>
      <StepIntro>
        {t('terms.introBefore')}{' '}
        <a
          href={ROUTES.terms}
          target="_blank"
          rel="noreferrer"
          className="font-semibold text-brand-700 underline"
        >
          {t('terms.link')}
        </a>{' '}
        {t('terms.introAfter')}
      </StepIntro>
      <label className="mt-4 flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-border bg-card p-3 text-sm text-fg">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-brand-600"
          checked={accepted}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setAccepted(e.target.checked);
            setError(null);
          }}
        />
        {t('terms.accept')}
      </label>
      {error && (
        <p role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <FormError message={formError} />
      <StepFooter step={step} busy={busy} continueLabel={t('terms.continue')} />
    </form>
  );
}

// ---- subscription ----------------------------------------------------------------------------------

const STEP_TIERS = ['starter', ...PAID_TIER_IDS] as const;
type StepTier = (typeof STEP_TIERS)[number];

/**
 * Starter keeps the free plan. A paid plan first saves the step with Starter (so onboarding goes
 * on whatever happens at checkout), then opens checkout for the chosen plan; paying brings the
 * provider back to the review step, and the plan changes once the payment is verified.
 */
export function SubscriptionStep({ step, next }: StepProps) {
  const { busy, formError, run } = useSave();
  const { me } = useSession();
  const pricing = useQuery(pricingQuery());
  const checkout = useStartCheckout();
  const [choice, setChoice] = useState<StepTier>('starter');
  const currency: Currency = me?.profile.currency_preference === 'USD' ? 'USD' : 'GHS';
  const processing = checkout.running !== null;
  const { t } = useOnboardingText();

  // The dollar price first, the cedi price beside it, whichever currency is paid in (spec 2, 9).
  const priceOf = (tier: StepTier) => {
    const price = planCardPrice(
      getTier(tier),
      isPaidTier(tier) ? pricing.data?.prices[tier]?.monthly?.GHS : undefined,
      'monthly',
    );
    if (!price.monthly) return price.usd;
    const usd = t('subscription.perMonth', { price: price.usd });
    return price.cedis ? `${usd} · ${t('subscription.perMonth', { price: price.cedis })}` : usd;
  };

  const pay = (tier: PaidTierId) =>
    run(keepStarter, () => {
      void checkout.start({
        tier,
        cadence: 'monthly',
        currency: currency === 'USD' ? 'usd' : 'ghs',
        return_to: onboardingPath('review'),
      });
    });

  const onContinue = () => {
    if (isPaidTier(choice)) void pay(choice);
    else void run(keepStarter, next);
  };

  return (
    <div className="space-y-3">
      <StepIntro>{t('subscription.intro')}</StepIntro>
      <div role="radiogroup" aria-label={t('subscription.plan')} className="space-y-3">
        {STEP_TIERS.map((id) => {
          const tier = getTier(id);
          const selected = choice === id;
          return (
            <label
              key={id}
              className={`flex cursor-pointer items-start gap-3 rounded-2xl border bg-card p-4 shadow-sm has-[:focus-visible]:outline-2 ${
                selected ? 'border-brand-600 ring-2 ring-brand-600' : 'border-border'
              }`}
            >
              <input
                type="radio"
                name="plan"
                value={id}
                checked={selected}
                disabled={processing || busy}
                onChange={() => setChoice(id)}
                aria-labelledby={`plan-${id}-name`}
                aria-describedby={`plan-${id}-price plan-${id}-terms`}
                className="mt-1 h-4 w-4 accent-brand-600"
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span id={`plan-${id}-name`} className="text-base font-bold text-fg">
                    {tier.name}
                  </span>
                  <span id={`plan-${id}-price`} className="text-sm font-semibold text-fg">
                    {priceOf(id)}
                  </span>
                </span>
                <span className="mt-1 block text-sm text-muted-fg">{tier.tagline}</span>
                <span id={`plan-${id}-terms`} className="mt-1 block text-xs font-semibold text-muted-fg">
                  {t('subscription.terms', {
                    commission: tier.commission,
                    bids: formatBidsPerMonth(tier.bidsPerMonth),
                    delay: tier.payoutDelay,
                  })}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <FormError message={formError} />
      <StepFooter
        step={step}
        busy={busy || processing}
        continueLabel={
          isPaidTier(choice)
            ? processing || busy
              ? CHECKOUT_MESSAGES.processing
              : t('subscription.pay')
            : t('subscription.keep')
        }
        onContinue={onContinue}
      />
    </div>
  );
}

// ---- review ----------------------------------------------------------------------------------------

/** The plan as the pricing page names it ("Starter"), not its id. */
const tierName = (id: string) =>
  (TIER_IDS as readonly string[]).includes(id) ? getTier(id as TierId).name : id;

function Section({ title, edit, children }: { title: string; edit: string; children: ReactNode }) {
  const { t } = useOnboardingText();
  return (
    <Card className="p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-bold text-fg">{title}</h2>
        <ButtonLink
          to={onboardingPath(edit)}
          variant="ghost"
          size="sm"
          aria-label={t('review.editSection', { section: title })}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" /> {t('review.edit')}
        </ButtonLink>
      </div>
      <div className="mt-1 text-sm text-muted-fg">{children}</div>
    </Card>
  );
}

export function ReviewStep({ step, next }: StepProps) {
  const summary = useSummary();
  const { t } = useOnboardingText();
  const language = useLanguage();
  const { weekday } = useSearchFormat();
  const labels = useCategoryLabels();
  const stepTitle = useStepTitle();
  if (summary.isPending) return <Loading />;
  if (summary.isError) return <Alert tone="danger">{messageOf(summary.error)}</Alert>;
  const s = summary.data;
  const open = s.availability?.days.filter((d) => !d.closed) ?? [];
  // English keeps the step ids it always showed; another language shows the steps' titles.
  const missing = s.status.steps
    .filter((x) => !x.complete && x.id !== 'id')
    .map((x) => (language === 'en' ? x.id : stepTitle(x.id as WizardStep)));
  return (
    <div className="space-y-3">
      <StepIntro>{t('review.intro')}</StepIntro>
      <Section title={t('review.profile')} edit="profile">
        <p>{s.profile.full_name ?? t('review.noName')}</p>
        <p>{s.profile.phone ? formatGhanaPhone(s.profile.phone) : t('review.noPhone')}</p>
        {s.profile.bio && <p className="line-clamp-2">{s.profile.bio}</p>}
      </Section>
      <Section title={t('review.location')} edit="location">
        {s.location ? (
          <p>
            {[s.location.city, s.location.region, s.location.country].filter(Boolean).join(', ')}
            {s.location.search_radius ? t('review.within', { km: s.location.search_radius }) : ''}
          </p>
        ) : (
          <p>{t('review.notSet')}</p>
        )}
      </Section>
      <Section title={t('review.services')} edit="services">
        <p>
          {s.services.categories.map((c) => labels.category(c.slug, c.name)).join(', ') ||
            t('review.noneChosen')}
        </p>
        {s.services.tags.length > 0 && <p>{s.services.tags.join(' · ')}</p>}
      </Section>
      <Section title={t('review.hours')} edit="availability">
        <p>
          {open.length > 0
            ? open.map((d) => `${weekday(d.weekday).slice(0, 3)} ${d.opens}–${d.closes}`).join(', ')
            : t('review.notSet')}
        </p>
      </Section>
      <Section title={t('review.identity')} edit="id">
        <p>{t('review.documents', { done: s.idDocuments.done, required: s.idDocuments.required })}</p>
      </Section>
      <Section title={t('review.terms')} edit="terms">
        <p>
          {s.terms
            ? t('review.acceptedOn', { date: formatDate(s.terms.accepted_at, language, 'short-day') })
            : t('review.notAccepted')}
        </p>
      </Section>
      <Section title={t('review.plan')} edit="subscription">
        <p>{s.subscription ? tierName(s.subscription.subscription_tier) : t('review.notChosen')}</p>
      </Section>
      {missing.length > 0 && (
        <Alert tone="danger" role="status">
          {t('review.todo', { steps: missing.join(', ') })}
        </Alert>
      )}
      <StepFooter step={step} continueLabel={t('review.finish')} onContinue={next} />
    </div>
  );
}

// ---- complete --------------------------------------------------------------------------------------

export function CompleteStep() {
  const queryClient = useQueryClient();
  const { t } = useOnboardingText();
  useEffect(() => {
    // The server finished onboarding on the last save: the session's copy follows.
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: onboardingKeys.status });
  }, [queryClient]);
  return (
    <div className="text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-leaf-600/15 text-leaf-600">
        <PartyPopper aria-hidden="true" className="h-8 w-8" />
      </div>
      <p className="mt-4 text-base text-fg">{t('complete.ready')}</p>
      <p className="mt-1 text-sm text-muted-fg">{t('complete.findable')}</p>
      <ButtonLink to={ROUTES.dashboard} size="lg" className="mt-6 w-full sm:w-auto">
        {t('complete.dashboard')}
      </ButtonLink>
    </div>
  );
}
