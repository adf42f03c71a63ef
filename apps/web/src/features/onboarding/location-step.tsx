import { LOCATION_MESSAGES, locationSaveRequestSchema, validateLocationForSave } from '@adwuma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { ApiError, fieldErrors } from '../../lib/api.ts';
import { saveLocation } from '../../lib/onboarding-api.ts';
import { toast } from '../../lib/toast.ts';
import { useSession } from '../auth/index.ts';
import { useLocationContext } from '../location/index.ts';
import { useOnboardingText } from './i18n.ts';
import { PlaceFinder, usePlaceFinder } from './location-finder.tsx';
import { type LocationValues, locationRequest, valuesFromLocation } from './location-values.ts';
import { ServiceAreaEditor } from './service-area-editor.tsx';
import { Loading } from './steps.tsx';
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

/** Field messages keyed as the form shows them: every service area under 'service_areas'. */
function byFormField(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = key.startsWith('service_areas') ? 'service_areas' : key;
    out[name] ??= message;
  }
  return out;
}

export { type LocationValues, locationRequest, valuesFromLocation } from './location-values.ts';

/**
 * Spec 5 location step: search, device location (through the location context) or a point on the
 * map, then the details and the service area; checked with spec 5's save rules before it is saved
 * as confirmed ('user') with spec 8's messages.
 */
export function LocationStep({ step, next }: StepProps) {
  const uid = useId();
  const { user } = useSession();
  const locationContext = useLocationContext();
  const { load, operationalLocation, isInitialized, loadedForUserId, loadError } = locationContext;
  const queryClient = useQueryClient();
  const draft = useStepDraft<LocationValues>('location');
  const [values, setValues] = useState<LocationValues | null>(() => draft.read() ?? null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const done = useRef(false);
  const { t } = useOnboardingText();
  const loaded = isInitialized && loadedForUserId === user?.id;

  useEffect(() => {
    load().catch(() => {
      // shown from loadError
    });
  }, [load]);

  useEffect(() => {
    if (loaded && values === null) setValues(valuesFromLocation(operationalLocation));
  }, [loaded, operationalLocation, values]);

  useDraftOnLeave(draft, () => {
    if (done.current || !values) return null;
    return loaded && sameValues(values, valuesFromLocation(operationalLocation)) ? null : values;
  });

  const clearError = (...names: string[]) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !names.includes(k))));
  const finder = usePlaceFinder({ setValues, setErrors, clearError });

  if (!values) {
    if (loadError) {
      return (
        <Alert tone="danger" role="alert" title={t('location.loadFailed')}>
          <p>{messageOf(loadError)}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void load().catch(() => {})}>
            {t('location.retry')}
          </Button>
        </Alert>
      );
    }
    return <Loading />;
  }
  const v = values;
  // Functional updates: one event may change several fields (an area added, its box emptied).
  const patch = (changes: Partial<LocationValues>) => setValues((prev) => prev && { ...prev, ...changes });
  const set =
    (name: 'city' | 'region' | 'country' | 'address' | 'neighbourhood' | 'digital_address') =>
    (e: { target: { value: string } }) => {
      patch({ [name]: e.target.value });
      clearError(name);
    };

  const invalid = (found: Record<string, string>, message: string, toastTitle: string) => {
    setErrors(found);
    setFormError(message);
    toast.error(toastTitle);
    const order = [
      'latitude',
      'longitude',
      'location',
      'city',
      'region',
      'country',
      'neighbourhood',
      'address',
      'digital_address',
      'search_radius',
      'service_areas',
    ];
    const first = order.find((name) => found[name]) ?? Object.keys(found)[0];
    const target =
      first === 'latitude' || first === 'longitude' || first === 'location' ? 'q' : (first ?? null);
    focusById(target ? `${uid}-${target}` : null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const request = locationRequest(v);
    // Spec 5 save rules, with spec 8's messages, before anything is sent.
    const check = validateLocationForSave(request);
    if (!check.ok) {
      const found = Object.fromEntries(check.fields.map((f) => [f.field, f.message]));
      invalid(
        found,
        check.message,
        check.message === LOCATION_MESSAGES.invalidData ? LOCATION_MESSAGES.invalidDataToast : check.message,
      );
      return;
    }
    const shape = locationSaveRequestSchema.safeParse(request);
    if (!shape.success) {
      invalid(
        byFormField(issuesByField(shape.error.issues)),
        LOCATION_MESSAGES.invalidData,
        LOCATION_MESSAGES.invalidDataToast,
      );
      return;
    }
    // Spec 5: saving needs a signed-in user (the session may have ended while the step was open).
    if (!user) {
      setFormError(LOCATION_MESSAGES.signInToSave);
      toast.error(LOCATION_MESSAGES.signInToSave);
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError(null);
    const id = toast.loading(LOCATION_MESSAGES.saving);
    try {
      const answer = await saveLocation(request);
      toast.success(LOCATION_MESSAGES.saved, {
        id,
        description: answer.warnings.length > 0 ? answer.warnings.join(' ') : undefined,
      });
      done.current = true;
      locationContext.setOperationalLocation(answer.location);
      void queryClient.invalidateQueries({ queryKey: ['onboarding'] });
      next();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setFormError(LOCATION_MESSAGES.signInToSave);
        toast.error(LOCATION_MESSAGES.signInToSave, { id });
        return;
      }
      setErrors(byFormField(fieldErrors(error)));
      const message = messageOf(error);
      // Spec 8: the toast says 'Save failed: …', the form 'Failed to save location: …'.
      setFormError(LOCATION_MESSAGES.failedToSave(message));
      toast.error(LOCATION_MESSAGES.saveFailed(message), { id });
    } finally {
      setBusy(false);
    }
  };

  const text = (
    name: 'city' | 'region' | 'country' | 'address' | 'neighbourhood' | 'digital_address',
    label: string,
    opts: { hint?: string; optional?: boolean; autoComplete?: string } = {},
  ) => (
    <Field id={`${uid}-${name}`} label={label} hint={opts.hint} optional={opts.optional} error={errors[name]}>
      {(c) => <Input {...c} autoComplete={opts.autoComplete} value={v[name]} onChange={set(name)} />}
    </Field>
  );
  const pointError = errors.latitude ?? errors.longitude ?? errors.location;

  return (
    <div className="space-y-4">
      <StepIntro>{t('location.intro')}</StepIntro>
      <PlaceFinder uid={uid} v={v} finder={finder} pointError={pointError} />
      <form onSubmit={submit} noValidate className="space-y-4">
        {text('city', t('location.city'), { autoComplete: 'address-level2' })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('region', t('location.region'), { optional: true, autoComplete: 'address-level1' })}
          {text('country', t('location.country'), { autoComplete: 'country-name' })}
        </div>
        {text('neighbourhood', t('location.neighbourhood'), { optional: true })}
        {text('address', t('location.address'), { optional: true, hint: t('location.addressHint') })}
        {text('digital_address', t('location.digitalAddress'), {
          optional: true,
          hint: t('location.digitalAddressHint'),
        })}
        <ServiceAreaEditor
          idPrefix={uid}
          radius={v.search_radius}
          onRadiusChange={(km) => {
            patch({ search_radius: km });
            clearError('search_radius');
          }}
          areas={v.service_areas}
          onAreasChange={(areas) => {
            patch({ service_areas: areas });
            clearError('service_areas');
          }}
          pending={v.pending_area}
          onPendingChange={(pending_area) => patch({ pending_area })}
          suggestions={[v.neighbourhood, v.city]}
          radiusError={errors.search_radius}
          areasError={errors.service_areas}
        />
        <FormError message={formError} />
        <StepFooter step={step} busy={busy} />
      </form>
    </div>
  );
}
