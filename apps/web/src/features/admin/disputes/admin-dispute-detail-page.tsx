import {
  type AdminConversation,
  BOOKING_STATUS_LABELS,
  type BookingStatus,
  DISPUTE_LIMITS,
  DISPUTE_REASON_LABELS,
  type DisputeOutcome,
  disputeResolutionSchema,
  formatMoney,
  MONEY_MESSAGES,
  parseMoney,
  statusAfterDispute,
} from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileText, Gavel, MessagesSquare, Scale } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CediInput, Field, Textarea } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError, api } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { toast } from '../../../lib/toast.ts';
import { formatDateRange } from '../../bookings/index.ts';
import { formatDateTime, QueryError } from '../admin-ui.tsx';
import { adminDisputeQuery, type Dispute, useResolveDispute } from './api/disputes.ts';
import { DisputeStatusBadge, OUTCOME_LABELS } from './dispute-labels.tsx';

/** "GH₵ 450.00" kept on one line (a no-break space) inside a sentence that wraps on phones. */
const unbroken = (amount: string) => amount.replace(/ /g, '\u00a0');

export const DISPUTE_TEXT = {
  conversation: 'The parties have not messaged each other on Adwuma.',
  resolve: 'Resolve dispute',
  confirm: 'Confirm resolution',
  resolved: 'Dispute resolved',
  failed: 'The resolution was not saved',
  noteLabel: 'Note to both parties',
  outcomeLegend: 'In favour of',
  split: 'A split',
  splitHint: 'Part to the provider, the rest back to the customer · booking becomes completed',
  providerAmount: 'To the provider',
  customerAmount: 'Back to the customer',
  atStake: (amount: string) =>
    `Held by Adwuma for this booking: ${unbroken(amount)}. The two amounts must add up to it.`,
  amountNeeded: (who: 'provider' | 'customer') => `Enter the amount for the ${who} in cedis`,
  splitTotal: (amount: string) => `The two amounts must add up to ${unbroken(amount)}.`,
  splitOutcome: (provider: string, customer: string) =>
    `${provider} to the provider, ${customer} back to the customer`,
} as const;

const ACTION_LABELS: Record<string, string> = {
  create: 'Booking created',
  start: 'Started',
  mark_done: 'Marked done',
  confirm: 'Confirmed done',
  auto_complete: 'Completed automatically',
  cancel: 'Cancelled',
  propose_reschedule: 'New time proposed',
  accept_reschedule: 'New time accepted',
  decline_reschedule: 'New time declined',
  open_dispute: 'Dispute opened',
  resolve_dispute: 'Dispute resolved',
};

const actionLabel = (action: string) =>
  ACTION_LABELS[action] ?? action.charAt(0).toUpperCase() + action.slice(1).replaceAll('_', ' ');

const statusLabel = (status: string) => BOOKING_STATUS_LABELS[status as BookingStatus] ?? status;

function Panel({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-card p-5 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 font-bold">
        {icon}
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2">
      <dt className="text-muted-fg">{label}</dt>
      <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function Evidence({ dispute }: { dispute: Dispute }) {
  if (dispute.photos.length === 0) return <p className="text-sm text-muted-fg">No files were attached.</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {dispute.photos.map((file, i) => {
        const n = `${i + 1} of ${dispute.photos.length}`;
        return (
          <li key={file.id}>
            {file.content_type === 'application/pdf' ? (
              <a
                href={file.url}
                target="_blank"
                rel="noreferrer"
                className="flex aspect-square flex-col items-center justify-center gap-2 rounded-xl border border-border bg-muted/60 p-2 text-center text-sm font-semibold text-brand-700 hover:bg-muted dark:text-brand-500"
              >
                <FileText aria-hidden="true" className="h-8 w-8" />
                Open PDF<span className="sr-only">, evidence {n}</span>
              </a>
            ) : (
              <a
                href={file.url}
                target="_blank"
                rel="noreferrer"
                className="block overflow-hidden rounded-xl border border-border bg-muted/60 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <img
                  src={file.url}
                  alt={`Evidence ${n}`}
                  loading="lazy"
                  className="aspect-square w-full object-cover"
                />
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function History({ dispute }: { dispute: Dispute }) {
  if (dispute.history.length === 0) return <p className="text-sm text-muted-fg">No events recorded.</p>;
  return (
    <ol className="relative grid gap-4 border-l border-border pl-5">
      {dispute.history.map((event) => (
        <li key={event.id} className="relative text-sm">
          <span
            aria-hidden="true"
            className="absolute -left-[1.625rem] top-1.5 h-2.5 w-2.5 rounded-full bg-brand-500 ring-4 ring-card"
          />
          <p className="font-semibold">
            {actionLabel(event.action)}{' '}
            <span className="font-normal text-muted-fg">by the {event.actor_role}</span>
          </p>
          {event.to_status && event.from_status !== event.to_status && (
            <p className="text-muted-fg">
              {event.from_status ? `${statusLabel(event.from_status)} → ` : ''}
              {statusLabel(event.to_status)}
            </p>
          )}
          <time dateTime={event.created_at} className="text-xs text-muted-fg">
            {formatDateTime(event.created_at)}
          </time>
        </li>
      ))}
    </ol>
  );
}

/** The messages between the two parties (newest 200), so the admin reads what was agreed. */
function Conversation({ dispute }: { dispute: Dispute }) {
  const conversation = useQuery({
    queryKey: ['admin', 'disputes', 'conversation', dispute.id],
    queryFn: ({ signal }) =>
      api<AdminConversation>(`/api/admin/disputes/${dispute.id}/conversation`, { signal }),
    staleTime: 30_000,
  });
  if (conversation.isPending) return <Skeleton className="h-24" />;
  if (conversation.isError)
    return <QueryError error={conversation.error} onRetry={() => void conversation.refetch()} />;
  const { messages } = conversation.data;
  if (messages.length === 0) return <p className="text-sm text-muted-fg">{DISPUTE_TEXT.conversation}</p>;
  const { customer, provider } = dispute.booking;
  const nameOf = (id: string) =>
    id === customer.id ? customer.name : id === provider.id ? provider.name : 'Someone';
  return (
    <ol className="grid max-h-96 gap-2 overflow-y-auto text-sm" aria-label="Messages between the parties">
      {messages.map((m) => (
        <li
          key={m.id}
          className={`grid gap-0.5 rounded-xl p-2.5 ${m.sender_id === customer.id ? 'bg-muted' : 'bg-brand-50 dark:bg-brand-800/20'}`}
        >
          <span className="text-xs text-muted-fg">
            {nameOf(m.sender_id)} · <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
          </span>
          {m.context && <span className="text-xs font-semibold">{m.context.title}</span>}
          <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">
            {m.body || (m.attachment ? '(photo)' : '')}
          </span>
          {m.attachment && (
            <a
              href={m.attachment.url}
              target="_blank"
              rel="noopener"
              className="text-xs font-semibold text-brand-700 underline"
            >
              Open the photo
            </a>
          )}
        </li>
      ))}
    </ol>
  );
}

function partyName(dispute: Dispute, side: 'customer' | 'provider') {
  return side === 'customer' ? dispute.booking.customer.name : dispute.booking.provider.name;
}

/** The amounts a resolution moved, as its history event recorded them (null when none moved). */
function resolvedAmounts(dispute: Dispute): { provider: number; customer: number } | null {
  const event = dispute.history.filter((e) => e.action === 'resolve_dispute').at(-1);
  const provider = event?.details?.provider_minor;
  const customer = event?.details?.customer_minor;
  return typeof provider === 'number' && typeof customer === 'number' ? { provider, customer } : null;
}

function Outcome({ dispute }: { dispute: Dispute }) {
  const side = dispute.in_favour_of;
  const amounts = resolvedAmounts(dispute);
  return (
    <Panel title="Outcome" icon={<Scale aria-hidden="true" className="h-5 w-5 text-leaf-600" />}>
      <p className="font-semibold text-leaf-700 dark:text-green-300">
        {side === 'split'
          ? OUTCOME_LABELS.split
          : side
            ? `${OUTCOME_LABELS[side]} (${partyName(dispute, side)})`
            : 'Resolved'}
      </p>
      {amounts && (
        <p className="mt-1 text-sm">
          {DISPUTE_TEXT.splitOutcome(
            formatMoney(amounts.provider, 'GHS'),
            formatMoney(amounts.customer, 'GHS'),
          )}
        </p>
      )}
      <dl className="mt-3 grid gap-3 text-sm">
        <Fact label="Booking now">{side ? statusLabel(statusAfterDispute(side)) : '—'}</Fact>
        <Fact label="Resolved on">
          {dispute.resolved_at ? (
            <time dateTime={dispute.resolved_at}>{formatDateTime(dispute.resolved_at)}</time>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Note">
          {dispute.resolution_note ? (
            <q>{dispute.resolution_note}</q>
          ) : (
            <span className="text-muted-fg">None</span>
          )}
        </Fact>
      </dl>
    </Panel>
  );
}

type Errors = { in_favour_of?: string; note?: string; provider_minor?: string; customer_minor?: string };

/** A split's amount typed in cedis, in pesewas; undefined when empty, null when not an amount. */
function pesewas(text: string): number | null | undefined {
  if (!text.trim()) return undefined;
  return parseMoney(text);
}

/** The radio card of one outcome. */
function OutcomeOption({
  name,
  value,
  checked,
  onChange,
  title,
  hint,
}: {
  name: string;
  value: DisputeOutcome;
  checked: boolean;
  onChange: () => void;
  title: string;
  hint: string;
}) {
  return (
    <label
      className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
        checked ? 'border-brand-500 bg-brand-50 dark:bg-brand-800/20' : 'border-border'
      }`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="h-4 w-4 shrink-0 accent-brand-600"
      />
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="block text-xs text-muted-fg">{hint}</span>
      </span>
    </label>
  );
}

function ResolveForm({ dispute }: { dispute: Dispute }) {
  const noteId = useId();
  const radioName = useId();
  const providerId = useId();
  const customerId = useId();
  const [side, setSide] = useState<DisputeOutcome | null>(null);
  const [note, setNote] = useState('');
  const [amounts, setAmounts] = useState({ provider: '', customer: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const resolve = useResolveDispute(dispute.id);
  // What a split shares out: the money still held, or the earnings not yet matured of a booking
  // completed before the dispute (the server's figure; null when nothing can move any more).
  const heldMinor = dispute.money_at_stake_minor ?? null;

  function resolution() {
    if (side !== 'split') return { in_favour_of: side ?? undefined, note };
    return {
      in_favour_of: side,
      note,
      provider_minor: pesewas(amounts.provider),
      customer_minor: pesewas(amounts.customer),
    };
  }

  function check() {
    const input = resolution();
    const next: Errors = {};
    if (side === 'split')
      for (const who of ['provider', 'customer'] as const) {
        const value = input[`${who}_minor`];
        if (value === null) next[`${who}_minor`] = MONEY_MESSAGES.invalid;
        if (value === undefined) next[`${who}_minor`] = DISPUTE_TEXT.amountNeeded(who);
      }
    const parsed = disputeResolutionSchema.safeParse({
      ...input,
      provider_minor: input.provider_minor ?? undefined,
      customer_minor: input.customer_minor ?? undefined,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
    if (
      side === 'split' &&
      heldMinor !== null &&
      heldMinor > 0 &&
      typeof input.provider_minor === 'number' &&
      typeof input.customer_minor === 'number' &&
      input.provider_minor + input.customer_minor !== heldMinor
    )
      next.customer_minor ??= DISPUTE_TEXT.splitTotal(formatMoney(heldMinor, 'GHS'));
    if (Object.keys(next).length > 0) {
      setErrors(next);
      return;
    }
    setErrors({});
    setConfirming(true);
  }

  function confirm() {
    if (!side) return;
    const input = resolution();
    resolve.mutate(
      side === 'split'
        ? {
            in_favour_of: side,
            note: note.trim(),
            provider_minor: input.provider_minor ?? 0,
            customer_minor: input.customer_minor ?? 0,
          }
        : { in_favour_of: side, note: note.trim() },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success(DISPUTE_TEXT.resolved);
        },
        onError: (error) => {
          toast.error(DISPUTE_TEXT.failed, { description: error.message });
          if (error instanceof ApiError && (error.status === 409 || error.status === 400))
            setConfirming(false);
        },
      },
    );
  }

  const errorId = `${radioName}-error`;
  return (
    <Panel title="Resolve" icon={<Gavel aria-hidden="true" className="h-5 w-5 text-brand-600" />}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          check();
        }}
      >
        <fieldset
          aria-describedby={errors.in_favour_of ? errorId : undefined}
          aria-invalid={errors.in_favour_of ? true : undefined}
        >
          <legend className="text-sm font-semibold">{DISPUTE_TEXT.outcomeLegend}</legend>
          <div className="mt-1.5 grid gap-2">
            {(['customer', 'provider', 'split'] as const).map((value) => (
              <OutcomeOption
                key={value}
                name={radioName}
                value={value}
                checked={side === value}
                onChange={() => {
                  setSide(value);
                  setErrors((e) => ({ ...e, in_favour_of: undefined }));
                }}
                title={value === 'split' ? DISPUTE_TEXT.split : `The ${value}`}
                hint={
                  value === 'split'
                    ? DISPUTE_TEXT.splitHint
                    : `${partyName(dispute, value)} · booking becomes ${statusLabel(statusAfterDispute(value)).toLowerCase()}`
                }
              />
            ))}
          </div>
          {errors.in_favour_of && (
            <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-danger">
              {errors.in_favour_of}
            </p>
          )}
        </fieldset>
        {side === 'split' && (
          <div className="grid gap-3 rounded-xl bg-muted/60 p-3">
            {heldMinor !== null && heldMinor > 0 && (
              <p className="text-sm">{DISPUTE_TEXT.atStake(formatMoney(heldMinor, 'GHS'))}</p>
            )}
            {(
              [
                ['provider', providerId, 'provider_minor', DISPUTE_TEXT.providerAmount],
                ['customer', customerId, 'customer_minor', DISPUTE_TEXT.customerAmount],
              ] as const
            ).map(([who, id, field, label]) => (
              <Field key={who} id={id} label={`${label} (${partyName(dispute, who)})`} error={errors[field]}>
                {(c) => (
                  <CediInput
                    {...c}
                    value={amounts[who]}
                    placeholder="0.00"
                    onChange={(event) => {
                      const value = event.target.value;
                      setAmounts((a) => ({ ...a, [who]: value }));
                      if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
                    }}
                  />
                )}
              </Field>
            ))}
          </div>
        )}
        <Field
          id={noteId}
          label={DISPUTE_TEXT.noteLabel}
          hint={`Both parties read this with the outcome. ${note.length}/${DISPUTE_LIMITS.noteMax}`}
          error={errors.note}
        >
          {(c) => (
            <Textarea
              {...c}
              value={note}
              maxLength={DISPUTE_LIMITS.noteMax}
              className="min-h-28"
              onChange={(event) => {
                setNote(event.target.value);
                if (errors.note) setErrors((e) => ({ ...e, note: undefined }));
              }}
            />
          )}
        </Field>
        <Button type="submit">
          <Gavel aria-hidden="true" className="h-4 w-4" />
          {DISPUTE_TEXT.resolve}
        </Button>
      </form>

      {confirming && side && (
        <Dialog
          title={
            side === 'split' ? 'Resolve with a split?' : `Resolve in favour of ${partyName(dispute, side)}?`
          }
          description={
            side === 'split'
              ? `${DISPUTE_TEXT.splitOutcome(
                  formatMoney(pesewas(amounts.provider) ?? 0, 'GHS'),
                  formatMoney(pesewas(amounts.customer) ?? 0, 'GHS'),
                )}. The booking stands as completed. Both parties are notified with your note. This cannot be undone.`
              : side === 'customer'
                ? 'The booking is cancelled. Both parties are notified with your note. This cannot be undone.'
                : 'The booking stands as completed. Both parties are notified with your note. This cannot be undone.'
          }
          onClose={() => (resolve.isPending ? undefined : setConfirming(false))}
        >
          <p className="rounded-xl bg-muted p-3 text-sm [overflow-wrap:anywhere]">
            <q>{note.trim()}</q>
          </p>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" disabled={resolve.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button busy={resolve.isPending} onClick={confirm}>
              {DISPUTE_TEXT.confirm}
            </Button>
          </div>
        </Dialog>
      )}
    </Panel>
  );
}

function DisputeBody({ dispute }: { dispute: Dispute }) {
  const { booking } = dispute;
  return (
    <>
      <header className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
            {booking.title}
          </h1>
          <p className="mt-1 text-sm text-muted-fg">
            Dispute opened by {dispute.opened_by.name} ({dispute.opener_role}) on{' '}
            <time dateTime={dispute.created_at}>{formatDateTime(dispute.created_at)}</time>
          </p>
        </div>
        <span className="self-start sm:self-auto">
          <DisputeStatusBadge status={dispute.status} outcome={dispute.in_favour_of} />
        </span>
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1.6fr_1fr]">
        <div className="grid min-w-0 content-start gap-4">
          <Panel title="The complaint">
            <p className="font-semibold">{DISPUTE_REASON_LABELS[dispute.reason]}</p>
            <p className="mt-2 whitespace-pre-line text-sm [overflow-wrap:anywhere]">{dispute.description}</p>
          </Panel>
          <Panel title="Evidence">
            <Evidence dispute={dispute} />
          </Panel>
          <Panel
            title="Conversation"
            icon={<MessagesSquare aria-hidden="true" className="h-5 w-5 text-muted-fg" />}
          >
            <Conversation dispute={dispute} />
          </Panel>
          <Panel title="History">
            <History dispute={dispute} />
          </Panel>
        </div>
        <div className="grid content-start gap-4">
          {dispute.status === 'resolved' ? <Outcome dispute={dispute} /> : <ResolveForm dispute={dispute} />}
          <Panel title="Booking">
            <dl className="grid gap-3 text-sm">
              <Fact label="Title">{booking.title}</Fact>
              <Fact label="Price">{formatMoney(booking.price, 'GHS')}</Fact>
              <Fact label="Dates">
                {booking.scheduled_date
                  ? formatDateRange(booking.scheduled_date, booking.scheduled_end_date)
                  : 'Not set'}
              </Fact>
              <Fact label="Status">{statusLabel(booking.status)}</Fact>
              {booking.city && <Fact label="City">{booking.city}</Fact>}
              <Fact label="Customer">{booking.customer.name}</Fact>
              <Fact label="Provider">{booking.provider.name}</Fact>
              <Fact label="Booked">
                <time dateTime={booking.created_at}>{formatDateTime(booking.created_at)}</time>
              </Fact>
            </dl>
          </Panel>
        </div>
      </div>
    </>
  );
}

/** /admin/disputes/:id: the booking, the complaint, the evidence and history, and the resolution. */
export function AdminDisputeDetailPage() {
  const { id = '' } = useParams();
  const dispute = useQuery(adminDisputeQuery(id));
  useDocumentTitle(`${dispute.data?.booking.title ?? 'Dispute'} · Disputes · Admin`);

  return (
    <div>
      <ButtonLink to={ROUTES.adminDisputes} variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to disputes
      </ButtonLink>
      {dispute.isPending ? (
        <div role="status" aria-label="Loading" className="mt-4 grid gap-4 lg:grid-cols-[1.6fr_1fr]">
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
        </div>
      ) : dispute.isError ? (
        <div className="mt-4">
          {dispute.error instanceof ApiError && dispute.error.status === 404 ? (
            <Alert tone="danger" role="alert" title="Dispute not found" />
          ) : (
            <QueryError error={dispute.error} onRetry={() => void dispute.refetch()} />
          )}
        </div>
      ) : (
        <DisputeBody dispute={dispute.data} />
      )}
    </div>
  );
}
