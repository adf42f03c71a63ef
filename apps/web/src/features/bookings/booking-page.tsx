import { formatMoney } from '@adwuma/shared';
import { ArrowLeft, Clock } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AppLink, ButtonLink } from '../../components/ui/button-link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { toast } from '../../lib/toast.ts';
import { BookingMoneyPanel, useBookingMoney } from '../booking-money/index.ts';
import { type BookingStepInput, useBookingStep } from './api/booking-actions.ts';
import { type BookingDetail, useBooking } from './api/get-booking.ts';
import { useOpenDispute } from './api/open-dispute.ts';
import { bookingStatus, otherParty } from './booking-item.tsx';
import { ActionButtons, type DialogName, ProposalBlock } from './booking-next-steps.tsx';
import { BookingParty, EarningsPanel, HistoryPanel, Panel, ReviewsPanel } from './booking-panels.tsx';
import { nextText, useBookingText } from './booking-text.ts';
import { useDates } from './dates.ts';
import { DisputeEvidence } from './dispute-evidence.tsx';
import { CancelDialog, DisputeDialog, RescheduleDialog } from './lazy-booking-dialogs.tsx';
import { bookingPath } from './links.ts';

export { formatMoment } from './booking-text.ts';

function BookingView({ booking }: { booking: BookingDetail }) {
  const other = otherParty(booking);
  const BOOKING_TEXT = useBookingText();
  const status = bookingStatus(booking.status, BOOKING_TEXT.t);
  const step = useBookingStep(booking.id);
  const dispute = useOpenDispute(booking.id);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { t } = BOOKING_TEXT;
  const { language, formatMoment } = useDates();
  // Paid bookings show their earnings in the money panel; older ones (no payment through Adwuma) here.
  const money = useBookingMoney(booking.id);
  const legacyEarnings = money.isError || money.data?.payment_status === 'not_required';
  useDocumentTitle(booking.title);

  const run = (input: BookingStepInput, fromDialog = false) => {
    setRefusal(null);
    step.mutate(input, {
      onSuccess: () => {
        toast.success(t(`done.${input.step}`));
        setDialog(null);
      },
      onError: (error) => {
        // In a dialog the dialog shows it; on the page, above the buttons.
        if (!fromDialog) setRefusal(error.message);
        toast.error(error.message);
      },
    });
  };
  const openDialog = (name: DialogName) => {
    step.reset();
    dispute.reset();
    setRefusal(null);
    setDialog(name);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      <AppLink
        to={bookingPath(booking.id)}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-muted-fg hover:text-fg"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {BOOKING_TEXT.back}
      </AppLink>

      <header className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{booking.title}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone={status.tone}>{status.label}</Badge>
            <span className="text-sm text-muted-fg">
              {booking.source === 'bid' ? t('item.fromJob') : t('item.fromQuote')}
            </span>
          </div>
        </div>
        <p className="text-2xl font-extrabold sm:text-right">
          <span className="sr-only">{BOOKING_TEXT.price}: </span>
          {formatMoney(booking.price, booking.currency)}
        </p>
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-6">
          <BookingParty booking={booking} />
          <BookingMoneyPanel booking={booking} />

          <Panel
            title={BOOKING_TEXT.next}
            icon={<Clock aria-hidden="true" className="h-5 w-5 text-brand-600" />}
          >
            <p className="text-sm">{nextText(booking, other.name, t, language)}</p>
            {booking.status === 'cancelled' && booking.cancel_reason && (
              <p className="mt-2 rounded-xl bg-muted p-3 text-sm">
                <span className="font-semibold">{t('page.reason')}</span>
                {booking.cancel_reason}
              </p>
            )}
            {booking.dispute && (
              <p className="mt-2 rounded-xl bg-muted p-3 text-sm">
                <span className="font-semibold">{BOOKING_TEXT.disputeTitle}: </span>
                {booking.dispute.status === 'open'
                  ? t('page.disputeOpened', {
                      role: t(`page.role.${booking.dispute.opener_role}`),
                      when: formatMoment(booking.dispute.created_at),
                    })
                  : `${t('page.disputeResolved', { side: t(`page.role.${booking.dispute.in_favour_of ?? 'split'}`) })}${booking.dispute.resolution_note ? ` — ${booking.dispute.resolution_note}` : ''}`}
              </p>
            )}
            {booking.dispute?.status === 'open' && <DisputeEvidence disputeId={booking.dispute.id} />}

            <ProposalBlock booking={booking} step={step} run={run} />

            {refusal && (
              <Alert tone="danger" role="alert" className="mt-4">
                {refusal}
              </Alert>
            )}
            <ActionButtons booking={booking} step={step} run={run} openDialog={openDialog} />
          </Panel>

          <ReviewsPanel booking={booking} />
        </div>

        <div className="grid content-start gap-6">
          {legacyEarnings && <EarningsPanel booking={booking} />}
          <HistoryPanel booking={booking} />
        </div>
      </div>

      {dialog === 'reschedule' && (
        <RescheduleDialog
          booking={booking}
          busy={step.isPending}
          error={step.error}
          onSubmit={(body) => run({ step: 'reschedule', body }, true)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'cancel' && (
        <CancelDialog
          booking={booking}
          busy={step.isPending}
          error={step.error}
          onSubmit={(reason) => run({ step: 'cancel', body: { reason } }, true)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'dispute' && (
        <DisputeDialog
          busy={dispute.isPending}
          error={dispute.error}
          onSubmit={(input) =>
            dispute.mutate(input, {
              onSuccess: () => {
                toast.success(t('done.dispute'));
                setDialog(null);
              },
              onError: (error) => toast.error(error.message),
            })
          }
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

/** `/bookings/:id`: one booking for either side, with what happens next and the caller's actions. */
export function BookingPage() {
  const { id = '' } = useParams();
  const booking = useBooking(id);
  const BOOKING_TEXT = useBookingText();
  if (booking.isPending) {
    return (
      <div
        role="status"
        aria-label={BOOKING_TEXT.t('page.loading')}
        className="mx-auto grid max-w-5xl gap-4 px-4 py-8 sm:px-6"
      >
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-40" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (booking.isError) {
    const missing = booking.error instanceof ApiError && booking.error.status === 404;
    return (
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
        <Alert tone="danger" role="alert" title={missing ? BOOKING_TEXT.notFound : BOOKING_TEXT.loadFailed}>
          <p>{missing ? BOOKING_TEXT.notFoundText : booking.error.message}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {!missing && (
              <Button size="sm" onClick={() => void booking.refetch()} busy={booking.isFetching}>
                {BOOKING_TEXT.retry}
              </Button>
            )}
            <ButtonLink to={ROUTES.schedule} size="sm" variant="outline">
              {BOOKING_TEXT.back}
            </ButtonLink>
          </div>
        </Alert>
      </div>
    );
  }
  return <BookingView booking={booking.data} />;
}
