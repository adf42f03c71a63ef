import { DISPLAYED_STATUS_LABELS } from '@adwuma/shared';
import { ArrowRight, ShieldCheck } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { VerifiedBadge } from '../../components/ui/verified-badge.tsx';
import { useVerification } from './api/get-verification.ts';
import { DisplayedStatusBadge } from './status-badges.tsx';
import { verificationPhase } from './status-panel.tsx';

/** Where the id step lives (spec 2 set A; the gate sends providers there too). */
export const VERIFICATION_STEP_PATH = '/onboarding/verification';

const TEXT = {
  not_submitted:
    'Verify your identity with your Ghana Card and a selfie. Customers book verified providers first.',
  waiting: 'Your documents are submitted and waiting for a reviewer.',
  in_review: 'A reviewer is checking your documents. We will notify you of the result.',
  approved: 'Your identity is verified. Customers see the Verified badge on your profile.',
  rejected: 'Your documents were not accepted. Replace them and submit again.',
} as const;

/** The profile's verification card for a provider: the displayed status and the way to the id step. */
export function ProfileVerification({ verified }: { verified: boolean }) {
  const verification = useVerification();
  const state = verification.data;
  const phase = state ? verificationPhase(state) : verified ? 'approved' : null;
  return (
    <section
      aria-labelledby="verification-title"
      className="mt-6 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-leaf-600/10 text-leaf-700 dark:text-green-200">
            <ShieldCheck aria-hidden="true" className="h-5 w-5" />
          </span>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="verification-title" className="font-bold">
                Identity verification
              </h2>
              {phase === 'approved' ? (
                <VerifiedBadge label="Identity verified" />
              ) : state ? (
                <DisplayedStatusBadge status={state.displayedStatus} />
              ) : null}
            </div>
            {phase ? (
              <p className="mt-0.5 text-sm text-muted-fg">
                <span className="sr-only">
                  Status: {state ? DISPLAYED_STATUS_LABELS[state.displayedStatus] : 'Verified'}.{' '}
                </span>
                {TEXT[phase]}
              </p>
            ) : verification.isError ? (
              <p className="mt-0.5 text-sm text-muted-fg">Your verification status could not be loaded.</p>
            ) : (
              <Skeleton className="mt-1.5 h-4 w-56" />
            )}
          </div>
        </div>
        {phase !== 'approved' && (
          <ButtonLink
            to={VERIFICATION_STEP_PATH}
            size="sm"
            variant={phase === 'not_submitted' || phase === 'rejected' ? 'primary' : 'outline'}
            className="shrink-0 self-start sm:self-auto"
          >
            {phase === 'not_submitted'
              ? 'Verify your identity'
              : phase === 'rejected'
                ? 'Submit again'
                : 'See your documents'}
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
