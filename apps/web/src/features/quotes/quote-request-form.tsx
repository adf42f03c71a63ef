import {
  checkFutureDate,
  JOB_LIMITS,
  QUOTE_LIMITS,
  type QuoteRequestInput,
  quoteRequestInputSchema,
  toIsoDate,
} from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Select, Textarea } from '../../components/ui/field.tsx';
import { ApiError, fieldErrors } from '../../lib/api.ts';
import en from '../../locales/en/quotes.json';
import { useQuotesText } from './i18n.ts';

/** The request form's words in the page's language (quotes.json "form"). */
function useQuoteFormText() {
  const { t } = useQuotesText();
  return {
    service: t('form.service'),
    chooseService: t('form.chooseService'),
    details: t('form.details'),
    detailsHint: t('form.detailsHint'),
    detailsPlaceholder: t('form.detailsPlaceholder'),
    date: t('form.date'),
    dateHint: t('form.dateHint'),
    city: t('form.city'),
    address: t('form.address'),
    addressHint: t('form.addressHint'),
    submit: t('form.submit'),
    cancel: t('form.cancel'),
    failed: t('form.failed'),
  };
}

const shape = quoteRequestInputSchema.shape;

/**
 * The form's fields checked with the shared request rules, field by field (so every mistake shows at
 * once); an empty date means "flexible", and a date must be today or later (checkFutureDate).
 */
export const quoteRequestFormSchema = z.object({
  service_id: z.string().min(1, { error: en.form.chooseService }).pipe(shape.service_id),
  details: shape.details,
  preferred_date: z
    .string()
    .transform((v): string | null | undefined => v || null)
    .pipe(shape.preferred_date)
    .superRefine((v, ctx) => {
      const message = v ? checkFutureDate(v) : null;
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  city: shape.city,
  address: shape.address,
});

export type QuoteRequestFormValues = z.input<typeof quoteRequestFormSchema>;

export interface QuoteFormService {
  id: string;
  title: string;
}

export function QuoteRequestForm({
  services,
  defaults,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  services: QuoteFormService[];
  defaults: QuoteRequestFormValues;
  busy: boolean;
  /** The server's refusal of the last try. */
  error: unknown;
  onSubmit: (input: QuoteRequestInput) => void;
  onCancel: () => void;
}) {
  const uid = useId();
  const QUOTE_FORM_TEXT = useQuoteFormText();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<QuoteRequestFormValues, unknown, z.output<typeof quoteRequestFormSchema>>({
    resolver: zodResolver(quoteRequestFormSchema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const details = useWatch({ control, name: 'details' });
  const server = fieldErrors(error);
  const message = (name: keyof QuoteRequestFormValues) => errors[name]?.message ?? server[name];
  const id = (name: string) => `${uid}-${name}`;
  const today = toIsoDate(new Date());
  const lastDay = toIsoDate(new Date(Date.now() + JOB_LIMITS.maxDaysAhead * 86_400_000));

  return (
    <form noValidate onSubmit={handleSubmit((v) => onSubmit(v))} className="grid gap-4">
      {error instanceof ApiError && Object.keys(server).length === 0 && (
        <Alert tone="danger" role="alert" title={QUOTE_FORM_TEXT.failed}>
          <p>{error.message}</p>
        </Alert>
      )}

      <Field id={id('service')} label={QUOTE_FORM_TEXT.service} error={message('service_id')}>
        {(control) => (
          <Select {...control} {...register('service_id')}>
            {services.length > 1 && <option value="">{QUOTE_FORM_TEXT.chooseService}</option>}
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <Field
        id={id('details')}
        label={QUOTE_FORM_TEXT.details}
        hint={`${QUOTE_FORM_TEXT.detailsHint} ${details?.trim().length ?? 0} / ${QUOTE_LIMITS.detailsMax}`}
        error={message('details')}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            className="!min-h-28"
            placeholder={QUOTE_FORM_TEXT.detailsPlaceholder}
            {...register('details')}
          />
        )}
      </Field>

      <Field
        id={id('date')}
        label={QUOTE_FORM_TEXT.date}
        hint={QUOTE_FORM_TEXT.dateHint}
        error={message('preferred_date')}
        optional
      >
        {(control) => (
          <Input {...control} type="date" min={today} max={lastDay} {...register('preferred_date')} />
        )}
      </Field>

      <Field id={id('city')} label={QUOTE_FORM_TEXT.city} error={message('city')} optional>
        {(control) => <Input {...control} autoComplete="address-level2" {...register('city')} />}
      </Field>
      <Field
        id={id('address')}
        label={QUOTE_FORM_TEXT.address}
        hint={QUOTE_FORM_TEXT.addressHint}
        error={message('address')}
        optional
      >
        {(control) => <Input {...control} autoComplete="street-address" {...register('address')} />}
      </Field>

      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {QUOTE_FORM_TEXT.cancel}
        </Button>
        <Button type="submit" busy={busy}>
          <Send aria-hidden="true" className="h-4 w-4" />
          {QUOTE_FORM_TEXT.submit}
        </Button>
      </div>
    </form>
  );
}
