import {
  type Booking,
  formatMoney,
  parseMoney,
  QUOTE_LIMITS,
  type QuoteAnswer,
  type QuoteRequest,
  quoteAnswerSchema,
  quoteDeclineSchema,
} from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarCheck, CheckCircle2, Send, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { CediInput, Field, Textarea } from '../../components/ui/field.tsx';
import { ApiError, fieldErrors } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { bookingPath } from '../bookings/index.ts';
import { useAcceptQuote } from './api/accept-quote.ts';
import { useCancelQuoteRequest } from './api/cancel-quote-request.ts';
import { useDeclineQuoteRequest } from './api/decline-quote-request.ts';
import { useSendQuote } from './api/send-quote.ts';
import { formatPreferredDate } from './format.ts';
import { useQuoteActionText } from './quote-action-text.ts';

export { useQuoteActionText };

function ServerAlert({ error }: { error: unknown }) {
  const QUOTE_ACTION_TEXT = useQuoteActionText();
  if (!(error instanceof ApiError) || Object.keys(fieldErrors(error)).length > 0) return null;
  return (
    <Alert tone="danger" role="alert" title={QUOTE_ACTION_TEXT.failed} className="mb-4">
      <p>{error.message}</p>
    </Alert>
  );
}

const answerShape = quoteAnswerSchema.shape;

/** The quote as typed: an amount in GH₵ read into pesewas (parseMoney), then the shared rules. */
export const quoteAnswerFormSchema = z.object({
  price: z
    .string()
    .transform((v) => (v.trim() === '' ? undefined : (parseMoney(v) ?? Number.NaN)))
    .pipe(answerShape.price),
  message: answerShape.message,
});
type QuoteAnswerFormValues = z.input<typeof quoteAnswerFormSchema>;

/** The provider answers a request with a price and a message. */
export function SendQuoteDialog({ request, onClose }: { request: QuoteRequest; onClose: () => void }) {
  const uid = useId();
  const send = useSendQuote();
  const QUOTE_ACTION_TEXT = useQuoteActionText();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<QuoteAnswerFormValues, unknown, QuoteAnswer>({
    resolver: zodResolver(quoteAnswerFormSchema),
    defaultValues: { price: '', message: '' },
    mode: 'onTouched',
  });
  const price = parseMoney(useWatch({ control, name: 'price' }) ?? '');
  const server = fieldErrors(send.error);
  const customer = request.customer.name;

  const submit = (answer: QuoteAnswer) =>
    send.mutate(
      { id: request.id, answer },
      {
        onSuccess: () => {
          toast.success(QUOTE_ACTION_TEXT.quoteSentTo(customer));
          onClose();
        },
      },
    );

  return (
    <Dialog
      title={QUOTE_ACTION_TEXT.sendTitle}
      description={QUOTE_ACTION_TEXT.sendLead(customer.split(' ')[0] || customer)}
      onClose={onClose}
    >
      <ServerAlert error={send.error} />
      <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
        <Field
          id={`${uid}-price`}
          label={QUOTE_ACTION_TEXT.price}
          hint={
            price !== null && price > 0
              ? `${request.customer.name.split(' ')[0]} sees: ${formatMoney(price, 'GHS')}`
              : QUOTE_ACTION_TEXT.priceHint
          }
          error={errors.price?.message ?? server.price}
        >
          {(control) => <CediInput {...control} {...register('price')} />}
        </Field>
        <Field
          id={`${uid}-message`}
          label={QUOTE_ACTION_TEXT.message}
          hint={QUOTE_ACTION_TEXT.messageHint}
          error={errors.message?.message ?? server.message}
          optional
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              className="!min-h-24"
              maxLength={QUOTE_LIMITS.messageMax + 50}
              {...register('message')}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            {QUOTE_ACTION_TEXT.back}
          </Button>
          <Button type="submit" busy={send.isPending}>
            <Send aria-hidden="true" className="h-4 w-4" />
            {QUOTE_ACTION_TEXT.sendQuote}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

type DeclineValues = z.input<typeof quoteDeclineSchema>;

/** The provider turns a request down, with an optional message. */
export function DeclineDialog({ request, onClose }: { request: QuoteRequest; onClose: () => void }) {
  const uid = useId();
  const decline = useDeclineQuoteRequest();
  const QUOTE_ACTION_TEXT = useQuoteActionText();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DeclineValues, unknown, z.output<typeof quoteDeclineSchema>>({
    resolver: zodResolver(quoteDeclineSchema),
    defaultValues: { message: '' },
  });
  const server = fieldErrors(decline.error);

  return (
    <Dialog
      title={QUOTE_ACTION_TEXT.declineTitle}
      description={QUOTE_ACTION_TEXT.declineLead(request.customer.name)}
      onClose={onClose}
    >
      <ServerAlert error={decline.error} />
      <form
        noValidate
        onSubmit={handleSubmit(({ message }) =>
          decline.mutate(
            { id: request.id, message },
            {
              onSuccess: () => {
                toast.success(QUOTE_ACTION_TEXT.declined);
                onClose();
              },
            },
          ),
        )}
        className="grid gap-4"
      >
        <Field
          id={`${uid}-message`}
          label={QUOTE_ACTION_TEXT.declineMessage}
          hint={QUOTE_ACTION_TEXT.declineHint}
          error={errors.message?.message ?? server.message}
          optional
        >
          {(control) => <Textarea {...control} rows={3} className="!min-h-24" {...register('message')} />}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            {QUOTE_ACTION_TEXT.back}
          </Button>
          <Button type="submit" variant="danger" busy={decline.isPending}>
            <X aria-hidden="true" className="h-4 w-4" />
            {QUOTE_ACTION_TEXT.declineConfirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The customer takes the quote: confirmed with the price in view; a booking is made. */
export function AcceptDialog({ request, onClose }: { request: QuoteRequest; onClose: () => void }) {
  const navigate = useNavigate();
  const accept = useAcceptQuote();
  const QUOTE_ACTION_TEXT = useQuoteActionText();
  const [booking, setBooking] = useState<Booking | null>(null);
  const provider = request.provider.name;

  if (booking) {
    return (
      <Dialog title={QUOTE_ACTION_TEXT.booked(provider)} onClose={onClose}>
        <div className="flex gap-3">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-leaf-600" />
          <div>
            <p className="font-semibold">
              {booking.title} ·{' '}
              <span className="whitespace-nowrap">{formatMoney(booking.price, booking.currency)}</span>
            </p>
            <p className="mt-1 text-sm text-muted-fg">{QUOTE_ACTION_TEXT.bookedText}</p>
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            {QUOTE_ACTION_TEXT.close}
          </Button>
          <ButtonLink to={bookingPath(booking.id)}>
            <CalendarCheck aria-hidden="true" className="h-4 w-4" />
            {QUOTE_ACTION_TEXT.viewBooking}
          </ButtonLink>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      title={QUOTE_ACTION_TEXT.acceptTitle}
      description={QUOTE_ACTION_TEXT.acceptLead(provider)}
      onClose={onClose}
    >
      <ServerAlert error={accept.error} />
      <div className="rounded-xl border border-border bg-muted/50 p-4">
        <p className="text-sm text-muted-fg">{request.service.title}</p>
        <p className="mt-1 text-3xl font-extrabold tracking-tight">
          {formatMoney(request.quote_price ?? 0, 'GHS')}
        </p>
        <p className="mt-1 text-sm text-muted-fg">
          {provider} · {formatPreferredDate(request.preferred_date)}
        </p>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {QUOTE_ACTION_TEXT.back}
        </Button>
        <Button
          variant="secondary"
          busy={accept.isPending}
          onClick={() =>
            accept.mutate(request.id, {
              onSuccess: (made) => {
                setBooking(made);
                toast.success(QUOTE_ACTION_TEXT.booked(provider), {
                  action: {
                    label: QUOTE_ACTION_TEXT.viewBooking,
                    onClick: () => navigate(bookingPath(made.id)),
                  },
                });
              },
            })
          }
        >
          <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
          {QUOTE_ACTION_TEXT.acceptConfirm}
        </Button>
      </div>
    </Dialog>
  );
}

/** The customer withdraws a request (or lets a quote go). */
export function CancelDialog({ request, onClose }: { request: QuoteRequest; onClose: () => void }) {
  const cancel = useCancelQuoteRequest();
  const QUOTE_ACTION_TEXT = useQuoteActionText();
  return (
    <Dialog
      title={QUOTE_ACTION_TEXT.cancelTitle}
      description={QUOTE_ACTION_TEXT.cancelLead(request.provider.name)}
      onClose={onClose}
    >
      <ServerAlert error={cancel.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {QUOTE_ACTION_TEXT.keep}
        </Button>
        <Button
          variant="danger"
          busy={cancel.isPending}
          onClick={() =>
            cancel.mutate(request.id, {
              onSuccess: () => {
                toast.success(QUOTE_ACTION_TEXT.cancelled);
                onClose();
              },
            })
          }
        >
          {QUOTE_ACTION_TEXT.cancelConfirm}
        </Button>
      </div>
    </Dialog>
  );
}
