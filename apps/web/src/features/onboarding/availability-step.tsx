import {
  AVAILABILITY_TIMEZONE,
  DEFAULT_WEEK,
  type WeeklyAvailabilityRequest,
  weeklyAvailabilitySchema,
} from '@adwuma/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Input } from '../../components/ui/field.tsx';
import { saveAvailability, useSavedAvailability, type WeekAnswer } from '../../lib/onboarding-api.ts';
import { useSearchFormat } from '../search/index.ts';
import { useOnboardingText } from './i18n.ts';
import { Loading, useSave } from './steps.tsx';
import {
  FormError,
  focusById,
  issuesByField,
  messageOf,
  StepFooter,
  StepIntro,
  type StepProps,
  sameValues,
  useDraftOnLeave,
  useStepDraft,
} from './wizard-frame.tsx';

type Day = { weekday: number; closed: boolean; opens: string; closes: string };

function toDays(week: WeekAnswer | typeof DEFAULT_WEEK): Day[] {
  return week.days.map((d) => ({
    weekday: d.weekday,
    closed: d.closed,
    opens: d.opens?.slice(0, 5) ?? '08:00',
    closes: d.closes?.slice(0, 5) ?? '17:00',
  }));
}

function toRequest(days: Day[]): WeeklyAvailabilityRequest {
  return {
    timezone: AVAILABILITY_TIMEZONE,
    days: days.map((d) =>
      d.closed
        ? { weekday: d.weekday, closed: true }
        : { weekday: d.weekday, closed: false, opens: d.opens, closes: d.closes },
    ),
  };
}

/**
 * Availability step: weekly hours per day and days off, Ghana time. Checked with the shared schema
 * before the save (closing after opening, quarter hours, one open day); the server checks it again.
 */
export function AvailabilityStep({ step, next }: StepProps) {
  const uid = useId();
  const saved = useSavedAvailability();
  const draft = useStepDraft<Day[]>('availability');
  const [days, setDays] = useState<Day[] | null>(() => draft.read() ?? null);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const done = useRef(false);
  const { busy, errors: serverErrors, formError, run } = useSave();
  const { t } = useOnboardingText();
  const { weekday: weekdayName } = useSearchFormat();
  useEffect(() => {
    if (saved.isSuccess && days === null) setDays(toDays(saved.data.availability ?? DEFAULT_WEEK));
  }, [saved.isSuccess, saved.data, days]);

  useDraftOnLeave(draft, () => {
    if (done.current || !days) return null;
    const stored = saved.data ? toDays(saved.data.availability ?? DEFAULT_WEEK) : null;
    return sameValues(days, stored) ? null : days;
  });

  if (!days) return saved.isError ? <Alert tone="danger">{messageOf(saved.error)}</Alert> : <Loading />;
  const errors = { ...serverErrors, ...localErrors };
  const fieldId = (weekday: number, part: 'opens' | 'closes' | 'open') => `${uid}-${weekday}-${part}`;

  const update = (weekday: number, patch: Partial<Day>) => {
    setDays(days.map((d) => (d.weekday === weekday ? { ...d, ...patch } : d)));
    setLocalErrors({});
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const request = toRequest(days);
    const check = weeklyAvailabilitySchema.safeParse(request);
    if (!check.success) {
      const found = issuesByField(check.error.issues);
      setLocalErrors(found);
      // The first invalid time in the week's order, else the first day's switch.
      const first = days
        .flatMap((d, i) => [
          found[`days.${i}.opens`] ? fieldId(d.weekday, 'opens') : null,
          found[`days.${i}.closes`] ? fieldId(d.weekday, 'closes') : null,
        ])
        .find(Boolean);
      focusById(first ?? (days[0] ? fieldId(days[0].weekday, 'open') : null));
      return;
    }
    setLocalErrors({});
    void run(
      () => saveAvailability(request),
      () => {
        done.current = true;
        next();
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <StepIntro>{t('availability.intro')}</StepIntro>
      {days.map((day, index) => {
        const name = weekdayName(day.weekday);
        const opensError = errors[`days.${index}.opens`];
        const closesError = errors[`days.${index}.closes`];
        const error = opensError ?? closesError;
        const errorId = `${uid}-${day.weekday}-error`;
        return (
          <div
            key={day.weekday}
            className={`rounded-xl border bg-card p-3 ${error ? 'border-danger/60' : 'border-border'}`}
          >
            <div className="flex items-center justify-between gap-3">
              <span className="text-sm font-semibold text-fg">{name}</span>
              <label className="flex min-h-11 items-center gap-2 text-sm text-fg">
                <input
                  id={fieldId(day.weekday, 'open')}
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={!day.closed}
                  onChange={(e) => update(day.weekday, { closed: !e.target.checked })}
                  aria-label={t('availability.openOn', { day: name })}
                />
                {day.closed ? t('availability.closed') : t('availability.open')}
              </label>
            </div>
            {!day.closed && (
              <div className="mt-2 grid grid-cols-2 gap-2">
                <label htmlFor={fieldId(day.weekday, 'opens')} className="text-xs text-muted-fg">
                  {t('availability.opens')}
                  <Input
                    id={fieldId(day.weekday, 'opens')}
                    type="time"
                    step={900}
                    aria-label={t('availability.dayOpens', { day: name })}
                    aria-invalid={opensError ? true : undefined}
                    aria-describedby={opensError ? errorId : undefined}
                    value={day.opens}
                    onChange={(e) => update(day.weekday, { opens: e.target.value })}
                  />
                </label>
                <label htmlFor={fieldId(day.weekday, 'closes')} className="text-xs text-muted-fg">
                  {t('availability.closes')}
                  <Input
                    id={fieldId(day.weekday, 'closes')}
                    type="time"
                    step={900}
                    aria-label={t('availability.dayCloses', { day: name })}
                    aria-invalid={closesError ? true : undefined}
                    aria-describedby={closesError ? errorId : undefined}
                    value={day.closes}
                    onChange={(e) => update(day.weekday, { closes: e.target.value })}
                  />
                </label>
              </div>
            )}
            {error && (
              <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-danger">
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
