import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  isAwaitingReview,
  isDecided,
  type ProviderDocument,
  REVIEW_NOTE_MAX,
  type ReviewDetail,
  reviewDecisionSchema,
} from '@adwuma/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, BadgeCheck, ExternalLink, Eye, FileText, ImageOff, XCircle } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field, Textarea } from '../../components/ui/field.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { VerifiedBadge } from '../../components/ui/verified-badge.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { toast } from '../../lib/toast.ts';
import { useSession } from '../auth/index.ts';
import { DisplayedStatusBadge, formatBytes, sessionStatusLabel } from '../verification/index.ts';
import { providerName } from './admin-review-page.tsx';
import { formatDateTime, QueryError } from './admin-ui.tsx';
import { claimReview, decideReview, reviewDetailQuery, reviewKeys } from './api/review.ts';

export const REVIEW_TEXT = {
  claim: 'Start review',
  approve: 'Approve',
  reject: 'Reject',
  claimed: 'Review started',
  approved: 'Verification approved',
  rejected: 'Verification rejected',
  failed: 'The decision was not saved',
  noteLabel: 'Reason for the provider',
} as const;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-card p-5 shadow-sm">
      <h2 id={id} className="font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid gap-3 text-sm">{children}</dl>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2">
      <dt className="text-muted-fg">{label}</dt>
      <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function DocumentView({
  type,
  document,
  name,
  wide = false,
}: {
  type: (typeof DOCUMENT_TYPES)[number];
  document?: ProviderDocument;
  name: string;
  /** Across both columns: a lower frame, so a portrait selfie does not fill the screen. */
  wide?: boolean;
}) {
  const label = DOCUMENT_TYPE_LABELS[type];
  const frame = wide ? 'aspect-[4/3] sm:aspect-[16/9]' : 'aspect-[4/3]';
  const [broken, setBroken] = useState(false);
  return (
    <figure className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
      {!document ? (
        <div
          className={`flex ${frame} flex-col items-center justify-center gap-2 bg-muted/60 text-sm text-muted-fg`}
        >
          <ImageOff aria-hidden="true" className="h-7 w-7" />
          Not uploaded
        </div>
      ) : document.mime_type === 'application/pdf' ? (
        <a
          href={document.url}
          target="_blank"
          rel="noreferrer"
          className={`flex ${frame} flex-col items-center justify-center gap-2 bg-muted/60 text-sm font-semibold text-brand-700 hover:bg-muted dark:text-brand-500`}
        >
          <FileText aria-hidden="true" className="h-10 w-10" />
          Open PDF in a new tab
          <span className="sr-only">: {label}</span>
        </a>
      ) : broken ? (
        <div
          className={`flex ${frame} flex-col items-center justify-center gap-2 bg-muted/60 px-4 text-center text-sm text-muted-fg`}
        >
          <ImageOff aria-hidden="true" className="h-7 w-7" />
          The preview link expired. Reload the page.
        </div>
      ) : (
        <a href={document.url} target="_blank" rel="noreferrer" className="block bg-muted/60">
          <img
            src={document.url}
            alt={`${label} of ${name}`}
            onError={() => setBroken(true)}
            className={`mx-auto ${frame} w-full object-contain`}
          />
        </a>
      )}
      <figcaption className="flex items-center justify-between gap-2 border-t border-border px-4 py-3 text-sm">
        <span className="min-w-0">
          <span className="block font-semibold">{label}</span>
          {document && (
            <span className="block truncate text-xs text-muted-fg">
              {document.filename} · {formatBytes(document.file_size)}
            </span>
          )}
        </span>
        {document && (
          <a
            href={document.url}
            target="_blank"
            rel="noreferrer"
            aria-label={`Open ${label} in a new tab`}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-muted-fg hover:bg-muted hover:text-fg"
          >
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
          </a>
        )}
      </figcaption>
    </figure>
  );
}

type Running = 'claim' | 'approve' | 'reject' | null;

function Decision({ detail }: { detail: ReviewDetail }) {
  const { me } = useSession();
  const queryClient = useQueryClient();
  const noteId = useId();
  const [running, setRunning] = useState<Running>(null);
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const name = providerName(detail);

  const settle = (answer: ReviewDetail) => {
    queryClient.setQueryData(reviewKeys.detail(detail.id), answer);
    void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
  };

  async function run(kind: Exclude<Running, null>, call: () => Promise<ReviewDetail>, success: string) {
    setRunning(kind);
    try {
      settle(await call());
      setAsking(null);
      toast.success(success);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Please try again.';
      toast.error(REVIEW_TEXT.failed, { description: message });
      if (error instanceof ApiError && error.status === 409) {
        setAsking(null);
        void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      }
    } finally {
      setRunning(null);
    }
  }

  function reject() {
    const parsed = reviewDecisionSchema.safeParse({ decision: 'reject', note });
    if (!parsed.success) {
      setNoteError(
        parsed.error.issues.find((i) => i.path[0] === 'note')?.message ??
          parsed.error.issues[0]?.message ??
          null,
      );
      return;
    }
    setNoteError(null);
    void run('reject', () => decideReview(detail.id, parsed.data), REVIEW_TEXT.rejected);
  }

  if (isDecided(detail.status)) {
    const approved = detail.status === 'admin_approved';
    const by = detail.reviewer_id
      ? detail.reviewer_id === me?.user.id
        ? 'You'
        : `Admin ${detail.reviewer_id.slice(0, 8)}`
      : '—';
    return (
      <Panel title="Decision">
        <p
          className={`flex items-center gap-2 font-semibold ${approved ? 'text-leaf-700 dark:text-green-300' : 'text-danger'}`}
        >
          {approved ? (
            <BadgeCheck aria-hidden="true" className="h-5 w-5" />
          ) : (
            <XCircle aria-hidden="true" className="h-5 w-5" />
          )}
          {approved ? 'Approved' : 'Rejected'}
        </p>
        <div className="mt-3">
          <Facts>
            <Fact label="Decided by">{by}</Fact>
            <Fact label="Decided on">
              {detail.reviewed_at ? (
                <time dateTime={detail.reviewed_at}>{formatDateTime(detail.reviewed_at)}</time>
              ) : (
                '—'
              )}
            </Fact>
            <Fact label="Note">
              {detail.review_note ? <q>{detail.review_note}</q> : <span className="text-muted-fg">None</span>}
            </Fact>
          </Facts>
        </div>
      </Panel>
    );
  }

  if (!isAwaitingReview(detail.status)) return null;
  const claimed = detail.status === 'in_review';
  const busy = running !== null;
  return (
    <Panel title="Decision">
      <p className="text-sm text-muted-fg">
        {claimed
          ? detail.reviewer_id === me?.user.id
            ? 'You are reviewing this. Check that the card is genuine, the number matches and the selfie shows the same person.'
            : 'Another admin started this review. You can still decide.'
          : 'Start the review so other admins know you are on it, then approve or reject.'}
      </p>
      <div className="mt-4 grid gap-2">
        {!claimed && (
          <Button
            variant="outline"
            busy={running === 'claim'}
            disabled={busy}
            onClick={() => void run('claim', () => claimReview(detail.id), REVIEW_TEXT.claimed)}
          >
            <Eye aria-hidden="true" className="h-4 w-4" />
            {REVIEW_TEXT.claim}
          </Button>
        )}
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" disabled={busy} onClick={() => setAsking('approve')}>
            <BadgeCheck aria-hidden="true" className="h-4 w-4" />
            {REVIEW_TEXT.approve}
          </Button>
          <Button
            variant="outline"
            className="!text-danger hover:!bg-danger/10"
            disabled={busy}
            onClick={() => {
              setNoteError(null);
              setAsking('reject');
            }}
          >
            <XCircle aria-hidden="true" className="h-4 w-4" />
            {REVIEW_TEXT.reject}
          </Button>
        </div>
      </div>

      {asking === 'approve' && (
        <Dialog
          title={`Approve ${name}?`}
          description="They get the Verified badge on their profile and a notification."
          onClose={() => (busy ? undefined : setAsking(null))}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" disabled={busy} onClick={() => setAsking(null)}>
              Cancel
            </Button>
            <Button
              variant="secondary"
              busy={running === 'approve'}
              onClick={() =>
                void run(
                  'approve',
                  () => decideReview(detail.id, { decision: 'approve' }),
                  REVIEW_TEXT.approved,
                )
              }
            >
              <BadgeCheck aria-hidden="true" className="h-4 w-4" />
              Approve verification
            </Button>
          </div>
        </Dialog>
      )}

      {asking === 'reject' && (
        <Dialog
          title={`Reject ${name}'s documents?`}
          description="They are told why and can upload new documents and submit again."
          onClose={() => (busy ? undefined : setAsking(null))}
        >
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              reject();
            }}
          >
            <Field
              id={noteId}
              label={REVIEW_TEXT.noteLabel}
              hint={`The provider sees this. Say what to fix, e.g. “The selfie is blurred”. ${note.length}/${REVIEW_NOTE_MAX}`}
              error={noteError ?? undefined}
            >
              {(c) => (
                <Textarea
                  {...c}
                  value={note}
                  maxLength={REVIEW_NOTE_MAX}
                  onChange={(event) => {
                    setNote(event.target.value);
                    if (noteError) setNoteError(null);
                  }}
                  className="min-h-28"
                />
              )}
            </Field>
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="ghost" disabled={busy} onClick={() => setAsking(null)}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" busy={running === 'reject'}>
                <XCircle aria-hidden="true" className="h-4 w-4" />
                Reject documents
              </Button>
            </div>
          </form>
        </Dialog>
      )}
    </Panel>
  );
}

/** /admin/review/:id: one provider's documents, their details, and the decision. */
export function AdminReviewDetailPage() {
  const { id = '' } = useParams();
  const detail = useQuery(reviewDetailQuery(id));
  const name = detail.data ? providerName(detail.data) : 'Verification';
  useDocumentTitle(`${name} · Verification review · Admin`);

  return (
    <div>
      <ButtonLink to={ROUTES.adminReview} variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the queue
      </ButtonLink>
      {detail.isPending ? (
        <div role="status" aria-label="Loading" className="mt-4 grid gap-4 lg:grid-cols-[1.6fr_1fr]">
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
        </div>
      ) : detail.isError ? (
        <div className="mt-4">
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
        </div>
      ) : (
        <ReviewBody detail={detail.data} />
      )}
    </div>
  );
}

function ReviewBody({ detail }: { detail: ReviewDetail }) {
  const name = providerName(detail);
  const byType = new Map(detail.documents.map((d) => [d.document_type, d]));
  return (
    <>
      <header className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-extrabold tracking-tight sm:text-3xl">
            <span className="[overflow-wrap:anywhere]">{name}</span>
            {detail.provider.verified && <VerifiedBadge />}
          </h1>
          <p className="mt-1 text-sm text-muted-fg">
            Identity verification · {sessionStatusLabel(detail.status)}
          </p>
        </div>
        {!(detail.displayedStatus === 'admin_approved' && detail.provider.verified) && (
          <DisplayedStatusBadge status={detail.displayedStatus} className="self-start sm:self-auto" />
        )}
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1.6fr_1fr]">
        <section aria-label="Documents" className="grid gap-4 sm:grid-cols-2">
          {DOCUMENT_TYPES.map((type) => (
            <div key={type} className={type === 'selfie' ? 'sm:col-span-2' : ''}>
              <DocumentView type={type} document={byType.get(type)} name={name} wide={type === 'selfie'} />
            </div>
          ))}
        </section>
        <div className="grid content-start gap-4">
          <Decision detail={detail} />
          <Panel title="Ghana Card">
            <p className="font-mono text-lg font-semibold tracking-wide">
              {detail.ghana_card_number ?? <span className="font-sans text-sm text-muted-fg">Not given</span>}
            </p>
            <p className="mt-1 text-xs text-muted-fg">Check it against the number printed on the card.</p>
          </Panel>
          <Panel title="Provider">
            <Facts>
              <Fact label="Name">{detail.provider.full_name ?? '—'}</Fact>
              <Fact label="Email">
                {detail.provider.email ? (
                  <a
                    href={`mailto:${detail.provider.email}`}
                    className="text-brand-700 underline dark:text-brand-500"
                  >
                    {detail.provider.email}
                  </a>
                ) : (
                  '—'
                )}
              </Fact>
              <Fact label="Phone">{detail.provider.phone ?? '—'}</Fact>
              <Fact label="City">{detail.provider.city ?? '—'}</Fact>
              <Fact label="Verified">{detail.provider.verified ? <VerifiedBadge /> : 'Not yet'}</Fact>
              <Fact label="Submitted">
                {detail.submitted_at ? (
                  <time dateTime={detail.submitted_at}>{formatDateTime(detail.submitted_at)}</time>
                ) : (
                  'Not submitted'
                )}
              </Fact>
              <Fact label="Last change">
                <time dateTime={detail.updated_at}>{formatDateTime(detail.updated_at)}</time>
              </Fact>
            </Facts>
          </Panel>
        </div>
      </div>
    </>
  );
}
