import { DOCUMENT_MESSAGES, type VerificationState } from '@adwuma/shared';
import { BadgeCheck, Clock, Eye, IdCard, Lock, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { VerifiedBadge } from '../../components/ui/verified-badge.tsx';
import { DisplayedStatusBadge } from './status-badges.tsx';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : DATE.format(date);
}

/** Where the provider stands, as the id step and the profile explain it. */
export type VerificationPhase = 'not_submitted' | 'waiting' | 'in_review' | 'approved' | 'rejected';

export function verificationPhase(state: VerificationState): VerificationPhase {
  if (state.verified || state.displayedStatus === 'admin_approved') return 'approved';
  if (state.displayedStatus === 'admin_rejected') return 'rejected';
  if (state.displayedStatus === 'in_review') return 'in_review';
  return state.session?.submitted_at ? 'waiting' : 'not_submitted';
}

/** Submitted and not sent back: the step's Continue just goes on. */
export function isSubmitted(phase: VerificationPhase): boolean {
  return phase === 'waiting' || phase === 'in_review' || phase === 'approved';
}

/** GHA-123456789-0 shown as GHA-•••••6789-0: enough to recognise, not to copy. */
export function maskGhanaCard(number: string): string {
  const match = /^GHA-(\d{9})-(\d)$/.exec(number);
  return match ? `GHA-•••••${match[1]?.slice(5)}-${match[2]}` : number;
}

const PHASES: Record<
  VerificationPhase,
  { icon: typeof Clock; ring: string; title: string; body: (state: VerificationState) => ReactNode }
> = {
  not_submitted: {
    icon: IdCard,
    ring: 'bg-muted text-muted-fg',
    title: 'Verify your identity',
    body: () =>
      'Upload the front and back of your Ghana Card and a selfie holding it, enter your card number, then submit. A reviewer checks them and we notify you of the result.',
  },
  waiting: {
    icon: Clock,
    ring: 'bg-brand-100 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100',
    title: 'Submitted, waiting for a reviewer',
    body: (state) => {
      const on = formatDate(state.session?.submitted_at);
      return `${on ? `You submitted your documents on ${on}. ` : ''}A reviewer will check them soon; we will notify you of the result.`;
    },
  },
  in_review: {
    icon: Eye,
    ring: 'bg-brand-100 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100',
    title: 'A reviewer is checking your documents',
    body: () => 'You will get a notification with the result. Nothing else is needed from you for now.',
  },
  approved: {
    icon: BadgeCheck,
    ring: 'bg-leaf-600/15 text-leaf-700 dark:text-green-200',
    title: "You're verified",
    body: () =>
      'Customers see the Verified badge on your profile, so they can book you with confidence. Your approved documents stay as they are.',
  },
  rejected: {
    icon: XCircle,
    ring: 'bg-danger/10 text-danger',
    title: 'Your documents were not accepted',
    body: () => 'Replace the documents and submit again.',
  },
};

/** The displayed status (spec 4) with what it means and what to do next. */
export function VerificationStatusPanel({ state }: { state: VerificationState }) {
  const phase = verificationPhase(state);
  const { icon: Icon, ring, title, body } = PHASES[phase];
  const note = state.session?.review_note?.trim();
  const number = state.session?.ghana_card_number;
  return (
    <section
      aria-labelledby="verification-status-title"
      className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full ${ring}`}>
          <Icon aria-hidden="true" className="h-6 w-6" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-xs font-semibold uppercase tracking-wide text-muted-fg">Status</p>
            {phase === 'approved' ? (
              <VerifiedBadge label="Identity verified" />
            ) : (
              <DisplayedStatusBadge status={state.displayedStatus} />
            )}
          </div>
          <h2 id="verification-status-title" className="mt-1.5 text-base font-bold text-fg">
            {title}
          </h2>
          {phase === 'rejected' && note && (
            <figure className="mt-2 rounded-xl border-l-4 border-danger bg-danger/5 px-3 py-2">
              <figcaption className="text-xs font-semibold text-muted-fg">Reviewer's note</figcaption>
              <blockquote className="mt-0.5 text-sm text-fg [overflow-wrap:anywhere]">{note}</blockquote>
            </figure>
          )}
          <p className="mt-1.5 text-sm text-muted-fg">{body(state)}</p>
          {number && phase !== 'not_submitted' && phase !== 'rejected' && (
            <p className="mt-2 text-sm text-fg">
              Ghana Card <span className="font-mono font-semibold">{maskGhanaCard(number)}</span>
            </p>
          )}
          {!state.canEdit && phase !== 'approved' && (
            <p className="mt-3 flex items-start gap-2 rounded-xl bg-muted/70 px-3 py-2 text-sm text-fg">
              <Lock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-muted-fg" />
              {DOCUMENT_MESSAGES.underReview}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
