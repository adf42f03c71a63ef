import {
  BIO_MAX,
  DEFAULT_WEEK,
  formatGhanaPhone,
  onboardingPath,
  SUBSCRIPTION_MESSAGES,
  TIERS,
  WEEKDAY_NAMES,
} from '@adwuma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, IdCard, PartyPopper, Pencil } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, Input, PhoneInput, Textarea } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { fieldErrors } from '../../lib/api.ts';
import { ROUTES } from '../../lib/routes.ts';
import { ME_QUERY_KEY } from '../../lib/session.ts';
import { useSession } from '../auth/auth-provider.tsx';
import { AvatarField } from '../profile/avatar-field.tsx';
import {
  acceptTerms,
  keepStarter,
  markIntroSeen,
  onboardingKeys,
  saveAvailability,
  saveProfile,
  saveServices,
  useCategories,
  useSavedAvailability,
  useSavedServices,
  useSummary,
  type WeekAnswer,
} from './api.ts';
import { FormError, messageOf, StepFooter, StepIntro, type StepProps } from './wizard-frame.tsx';

/** Runs a save: busy state, field errors from the server, else one form-level message. */
function useSave() {
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
      setFormError(Object.keys(byField).length > 0 ? 'Check the highlighted fields.' : message);
      toast.error('Not saved', { description: message });
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, formError, run };
}

function Loading() {
  return (
    <div className="flex justify-center py-10">
      <Spinner label="Loading" />
    </div>
  );
}

// ---- welcome ---------------------------------------------------------------------------------------

export function WelcomeStep({ step, next }: StepProps) {
  const { busy, formError, run } = useSave();
  return (
    <div>
      <StepIntro>
        Set up your provider profile in a few short steps: who you are, where you work, what you offer and
        when. Customers in your area can then find and book you.
      </StepIntro>
      <ul className="mt-4 space-y-2 text-sm text-fg">
        {['Profile and phone', 'Location and travel distance', 'Services and hours', 'Terms and plan'].map(
          (item) => (
            <li key={item} className="flex items-center gap-2">
              <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-leaf-600" /> {item}
            </li>
          ),
        )}
      </ul>
      <FormError message={formError} />
      <StepFooter
        step={step}
        busy={busy}
        continueLabel="Get started"
        onContinue={() => run(markIntroSeen, next)}
      />
    </div>
  );
}

// ---- profile ---------------------------------------------------------------------------------------

export function ProfileStep({ step, next }: StepProps) {
  const { me } = useSession();
  const uid = useId();
  const [values, setValues] = useState({
    full_name: me?.profile.full_name ?? '',
    phone: me?.profile.phone ? formatGhanaPhone(me.profile.phone) : '',
    bio: me?.profile.bio ?? '',
  });
  const { busy, errors, formError, run } = useSave();
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => saveProfile(values), next);
  };
  const avatarUrl = me?.profile.avatar_url ?? null;
  const queryClient = useQueryClient();
  // The photo is half of the core "profile" item (spec 4): a new one changes the onboarding status.
  useEffect(() => {
    void avatarUrl;
    void queryClient.invalidateQueries({ queryKey: ['onboarding'] });
  }, [avatarUrl, queryClient]);
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <StepIntro>Customers see your photo, name and bio. Your phone is for bookings.</StepIntro>
      <fieldset className="rounded-xl border border-border bg-card p-4">
        <legend className="px-1 text-sm font-semibold text-fg">Profile photo</legend>
        <AvatarField avatarUrl={avatarUrl} name={values.full_name || me?.profile.full_name || ''} />
        {!avatarUrl && (
          <p className="mt-3 text-xs text-muted-fg">
            A clear photo of your face helps customers trust you, and it is needed for a complete profile.
          </p>
        )}
      </fieldset>
      <Field id={`${uid}-name`} label="Full name" error={errors.full_name}>
        {(c) => <Input {...c} autoComplete="name" value={values.full_name} onChange={set('full_name')} />}
      </Field>
      <Field id={`${uid}-phone`} label="Phone" hint="A Ghana number, e.g. 024 123 4567" error={errors.phone}>
        {(c) => <PhoneInput {...c} value={values.phone} onChange={set('phone')} />}
      </Field>
      <Field
        id={`${uid}-bio`}
        label="Bio"
        hint={`${values.bio.length}/${BIO_MAX} · What you do and how long you've done it`}
        error={errors.bio}
      >
        {(c) => <Textarea {...c} maxLength={BIO_MAX} value={values.bio} onChange={set('bio')} />}
      </Field>
      <FormError message={formError} />
      <StepFooter step={step} busy={busy} />
    </form>
  );
}

// ---- services --------------------------------------------------------------------------------------

export function ServicesStep({ step, next }: StepProps) {
  const categories = useCategories();
  const saved = useSavedServices();
  const uid = useId();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [tags, setTags] = useState<string[] | null>(null);
  const [tagText, setTagText] = useState('');
  const { busy, errors, formError, run } = useSave();

  useEffect(() => {
    if (saved.data && chosen === null) {
      setChosen(saved.data.categories.map((c) => c.slug));
      setTags(saved.data.tags);
    }
  }, [saved.data, chosen]);

  if (categories.isPending || saved.isPending) return <Loading />;
  if (categories.isError) return <Alert tone="danger">{messageOf(categories.error)}</Alert>;
  const picked = chosen ?? [];
  const tagList = tags ?? [];
  const toggle = (slug: string) =>
    setChosen(picked.includes(slug) ? picked.filter((s) => s !== slug) : [...picked, slug]);
  const addTag = () => {
    const tag = tagText.trim();
    if (tag && !tagList.some((t) => t.toLowerCase() === tag.toLowerCase())) setTags([...tagList, tag]);
    setTagText('');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const all = tagText.trim() ? [...tagList, tagText.trim()] : tagList;
    void run(() => saveServices({ categories: picked, tags: all }), next);
  };
  const tagError = Object.entries(errors).find(([k]) => k.startsWith('tags'))?.[1];
  const categoryError = Object.entries(errors).find(([k]) => k.startsWith('categories'))?.[1];

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <StepIntro>Choose the categories you work in, then name the services you offer.</StepIntro>
      <fieldset aria-describedby={categoryError ? `${uid}-cat-error` : undefined}>
        <legend className="text-sm font-semibold text-fg">Categories</legend>
        <div className="mt-2 space-y-4">
          {categories.data.groups.map((group) => (
            <div key={group.slug}>
              <h2 className="text-xs font-semibold uppercase tracking-wide text-muted-fg">{group.name}</h2>
              <div className="mt-2 grid gap-2">
                {group.categories.map((cat) => (
                  <label
                    key={cat.slug}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-border bg-card px-3 py-2 text-sm has-[:checked]:border-brand-600"
                  >
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-brand-600"
                      checked={picked.includes(cat.slug)}
                      onChange={() => toggle(cat.slug)}
                    />
                    <span className="text-fg">{cat.name}</span>
                  </label>
                ))}
              </div>
            </div>
          ))}
        </div>
        {categoryError && (
          <p id={`${uid}-cat-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
            {categoryError}
          </p>
        )}
      </fieldset>
      <Field
        id={`${uid}-tag`}
        label="Services you offer"
        optional
        hint="e.g. Knotless braids. Press Enter to add each one."
        error={tagError}
      >
        {(c) => (
          <div className="flex gap-2">
            <Input
              {...c}
              value={tagText}
              onChange={(e) => setTagText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addTag();
                }
              }}
            />
            <button
              type="button"
              onClick={addTag}
              className="min-h-11 rounded-xl border border-border px-3 text-sm font-semibold text-fg hover:bg-muted"
            >
              Add
            </button>
          </div>
        )}
      </Field>
      {tagList.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Your services">
          {tagList.map((tag) => (
            <li key={tag} className="flex items-center gap-1 rounded-full bg-muted px-3 py-1 text-sm text-fg">
              {tag}
              <button
                type="button"
                aria-label={`Remove ${tag}`}
                className="ml-1 text-muted-fg hover:text-danger"
                onClick={() => setTags(tagList.filter((t) => t !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={formError} />
      <StepFooter step={step} busy={busy} />
    </form>
  );
}

// ---- availability ----------------------------------------------------------------------------------

type Day = { weekday: number; closed: boolean; opens: string; closes: string };

function toDays(week: WeekAnswer | typeof DEFAULT_WEEK): Day[] {
  return week.days.map((d) => ({
    weekday: d.weekday,
    closed: d.closed,
    opens: d.opens?.slice(0, 5) ?? '08:00',
    closes: d.closes?.slice(0, 5) ?? '17:00',
  }));
}

export function AvailabilityStep({ step, next }: StepProps) {
  const uid = useId();
  const saved = useSavedAvailability();
  const [days, setDays] = useState<Day[] | null>(null);
  const { busy, errors, formError, run } = useSave();
  useEffect(() => {
    if (saved.isSuccess && days === null) setDays(toDays(saved.data.availability ?? DEFAULT_WEEK));
  }, [saved.isSuccess, saved.data, days]);
  if (!days) return saved.isError ? <Alert tone="danger">{messageOf(saved.error)}</Alert> : <Loading />;

  const update = (weekday: number, patch: Partial<Day>) =>
    setDays(days.map((d) => (d.weekday === weekday ? { ...d, ...patch } : d)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(
      () =>
        saveAvailability({
          timezone: 'Africa/Accra',
          days: days.map((d) =>
            d.closed
              ? { weekday: d.weekday, closed: true }
              : { weekday: d.weekday, closed: false, opens: d.opens, closes: d.closes },
          ),
        }),
      next,
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <StepIntro>Hours are Ghana time. Use 15-minute steps.</StepIntro>
      {days.map((day, index) => {
        const name = WEEKDAY_NAMES[day.weekday] ?? String(day.weekday);
        const error = errors[`days.${index}.opens`] ?? errors[`days.${index}.closes`];
        return (
          <div key={day.weekday} className="rounded-xl border border-border bg-card p-3">
            <div className="flex items-center justify-between gap-3">
              <span className="text-sm font-semibold text-fg">{name}</span>
              <label className="flex min-h-11 items-center gap-2 text-sm text-fg">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={!day.closed}
                  onChange={(e) => update(day.weekday, { closed: !e.target.checked })}
                  aria-label={`Open on ${name}`}
                />
                {day.closed ? 'Closed' : 'Open'}
              </label>
            </div>
            {!day.closed && (
              <div className="mt-2 grid grid-cols-2 gap-2">
                <label htmlFor={`${uid}-${day.weekday}-opens`} className="text-xs text-muted-fg">
                  Opens
                  <Input
                    id={`${uid}-${day.weekday}-opens`}
                    type="time"
                    step={900}
                    aria-label={`${name} opens`}
                    aria-invalid={error ? true : undefined}
                    value={day.opens}
                    onChange={(e) => update(day.weekday, { opens: e.target.value })}
                  />
                </label>
                <label htmlFor={`${uid}-${day.weekday}-closes`} className="text-xs text-muted-fg">
                  Closes
                  <Input
                    id={`${uid}-${day.weekday}-closes`}
                    type="time"
                    step={900}
                    aria-label={`${name} closes`}
                    aria-invalid={error ? true : undefined}
                    value={day.closes}
                    onChange={(e) => update(day.weekday, { closes: e.target.value })}
                  />
                </label>
              </div>
            )}
            {error && (
              <p role="alert" className="mt-1.5 text-sm font-medium text-danger">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {errors.days && (
        <p role="alert" className="text-sm font-medium text-danger">
          {errors.days}
        </p>
      )}
      <FormError message={formError} />
      <StepFooter step={step} busy={busy} />
    </form>
  );
}

// ---- id --------------------------------------------------------------------------------------------

export function IdStep({ step, next }: StepProps) {
  return (
    <div>
      <Card>
        <div className="flex gap-3">
          <IdCard aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
          <div className="text-sm text-fg">
            <p className="font-semibold">Identity verification is coming</p>
            <p className="mt-1 text-muted-fg">
              You will verify with your Ghana Card (front and back) and a selfie. Uploading arrives with the
              verification feature; until then you can continue, and we will ask you when it opens.
            </p>
          </div>
        </div>
      </Card>
      <StepFooter step={step} onContinue={next} />
    </div>
  );
}

// ---- terms -----------------------------------------------------------------------------------------

export function TermsStep({ step, next }: StepProps) {
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { busy, formError, run } = useSave();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!accepted) {
      setError('Accept the terms to continue');
      return;
    }
    void run(acceptTerms, next);
  };
  return (
    <form onSubmit={submit} noValidate>
      <StepIntro>
        Read the{' '}
        <a
          href={ROUTES.terms}
          target="_blank"
          rel="noreferrer"
          className="font-semibold text-brand-700 underline"
        >
          terms of service
        </a>{' '}
        for providers: fair pricing, showing up as booked, and respectful conduct.
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
        I have read and accept the Adwuma provider terms
      </label>
      {error && (
        <p role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <FormError message={formError} />
      <StepFooter step={step} busy={busy} continueLabel="Accept and continue" />
    </form>
  );
}

// ---- subscription ----------------------------------------------------------------------------------

export function SubscriptionStep({ step, next }: StepProps) {
  const { busy, formError, run } = useSave();
  return (
    <div className="space-y-3">
      <StepIntro>Start free on Starter. You can change your plan later.</StepIntro>
      {TIERS.map((tier) => {
        const starter = tier.id === 'starter';
        return (
          <Card
            key={tier.id}
            className={starter ? 'border-brand-600' : 'opacity-70'}
            aria-disabled={!starter}
          >
            <div className="flex items-baseline justify-between gap-2">
              <h2 className="text-base font-bold text-fg">{tier.name}</h2>
              <span className="text-sm font-semibold text-fg">{tier.priceLabel}</span>
            </div>
            <p className="mt-1 text-sm text-muted-fg">{tier.tagline}</p>
            {!starter && (
              <p className="mt-2 text-xs font-semibold text-muted-fg">Paid plans open with payments</p>
            )}
          </Card>
        );
      })}
      <Alert>{SUBSCRIPTION_MESSAGES.paidNotYet}</Alert>
      <FormError message={formError} />
      <StepFooter
        step={step}
        busy={busy}
        continueLabel="Keep Starter free"
        onContinue={() => run(keepStarter, next)}
      />
    </div>
  );
}

// ---- review ----------------------------------------------------------------------------------------

function Section({ title, edit, children }: { title: string; edit: string; children: ReactNode }) {
  return (
    <Card className="p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-bold text-fg">{title}</h2>
        <ButtonLink to={onboardingPath(edit)} variant="ghost" size="sm" aria-label={`Edit ${title}`}>
          <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
        </ButtonLink>
      </div>
      <div className="mt-1 text-sm text-muted-fg">{children}</div>
    </Card>
  );
}

export function ReviewStep({ step, next }: StepProps) {
  const summary = useSummary();
  if (summary.isPending) return <Loading />;
  if (summary.isError) return <Alert tone="danger">{messageOf(summary.error)}</Alert>;
  const s = summary.data;
  const open = s.availability?.days.filter((d) => !d.closed) ?? [];
  const missing = s.status.steps.filter((x) => !x.complete && x.id !== 'id').map((x) => x.id);
  return (
    <div className="space-y-3">
      <StepIntro>Check your details. Edit anything before you finish.</StepIntro>
      <Section title="Profile" edit="profile">
        <p>{s.profile.full_name ?? 'No name yet'}</p>
        <p>{s.profile.phone ? formatGhanaPhone(s.profile.phone) : 'No phone yet'}</p>
        {s.profile.bio && <p className="line-clamp-2">{s.profile.bio}</p>}
      </Section>
      <Section title="Location" edit="location">
        {s.location ? (
          <p>
            {[s.location.city, s.location.region, s.location.country].filter(Boolean).join(', ')}
            {s.location.search_radius ? ` · within ${s.location.search_radius} km` : ''}
          </p>
        ) : (
          <p>Not set</p>
        )}
      </Section>
      <Section title="Services" edit="services">
        <p>{s.services.categories.map((c) => c.name).join(', ') || 'None chosen'}</p>
        {s.services.tags.length > 0 && <p>{s.services.tags.join(' · ')}</p>}
      </Section>
      <Section title="Hours" edit="availability">
        <p>
          {open.length > 0
            ? open.map((d) => `${WEEKDAY_NAMES[d.weekday]?.slice(0, 3)} ${d.opens}–${d.closes}`).join(', ')
            : 'Not set'}
        </p>
      </Section>
      <Section title="Identity" edit="id">
        <p>
          {s.idDocuments.done} of {s.idDocuments.required} documents · coming with verification
        </p>
      </Section>
      <Section title="Terms" edit="terms">
        <p>{s.terms ? `Accepted (${s.terms.terms_version})` : 'Not accepted'}</p>
      </Section>
      <Section title="Plan" edit="subscription">
        <p>{s.subscription ? s.subscription.subscription_tier : 'Not chosen'}</p>
      </Section>
      {missing.length > 0 && (
        <Alert tone="danger" role="status">
          Still to do: {missing.join(', ')}
        </Alert>
      )}
      <StepFooter step={step} continueLabel="Finish" onContinue={next} />
    </div>
  );
}

// ---- complete --------------------------------------------------------------------------------------

export function CompleteStep() {
  const queryClient = useQueryClient();
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
      <p className="mt-4 text-base text-fg">Akwaaba! Your provider profile is ready.</p>
      <p className="mt-1 text-sm text-muted-fg">Customers near you can now find your services.</p>
      <ButtonLink to={ROUTES.dashboard} size="lg" className="mt-6 w-full sm:w-auto">
        Go to your dashboard
      </ButtonLink>
    </div>
  );
}
