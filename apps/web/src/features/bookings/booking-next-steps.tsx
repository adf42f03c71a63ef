import type { BookingAction } from '@adwuma/shared';
import { CalendarClock, CheckCircle2, Flag, Play, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import type { BookingStepInput, useBookingStep } from './api/booking-actions.ts';
import type { BookingDetail } from './api/get-booking.ts';
import { otherParty } from './booking-item.tsx';
import { durationText, useBookingText } from './booking-text.ts';
import { useDates } from './dates.ts';
import { timeRange } from './week.ts';

export type DialogName = 'reschedule' | 'cancel' | 'dispute' | null;

type StepProps = {
  booking: BookingDetail;
  step: ReturnType<typeof useBookingStep>;
  run: (input: BookingStepInput) => void;
};

/** A proposed new time: withdraw it (the proposer) or accept/decline it (the other side). */
export function ProposalBlock({ booking, step, run }: StepProps) {
  const proposal = booking.proposal;
  const BOOKING_TEXT = useBookingText();
  const { formatDay } = useDates();
  const { t } = BOOKING_TEXT;
  if (!proposal) return null;
  const other = otherParty(booking);
  const can = (a: BookingAction) => booking.actions.includes(a);
  const pendingStep = step.isPending ? step.variables?.step : undefined;
  const myProposal = proposal.by === booking.role;
  const canAnswer = can('accept_reschedule') || can('decline_reschedule');
  return (
    <section
      aria-label={BOOKING_TEXT.proposal}
      className="mt-4 rounded-xl border border-brand-500/40 bg-brand-50 p-4 dark:bg-brand-800/20"
    >
      <p className="text-sm font-bold">
        {myProposal ? t('page.youProposed') : t('page.theyPropose', { name: other.name })}
      </p>
      <p className="mt-1 text-sm">
        {formatDay(proposal.scheduled_date)}
        {proposal.start_time ? `, ${timeRange(proposal.start_time, proposal.duration_minutes)}` : ''}
        {proposal.duration_minutes ? ` (${durationText(t, proposal.duration_minutes)})` : ''}
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
  );
}

/** The caller's next steps, in the order the booking moves on. */
export function ActionButtons({
  booking,
  step,
  run,
  openDialog,
}: StepProps & { openDialog: (name: DialogName) => void }) {
  const BOOKING_TEXT = useBookingText();
  const can = (a: BookingAction) => booking.actions.includes(a);
  const pendingStep = step.isPending ? step.variables?.step : undefined;
  const proposal = booking.proposal;
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
  if (buttons.length === 0) return null;
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      {buttons.map((b) => (
        <span key={b.key}>{b.node}</span>
      ))}
    </div>
  );
}
