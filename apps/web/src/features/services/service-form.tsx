import {
  type CategoryGroup,
  canChangeServiceStatus,
  formatDuration,
  formatMoney,
  PRICE_TYPE_LABELS,
  PRICE_TYPES,
  parseMoney,
  priceLabel,
  SERVICE_LIMITS,
  SERVICE_STATUSES,
  type Service,
  type ServiceInput,
  type ServiceStatus,
  type ServiceValues,
  serviceInputSchema,
  tidyPlaceName,
  validateText,
} from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Save, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AppLink } from '../../components/ui/button-link.tsx';
import { CategorySelect } from '../../components/ui/category-select.tsx';
import { CediInput, Field, Input, Select, Textarea } from '../../components/ui/field.tsx';
import { ApiError, fieldErrors } from '../../lib/api.ts';
import { STATUS_TEXT } from './status-text.ts';

export const SERVICE_FORM_TEXT = {
  title: 'Service title',
  titleHint: 'What customers search for, e.g. “Knotless braids” or “Leak repair”.',
  category: 'Category',
  chooseCategory: 'Choose a category',
  description: 'Description',
  descriptionHint: 'What is included, what the customer provides, how you work.',
  priceType: 'How you charge',
  price: 'Price in GH₵',
  pricePreview: 'Customers see',
  duration: 'How long it takes',
  noDuration: 'Varies / not set',
  areas: 'Areas you serve',
  areasHint: `Towns or neighbourhoods, up to ${SERVICE_LIMITS.areasMax}. Leave empty to use your location's areas.`,
  addArea: 'Add area',
  status: 'Visibility',
  create: 'Save service',
  update: 'Save changes',
  cancel: 'Cancel',
} as const;

export { STATUS_TEXT };

/** Duration choices in steps of 15 minutes: up to 8 hours, then whole days up to a week. */
export const DURATION_OPTIONS: number[] = [
  ...Array.from({ length: 32 }, (_, i) => (i + 1) * 15),
  ...Array.from({ length: 7 }, (_, i) => (i + 1) * 24 * 60),
];

/** What the form holds: the amount as typed (GH₵), the duration as its select value. */
export const serviceFormSchema = z
  .object({
    title: z.string(),
    category: z.string(),
    description: z.string(),
    price_type: z.string(),
    price: z.string(),
    duration_minutes: z.string(),
    service_areas: z.array(z.string()),
    status: z.string(),
  })
  .transform(
    (v) =>
      ({
        ...v,
        // Pesewas, without floating point; what is not an amount fails the shared rule with its message.
        price: v.price.trim() === '' ? undefined : (parseMoney(v.price) ?? Number.NaN),
        duration_minutes: v.duration_minutes === '' ? null : Number(v.duration_minutes),
      }) as ServiceInput,
  )
  .pipe(serviceInputSchema);

export type ServiceFormValues = z.input<typeof serviceFormSchema>;

function pesewasText(minor: number): string {
  const rest = minor % 100;
  return rest ? `${Math.floor(minor / 100)}.${String(rest).padStart(2, '0')}` : String(minor / 100);
}

export function formValuesOf(service: Service | null): ServiceFormValues {
  if (!service) {
    return {
      title: '',
      category: '',
      description: '',
      price_type: 'fixed',
      price: '',
      duration_minutes: '',
      service_areas: [],
      status: 'draft',
    };
  }
  return {
    title: service.title,
    category: service.category,
    description: service.description,
    price_type: service.price_type,
    price: pesewasText(service.price_minor),
    duration_minutes: service.duration_minutes ? String(service.duration_minutes) : '',
    service_areas: service.service_areas,
    status: service.status,
  };
}

/** Chips for the areas served: type, Enter or "Add area"; tidied, no duplicates. */
function AreasInput({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string[];
  onChange: (areas: string[]) => void;
  error?: string;
}) {
  const [text, setText] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const add = () => {
    const message = validateText(text, { maxLength: SERVICE_LIMITS.areaMax });
    if (message) return setAddError(message);
    const area = tidyPlaceName(text);
    if (value.some((a) => a.toLowerCase() === area.toLowerCase()))
      return setAddError('Already in your areas');
    if (value.length >= SERVICE_LIMITS.areasMax)
      return setAddError(`At most ${SERVICE_LIMITS.areasMax} areas`);
    onChange([...value, area]);
    setText('');
    setAddError(null);
  };
  const shown = addError ?? error;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-fg">
        {SERVICE_FORM_TEXT.areas} <span className="font-normal text-muted-fg">(optional)</span>
      </label>
      {value.length > 0 && (
        <ul aria-label="Areas added" className="mt-2 flex flex-wrap gap-1.5">
          {value.map((area) => (
            <li
              key={area}
              className="inline-flex items-center gap-1 rounded-full bg-muted py-1 pl-3 pr-1 text-sm font-medium"
            >
              {area}
              <button
                type="button"
                onClick={() => onChange(value.filter((a) => a !== area))}
                className="inline-flex h-7 w-7 items-center justify-center rounded-full text-muted-fg hover:bg-border hover:text-fg"
                aria-label={`Remove ${area}`}
              >
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex gap-2">
        <Input
          id={id}
          value={text}
          placeholder="e.g. East Legon"
          maxLength={SERVICE_LIMITS.areaMax + 10}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          aria-invalid={shown ? true : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setAddError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" onClick={add} className="shrink-0">
          <Plus aria-hidden="true" className="h-4 w-4" /> {SERVICE_FORM_TEXT.addArea}
        </Button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted-fg">
        {SERVICE_FORM_TEXT.areasHint}
      </p>
      {shown && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {shown}
        </p>
      )}
    </div>
  );
}

/**
 * Create or edit a service, checked with the shared serviceInputSchema before it is sent (the amount
 * read with parseMoney into pesewas). The status offers only the changes canChangeServiceStatus allows.
 */
export function ServiceForm({
  service,
  groups,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  service: Service | null;
  groups: CategoryGroup[];
  busy: boolean;
  /** The server's refusal of the last save. */
  error: unknown;
  onSubmit: (values: ServiceValues) => void;
  onCancel?: () => void;
}) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ServiceFormValues, unknown, ServiceValues>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: formValuesOf(service),
    mode: 'onTouched',
  });
  const [priceType, price, description] = useWatch({ control, name: ['price_type', 'price', 'description'] });
  const parsed = parseMoney(price ?? '');
  const from: ServiceStatus = service?.status ?? 'draft';
  const server = fieldErrors(error);
  const message = (name: keyof ServiceFormValues) => errors[name]?.message ?? server[name];
  const durations =
    service?.duration_minutes && !DURATION_OPTIONS.includes(service.duration_minutes)
      ? [...DURATION_OPTIONS, service.duration_minutes].sort((a, b) => a - b)
      : DURATION_OPTIONS;
  const redirect =
    error instanceof ApiError && error.status === 403
      ? (error.details as { redirect?: string } | undefined)?.redirect
      : undefined;
  const id = (name: string) => `${uid}-${name}`;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-5">
      {error instanceof ApiError && Object.keys(server).length === 0 && (
        <Alert tone="danger" role="alert" title="The service was not saved">
          <p>{error.message}</p>
          {redirect && (
            <AppLink
              to={redirect}
              className="mt-2 inline-block font-semibold text-brand-700 underline dark:text-brand-500"
            >
              Continue your onboarding
            </AppLink>
          )}
        </Alert>
      )}

      <Field
        id={id('title')}
        label={SERVICE_FORM_TEXT.title}
        hint={SERVICE_FORM_TEXT.titleHint}
        error={message('title')}
      >
        {(control) => <Input {...control} maxLength={SERVICE_LIMITS.titleMax + 20} {...register('title')} />}
      </Field>

      <Field id={id('category')} label={SERVICE_FORM_TEXT.category} error={message('category')}>
        {(control) => (
          <CategorySelect
            {...control}
            {...register('category')}
            groups={groups}
            placeholder={SERVICE_FORM_TEXT.chooseCategory}
          />
        )}
      </Field>

      <Field
        id={id('description')}
        label={SERVICE_FORM_TEXT.description}
        hint={`${SERVICE_FORM_TEXT.descriptionHint} ${description?.trim().length ?? 0} / ${SERVICE_LIMITS.descriptionMax}`}
        error={message('description')}
      >
        {(control) => <Textarea {...control} rows={5} {...register('description')} />}
      </Field>

      <fieldset>
        <legend className="text-sm font-semibold text-fg">{SERVICE_FORM_TEXT.priceType}</legend>
        <div className="mt-1.5 grid grid-cols-3 gap-1.5">
          {PRICE_TYPES.map((t) => (
            <label
              key={t}
              className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl border px-2 text-center text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
                priceType === t
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-border bg-card hover:bg-muted'
              }`}
            >
              <input type="radio" value={t} className="sr-only" {...register('price_type')} />
              {PRICE_TYPE_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id={id('price')}
          label={SERVICE_FORM_TEXT.price}
          hint={
            parsed !== null
              ? `${SERVICE_FORM_TEXT.pricePreview}: ${priceLabel((priceType as (typeof PRICE_TYPES)[number]) ?? 'fixed', formatMoney(parsed, 'GHS'))}`
              : 'e.g. 150 or 150.50'
          }
          error={message('price')}
        >
          {(control) => <CediInput {...control} {...register('price')} />}
        </Field>

        <Field
          id={id('duration')}
          label={SERVICE_FORM_TEXT.duration}
          error={message('duration_minutes')}
          optional
        >
          {(control) => (
            <Select {...control} {...register('duration_minutes')}>
              <option value="">{SERVICE_FORM_TEXT.noDuration}</option>
              {durations.map((m) => (
                <option key={m} value={m}>
                  {formatDuration(m)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <Controller
        control={control}
        name="service_areas"
        render={({ field }) => (
          <AreasInput
            id={id('areas')}
            value={field.value}
            onChange={field.onChange}
            error={errors.service_areas?.message ?? server.service_areas}
          />
        )}
      />

      <fieldset>
        <legend className="text-sm font-semibold text-fg">{SERVICE_FORM_TEXT.status}</legend>
        <div className="mt-1.5 grid gap-1.5 sm:grid-cols-3">
          {SERVICE_STATUSES.map((s) => {
            const allowed = canChangeServiceStatus(from, s);
            return (
              <label
                key={s}
                className={`flex cursor-pointer items-start gap-2.5 rounded-xl border border-border bg-card p-3 has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50`}
              >
                <input
                  type="radio"
                  value={s}
                  disabled={!allowed}
                  className="mt-1 accent-brand-600"
                  {...register('status')}
                />
                <span>
                  <span className="block text-sm font-semibold">{STATUS_TEXT[s].label}</span>
                  <span className="block text-xs text-muted-fg">{STATUS_TEXT[s].hint}</span>
                </span>
              </label>
            );
          })}
        </div>
        {message('status') && (
          <p role="alert" className="mt-1.5 text-sm font-medium text-danger">
            {message('status')}
          </p>
        )}
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy}>
          <Save aria-hidden="true" className="h-4 w-4" />
          {service ? SERVICE_FORM_TEXT.update : SERVICE_FORM_TEXT.create}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            {SERVICE_FORM_TEXT.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
