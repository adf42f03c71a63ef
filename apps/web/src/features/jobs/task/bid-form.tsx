import {
  BID_LIMITS,
  type Bid,
  type BidInput,
  type BidValues,
  bidInputSchema,
  checkFutureDate,
  computeEarnings,
  formatDuration,
  getTier,
  JOB_LIMITS,
  parseMoney,
  type TierId,
} from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { CediInput, Field, Input, Select, Textarea } from '../../../components/ui/field.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { bidLimitOf } from '../api/save-bid.ts';
import { BID_DURATION_OPTIONS, isoDaysAhead, money, pesewasText } from '../format.ts';
import { useJobsText } from '../i18n.ts';

/** The bid form's words in the page's language (jobs.json "bidForm"). */
function useBidFormText() {
  const { t } = useJobsText();
  const b = (key: string) => t(`bidForm.${key}`);
  return {
    price: b('price'),
    pricePreview: (text: string) => t('bidForm.pricePreview', { text }),
    /** What the provider keeps of that price after the commission of their plan (shared tier rules). */
    youKeep: (priceMinor: number, tier: TierId) => {
      const e = computeEarnings(priceMinor, tier);
      return t('bidForm.youKeep', {
        amount: money(e.earnings_minor),
        percent: e.commission_percent,
        tier: getTier(tier).name,
      });
    },
    message: b('message'),
    messageHint: b('messageHint'),
    earliest: b('earliest'),
    duration: b('duration'),
    noDuration: b('noDuration'),
    send: b('send'),
    update: b('update'),
    cancel: b('cancel'),
    refused: b('refused'),
    upgrade: b('upgrade'),
  };
}

/** The bid as typed; checked with the shared bidInputSchema (price read into pesewas). */
export const bidFormSchema = z
  .object({
    price: z.string(),
    message: z.string(),
    earliest_start: z.string(),
    duration_minutes: z.string(),
  })
  .transform(
    (v) =>
      ({
        price: v.price.trim() === '' ? undefined : (parseMoney(v.price) ?? Number.NaN),
        message: v.message,
        earliest_start: v.earliest_start || null,
        duration_minutes: v.duration_minutes === '' ? null : Number(v.duration_minutes),
      }) as BidInput,
  )
  .pipe(
    bidInputSchema.superRefine((v, ctx) => {
      const problem = v.earliest_start ? checkFutureDate(v.earliest_start) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: ['earliest_start'], message: problem });
    }),
  );

export type BidFormValues = z.input<typeof bidFormSchema>;

function valuesOf(bid: Bid | null): BidFormValues {
  return {
    price: pesewasText(bid?.price),
    message: bid?.message ?? '',
    earliest_start: bid?.earliest_start ?? '',
    duration_minutes: bid?.duration_minutes ? String(bid.duration_minutes) : '',
  };
}

/** A provider's bid: new, placed again after a withdrawal, or edited. */
export function BidForm({
  bid,
  editing,
  busy,
  error,
  disabled = false,
  tier = null,
  onSubmit,
  onCancel,
}: {
  /** The provider's plan, for "You keep …"; null while unknown. */
  tier?: TierId | null;
  /** The bid to start from (edit, or a withdrawn one placed again). */
  bid: Bid | null;
  /** Saving changes to an active bid (rather than sending one). */
  editing: boolean;
  busy: boolean;
  /** The server's refusal of the last send. */
  error: unknown;
  /** No bids left this month: the form is shown but cannot be sent. */
  disabled?: boolean;
  onSubmit: (values: BidValues) => void;
  onCancel?: () => void;
}) {
  const uid = useId();
  const BID_FORM_TEXT = useBidFormText();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<BidFormValues, unknown, BidValues>({
    resolver: zodResolver(bidFormSchema),
    defaultValues: valuesOf(bid),
    mode: 'onTouched',
  });
  const [price, message] = useWatch({ control, name: ['price', 'message'] });
  const parsed = parseMoney(price ?? '');
  const server = fieldErrors(error);
  const limit = bidLimitOf(error);
  const messageOf = (name: keyof BidFormValues) => errors[name]?.message ?? server[name];
  const durations =
    bid?.duration_minutes && !BID_DURATION_OPTIONS.includes(bid.duration_minutes)
      ? [...BID_DURATION_OPTIONS, bid.duration_minutes].sort((a, b) => a - b)
      : BID_DURATION_OPTIONS;
  const id = (name: string) => `${uid}-${name}`;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      {limit ? (
        <Alert tone="danger" role="alert" title={BID_FORM_TEXT.refused}>
          <p>{(error as Error).message}</p>
          <ButtonLink to={limit.upgrade} size="sm" className="mt-3">
            {BID_FORM_TEXT.upgrade}
          </ButtonLink>
        </Alert>
      ) : (
        error instanceof Error &&
        Object.keys(server).length === 0 && (
          <Alert tone="danger" role="alert" title={BID_FORM_TEXT.refused}>
            <p>{error.message}</p>
          </Alert>
        )
      )}

      <Field
        id={id('price')}
        label={BID_FORM_TEXT.price}
        hint={
          parsed !== null && parsed > 0
            ? [BID_FORM_TEXT.pricePreview(money(parsed)), tier ? BID_FORM_TEXT.youKeep(parsed, tier) : null]
                .filter(Boolean)
                .join(' ')
            : 'e.g. 250 or 250.50'
        }
        error={messageOf('price')}
      >
        {(c) => <CediInput {...c} {...register('price')} />}
      </Field>

      <Field
        id={id('message')}
        label={BID_FORM_TEXT.message}
        hint={`${BID_FORM_TEXT.messageHint} ${message?.trim().length ?? 0} / ${BID_LIMITS.messageMax}`}
        error={messageOf('message')}
      >
        {(c) => <Textarea {...c} rows={5} {...register('message')} />}
      </Field>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <Field
          id={id('earliest')}
          label={BID_FORM_TEXT.earliest}
          error={messageOf('earliest_start')}
          optional
        >
          {(c) => (
            <Input
              {...c}
              type="date"
              min={isoDaysAhead(0)}
              max={isoDaysAhead(JOB_LIMITS.maxDaysAhead)}
              {...register('earliest_start')}
            />
          )}
        </Field>
        <Field
          id={id('duration')}
          label={BID_FORM_TEXT.duration}
          error={messageOf('duration_minutes')}
          optional
        >
          {(c) => (
            <Select {...c} {...register('duration_minutes')}>
              <option value="">{BID_FORM_TEXT.noDuration}</option>
              {durations.map((m) => (
                <option key={m} value={m}>
                  {formatDuration(m)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy} disabled={disabled} className="flex-1 sm:flex-none lg:flex-1">
          <Send aria-hidden="true" className="h-4 w-4" />
          {editing ? BID_FORM_TEXT.update : BID_FORM_TEXT.send}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {BID_FORM_TEXT.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
