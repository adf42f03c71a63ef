import { type BookingAction, formatMoney, TIERS } from '@adwuma/shared';
import {
  ArrowLeft,
  CalendarClock,
  CalendarDays,
  CheckCircle2,
  Clock,
  Flag,
  History,
  MapPin,
  Play,
  Star,
  Wallet,
  XCircle,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AppLink, ButtonLink } from '../../components/ui/button-link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { VerifiedBadge } from '../../components/ui/verified-badge.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { Avatar } from '../account/avatar.tsx';
import { firstName } from '../jobs/format.ts';
import { MessageLink } from '../messaging/message-link.tsx';
import { type BookingStepInput, useBookingStep } from './api/booking-actions.ts';
import { type BookingDetail, useBooking } from './api/get-booking.ts';
import { useOpenDispute } from './api/open-dispute.ts';
import { CancelDialog, DisputeDialog, RescheduleDialog } from './booking-dialogs.tsx';
import { bookingStatus, otherParty } from './booking-item.tsx';
import { formatDateRange, formatDay } from './dates.ts';
import { DisputeEvidence } from './dispute-evidence.tsx';
import { bookingPath } from './links.ts';
import { formatDuration, timeRange } from './week.ts';

export const BOOKING_TEXT = {
  back: 'Schedule',
  message: (name: string) => `Message ${name}`,
  notFound: 'Booking not found',
  notFoundText: 'It may have been removed, or it belongs to someone else.',
  loadFailed: 'This booking did not load',
  retry: 'Try again',
  when: 'When',
  place: 'Place',
  price: 'Price',
  dateTbc: 'Date to be agreed',
  placeTbc: 'Place to be agreed',
  next: 'What happens next',
  actions: 'Actions',
  start: 'Start',
  markDone: 'Mark as done',
  confirm: 'Confirm completion',
  propose: 'Propose a new time',
  cancel: 'Cancel booking',
  dispute: 'Open a dispute',
  accept: 'Accept',
  decline: 'Decline',
  withdraw: 'Withdraw',
  proposal: 'A new time is proposed',
  earnings: 'Your earnings',
  reviews: 'Reviews',
  yourReview: 'Your review',
  theirReview: (name: string) => `${name}'s review`,
  writeReview: 'Write a review',
  hiddenUntil: 'Shown to the other side once they review too, or when the review window closes.',
  noReviews: 'No reviews yet.',
  history: 'History',
  disputeTitle: 'Dispute',
  done: {
    start: 'Booking started',
    markDone: 'Marked as done. The customer is asked to confirm.',
    confirm: 'Completion confirmed. Thank you!',
    cancel: 'Booking cancelled',
    reschedule: 'New time proposed',
    acceptReschedule: 'New time accepted',
    declineReschedule: 'Proposal declined',
    withdrawReschedule: 'Proposal withdrawn',
    dispute: 'Dispute opened. Our team will be in touch.',
  } satisfies Record<BookingStepInput['step'] | 'dispute', string>,
} as const;

const HISTORY_LABELS: Record<string, string> = {
  created: 'Booked',
  start: 'Started',
  mark_done: 'Marked as done',
  confirm: 'Completion confirmed',
  auto_complete: 'Completed automatically',
  cancel: 'Cancelled',
  propose_reschedule: 'New time proposed',
  accept_reschedule: 'New time accepted',
  decline_reschedule: 'New time declined',
  withdraw_reschedule: 'Proposal withdrawn',
  open_dispute: 'Dispute opened',
  resolve_dispute: 'Dispute resolved',
  review: 'Review written',
};

const humanize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replaceAll('_', ' ');

/** "Tue 24 Nov, 14:00" (Ghana time = UTC). */
export function formatMoment(iso: string, now: Date = new Date()): string {
  return `${formatDay(iso.slice(0, 10), now)}, ${iso.slice(11, 16)}`;
}

function whenText(b: BookingDetail): string | null {
  if (!b.scheduled_date) return null;
  const date = formatDateRange(b.scheduled_date, b.scheduled_end_date);
  const time = b.start_time ? `, ${timeRange(b.start_time, b.duration_minutes)}` : '';
  const length = b.duration_minutes ? ` (${formatDuration(b.duration_minutes)})` : '';
  return `${date}${time}${length}`;
}

/** What the status means for the caller and what comes next. */
function nextText(b: BookingDetail, otherName: string): string {
  const mine = b.role;
  switch (b.status) {
    case 'scheduled':
      return mine === 'provider'
        ? 'Start it when you begin the work, and mark it as done when you finish.'
        : `${otherName} starts it on the day and marks it as done when the work is finished.`;
    case 'in_progress':
      return mine === 'provider'
        ? 'Mark it as done when you finish; the customer is then asked to confirm.'
        : `${otherName} is working on it and marks it as done when finished.`;
    case 'awaiting_confirmation': {
      const by = b.auto_complete_at ? formatMoment(b.auto_complete_at) : null;
      if (mine === 'customer')
        return by
          ? `${otherName} marked it as done. Completes by itself on ${by} unless you confirm or open a dispute.`
          : `${otherName} marked it as done. Confirm it, or open a dispute if something is wrong.`;
      return by
        ? `Waiting for the customer to confirm. Completes by itself on ${by} unless they open a dispute.`
        : 'Waiting for the customer to confirm.';
    }
    case 'completed':
      return b.completed_at
        ? `Completed on ${formatMoment(b.completed_at)}.${b.reviews.can_review ? ' You can now review each other.' : ''}`
        : 'Completed.';
    case 'cancelled': {
      const who = b.cancelled_by === mine ? 'you' : b.cancelled_by ? `the ${b.cancelled_by}` : null;
      const when = b.cancelled_at ? ` on ${formatMoment(b.cancelled_at)}` : '';
      const late = b.late_cancellation ? ' (late cancellation)' : '';
      return `Cancelled${who ? ` by ${who}` : ''}${when}${late}.`;
    }
    case 'disputed':
      return 'A dispute is open: the booking is frozen until our team resolves it. Both sides are told the outcome.';
    default:
      return '';
  }
}

function Panel({
  title,
  icon,
  children,
  className = '',
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6 ${className}`}
    >
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold tracking-tight">
        {icon}
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <span className="mt-0.5 shrink-0 text-muted-fg">{icon}</span>
      <div className="min-w-0">
        <dt className="text-xs font-semibold uppercase tracking-wide text-muted-fg">{label}</dt>
        <dd className="mt-0.5 break-words font-medium">{children}</dd>
      </div>
    </div>
  );
}

type DialogName = 'reschedule' | 'cancel' | 'dispute' | null;

function BookingView({ booking }: { booking: BookingDetail }) {
  const other = otherParty(booking);
  const status = bookingStatus(booking.status);
  const step = useBookingStep(booking.id);
  const dispute = useOpenDispute(booking.id);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const can = (a: BookingAction) => booking.actions.includes(a);
  const pendingStep = step.isPending ? step.variables?.step : undefined;
  const place = [booking.address, booking.city].filter(Boolean).join(', ');
  const when = whenText(booking);
  useDocumentTitle(booking.title);

  const run = (input: BookingStepInput, fromDialog = false) => {
    setRefusal(null);
    step.mutate(input, {
      onSuccess: () => {
        toast.success(BOOKING_TEXT.done[input.step]);
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

  const proposal = booking.proposal;
  const myProposal = proposal?.by === booking.role;
  const canAnswer = can('accept_reschedule') || can('decline_reschedule');

  const buttons: { key: string; node: ReactNode }[] = [];
  if (can('start'))
    buttons.push({
      key: 'start',
      node: (
        <Button
          busy={pendingStep === 'start'}
          disabled={step.isPending}
          onClick={() => run({ step: 'start' })}
        >
          <Play aria-hidden="true" className="h-4 w-4" /> {BOOKING_TEXT.start}
        </Button>
      ),
    });
  if (can('mark_done'))
    buttons.push({
      key: 'mark_done',
      node: (
        <Button
          variant={can('start') ? 'outline' : 'primary'}
          busy={pendingStep === 'markDone'}
          disabled={step.isPending}
          onClick={() => run({ step: 'markDone' })}
        >
          <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> {BOOKING_TEXT.markDone}
        </Button>
      ),
    });
  if (can('confirm'))
    buttons.push({
      key: 'confirm',
      node: (
        <Button
          variant="secondary"
          busy={pendingStep === 'confirm'}
          disabled={step.isPending}
          onClick={() => run({ step: 'confirm' })}
        >
          <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> {BOOKING_TEXT.confirm}
        </Button>
      ),
    });
  if (can('propose_reschedule') && !proposal)
    buttons.push({
      key: 'propose',
      node: (
        <Button variant="outline" disabled={step.isPending} onClick={() => openDialog('reschedule')}>
          <CalendarClock aria-hidden="true" className="h-4 w-4" /> {BOOKING_TEXT.propose}
        </Button>
      ),
    });
  if (can('cancel'))
    buttons.push({
      key: 'cancel',
      node: (
        <Button variant="outline" disabled={step.isPending} onClick={() => openDialog('cancel')}>
          <XCircle aria-hidden="true" className="h-4 w-4" /> {BOOKING_TEXT.cancel}
        </Button>
      ),
    });
  if (can('open_dispute'))
    buttons.push({
      key: 'dispute',
      node: (
        <Button variant="ghost" disabled={step.isPending} onClick={() => openDialog('dispute')}>
          <Flag aria-hidden="true" className="h-4 w-4" /> {BOOKING_TEXT.dispute}
        </Button>
      ),
    });

  const { mine, theirs, can_review, window_closes_at } = booking.reviews;
  const showReviews = booking.status === 'completed' || mine || theirs || can_review;
  const tier = booking.earnings ? TIERS.find((t) => t.id === booking.earnings?.tier) : undefined;

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
              {booking.source === 'bid' ? 'Hired from a job' : 'From a quote request'}
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
          <section
            aria-label="Booking details"
            className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
          >
            <div className="flex flex-wrap items-center gap-3">
              <Avatar src={other.avatar_url} name={other.name} className="h-12 w-12 text-base" />
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  {other.slug ? (
                    <AppLink
                      to={buildPath(ROUTES.provider, { slug: other.slug })}
                      className="font-bold hover:underline"
                    >
                      {other.name}
                    </AppLink>
                  ) : (
                    <span className="font-bold">{other.name}</span>
                  )}
                  {other.verified && (
                    <VerifiedBadge label="Verified provider: Ghana Card checked by Adwuma" />
                  )}
                </p>
                <p className="text-sm text-muted-fg">{other.label}</p>
              </div>
              <MessageLink
                userId={other.id}
                context={{ type: 'booking', id: booking.id }}
                label={BOOKING_TEXT.message(firstName(other.name))}
                className="ml-auto shrink-0"
              />
            </div>
            <dl className="mt-5 grid gap-4 sm:grid-cols-2">
              <Fact icon={<CalendarDays aria-hidden="true" className="h-5 w-5" />} label={BOOKING_TEXT.when}>
                {when ?? <span className="text-muted-fg">{BOOKING_TEXT.dateTbc}</span>}
              </Fact>
              <Fact icon={<MapPin aria-hidden="true" className="h-5 w-5" />} label={BOOKING_TEXT.place}>
                {place || <span className="text-muted-fg">{BOOKING_TEXT.placeTbc}</span>}
              </Fact>
            </dl>
          </section>

          <Panel
            title={BOOKING_TEXT.next}
            icon={<Clock aria-hidden="true" className="h-5 w-5 text-brand-600" />}
          >
            <p className="text-sm">{nextText(booking, other.name)}</p>
            {booking.status === 'cancelled' && booking.cancel_reason && (
              <p className="mt-2 rounded-xl bg-muted p-3 text-sm">
                <span className="font-semibold">Reason: </span>
                {booking.cancel_reason}
              </p>
            )}
            {booking.dispute && (
              <p className="mt-2 rounded-xl bg-muted p-3 text-sm">
                <span className="font-semibold">{BOOKING_TEXT.disputeTitle}: </span>
                {booking.dispute.status === 'open'
                  ? `opened by the ${booking.dispute.opener_role} on ${formatMoment(booking.dispute.created_at)}`
                  : `resolved in favour of the ${booking.dispute.in_favour_of}${booking.dispute.resolution_note ? ` — ${booking.dispute.resolution_note}` : ''}`}
              </p>
            )}
            {booking.dispute?.status === 'open' && <DisputeEvidence disputeId={booking.dispute.id} />}

            {proposal && (
              <section
                aria-label={BOOKING_TEXT.proposal}
                className="mt-4 rounded-xl border border-brand-500/40 bg-brand-50 p-4 dark:bg-brand-800/20"
              >
                <p className="text-sm font-bold">
                  {myProposal ? 'You proposed a new time' : `${other.name} proposes a new time`}
                </p>
                <p className="mt-1 text-sm">
                  {formatDay(proposal.scheduled_date)}
                  {proposal.start_time
                    ? `, ${timeRange(proposal.start_time, proposal.duration_minutes)}`
                    : ''}
                  {proposal.duration_minutes ? ` (${formatDuration(proposal.duration_minutes)})` : ''}
                </p>
                {proposal.note && <p className="mt-1 text-sm text-muted-fg">“{proposal.note}”</p>}
                <div className="mt-3 flex flex-wrap gap-2">
                  {myProposal ? (
                    <Button
                      size="sm"
                      variant="outline"
                      busy={pendingStep === 'withdrawReschedule'}
                      disabled={step.isPending}
                      onClick={() => run({ step: 'withdrawReschedule' })}
                    >
                      {BOOKING_TEXT.withdraw}
                    </Button>
                  ) : (
                    canAnswer && (
                      <>
                        <Button
                          size="sm"
                          busy={pendingStep === 'acceptReschedule'}
                          disabled={step.isPending}
                          onClick={() => run({ step: 'acceptReschedule' })}
                        >
                          {BOOKING_TEXT.accept}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          busy={pendingStep === 'declineReschedule'}
                          disabled={step.isPending}
                          onClick={() => run({ step: 'declineReschedule' })}
                        >
                          {BOOKING_TEXT.decline}
                        </Button>
                      </>
                    )
                  )}
                </div>
              </section>
            )}

            {refusal && (
              <Alert tone="danger" role="alert" className="mt-4">
                {refusal}
              </Alert>
            )}
            {buttons.length > 0 && (
              <div className="mt-4 flex flex-wrap gap-2">
                {buttons.map((b) => (
                  <span key={b.key}>{b.node}</span>
                ))}
              </div>
            )}
          </Panel>

          {showReviews && (
            <Panel
              title={BOOKING_TEXT.reviews}
              icon={<Star aria-hidden="true" className="h-5 w-5 text-brand-600" />}
            >
              <div className="grid gap-4">
                {mine && (
                  <ReviewBlock title={BOOKING_TEXT.yourReview} rating={mine.rating} text={mine.text}>
                    {!mine.published_at && (
                      <p className="mt-1 text-xs text-muted-fg">{BOOKING_TEXT.hiddenUntil}</p>
                    )}
                  </ReviewBlock>
                )}
                {theirs && (
                  <ReviewBlock
                    title={BOOKING_TEXT.theirReview(other.name)}
                    rating={theirs.rating}
                    text={theirs.text}
                  >
                    {theirs.reply && (
                      <p className="mt-2 border-l-2 border-border pl-3 text-sm">{theirs.reply}</p>
                    )}
                  </ReviewBlock>
                )}
                {!mine && !theirs && !can_review && (
                  <p className="text-sm text-muted-fg">{BOOKING_TEXT.noReviews}</p>
                )}
                {can_review && (
                  <div className="flex flex-wrap items-center gap-3">
                    <ButtonLink to={buildPath(ROUTES.reviews, undefined, { booking: booking.id })} size="sm">
                      <Star aria-hidden="true" className="h-4 w-4" /> {BOOKING_TEXT.writeReview}
                    </ButtonLink>
                    {window_closes_at && (
                      <span className="text-xs text-muted-fg">Until {formatMoment(window_closes_at)}</span>
                    )}
                  </div>
                )}
              </div>
            </Panel>
          )}
        </div>

        <div className="grid content-start gap-6">
          {booking.earnings && (
            <Panel
              title={BOOKING_TEXT.earnings}
              icon={<Wallet aria-hidden="true" className="h-5 w-5 text-leaf-600" />}
            >
              <dl className="grid gap-2 text-sm">
                <div className="flex justify-between gap-3">
                  <dt className="text-muted-fg">{BOOKING_TEXT.price}</dt>
                  <dd className="font-semibold">{formatMoney(booking.price, booking.currency)}</dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="text-muted-fg">
                    Commission ({booking.earnings.commission_percent}%{tier ? `, ${tier.name}` : ''})
                  </dt>
                  <dd className="font-semibold">
                    − {formatMoney(booking.earnings.commission_minor, booking.currency)}
                  </dd>
                </div>
                <div className="flex justify-between gap-3 border-t border-border pt-2 text-base">
                  <dt className="font-bold">{BOOKING_TEXT.earnings}</dt>
                  <dd className="font-extrabold text-leaf-700 dark:text-green-200">
                    {formatMoney(booking.earnings.earnings_minor, booking.currency)}
                  </dd>
                </div>
              </dl>
            </Panel>
          )}
          <Panel
            title={BOOKING_TEXT.history}
            icon={<History aria-hidden="true" className="h-5 w-5 text-muted-fg" />}
          >
            {booking.history.length === 0 ? (
              <p className="text-sm text-muted-fg">Booked on {formatMoment(booking.created_at)}.</p>
            ) : (
              <ol className="relative grid gap-4 border-l border-border pl-4">
                {booking.history.map((e) => (
                  <li key={e.id} className="relative">
                    <span
                      aria-hidden="true"
                      className="absolute -left-[1.3rem] top-1.5 h-2.5 w-2.5 rounded-full bg-brand-600"
                    />
                    <p className="text-sm font-semibold">{HISTORY_LABELS[e.action] ?? humanize(e.action)}</p>
                    <p className="text-xs text-muted-fg">
                      <time dateTime={e.created_at}>{formatMoment(e.created_at)}</time>
                      {' · '}
                      {e.actor_role === booking.role
                        ? 'you'
                        : e.actor_role === 'system' || e.actor_role === 'admin'
                          ? 'Adwuma'
                          : `the ${e.actor_role}`}
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
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
                toast.success(BOOKING_TEXT.done.dispute);
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

function ReviewBlock({
  title,
  rating,
  text,
  children,
}: {
  title: string;
  rating: number;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-border p-4">
      <p className="flex items-center justify-between gap-2 text-sm font-semibold">
        {title}
        <span role="img" aria-label={`${rating} out of 5`} className="text-brand-600">
          {'★'.repeat(rating)}
          <span className="text-muted-fg/40">{'★'.repeat(5 - rating)}</span>
        </span>
      </p>
      <p className="mt-1 text-sm">{text}</p>
      {children}
    </div>
  );
}

/** `/bookings/:id`: one booking for either side, with what happens next and the caller's actions. */
export function BookingPage() {
  const { id = '' } = useParams();
  const booking = useBooking(id);
  if (booking.isPending) {
    return (
      <div
        role="status"
        aria-label="Loading the booking"
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
