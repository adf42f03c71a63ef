import {
  formatMoney,
  isQuoteLive,
  QUOTE_STATUS_LABELS,
  type QuoteRequest,
  type QuoteStatus,
} from '@adwuma/shared';
import type { TFunction } from 'i18next';
import { CalendarCheck, CalendarDays, Clock, MapPin, Send, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { PersonChip } from '../../components/ui/person-chip.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { bookingPath, useDates } from '../bookings/index.ts';
import { MessageLink } from '../messaging/index.ts';
import { timeAgo } from '../notifications/index.ts';
import { formatPlace, formatPreferredDate } from './format.ts';
import { useQuotesText } from './i18n.ts';
import { useQuoteActionText } from './quote-action-text.ts';

// The answer, decline, accept and cancel dialogs (with the form and schema libraries) are downloaded
// when one is opened, not with the list of requests (issue 20).
const actions = () => import('./quote-actions.tsx');
const SendQuoteDialog = lazy(() => actions().then((m) => ({ default: m.SendQuoteDialog })));
const DeclineDialog = lazy(() => actions().then((m) => ({ default: m.DeclineDialog })));
const AcceptDialog = lazy(() => actions().then((m) => ({ default: m.AcceptDialog })));
const CancelDialog = lazy(() => actions().then((m) => ({ default: m.CancelDialog })));

export type QuoteSide = 'received' | 'sent';

/** The provider reads the same status from the other side. */
const RECEIVED_LABELS: Partial<Record<QuoteStatus, string>> = {
  pending: 'Waiting for your quote',
  quoted: 'Quote sent',
};

const STATUS_TONE: Record<QuoteStatus, BadgeTone> = {
  pending: 'brand',
  quoted: 'leaf',
  accepted: 'leaf',
  declined: 'danger',
  expired: 'neutral',
  cancelled: 'neutral',
};

/** A live-looking request whose time ran out is shown as expired (the server's sweep may lag). */
export function shownStatus(request: QuoteRequest, now: Date = new Date()): QuoteStatus {
  if ((request.status === 'pending' || request.status === 'quoted') && !isQuoteLive(request, now))
    return 'expired';
  return request.status;
}

export function statusLabel(status: QuoteStatus, side: QuoteSide, t?: TFunction): string {
  if (t) {
    return side === 'received' && status in RECEIVED_LABELS
      ? t(`card.receivedStatus.${status}`)
      : t(`card.status.${status}`);
  }
  return (side === 'received' ? RECEIVED_LABELS[status] : undefined) ?? QUOTE_STATUS_LABELS[status];
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <dt className="mt-0.5 shrink-0 text-muted-fg">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function OtherPerson({ request, side }: { request: QuoteRequest; side: QuoteSide }) {
  const { t } = useQuotesText();
  if (side === 'received') {
    const c = request.customer;
    return (
      <div className="flex min-w-0 items-center gap-3">
        <Avatar src={c.avatar_url} name={c.name} className="h-10 w-10 text-sm" />
        <div className="min-w-0">
          <p className="truncate font-semibold">{c.name}</p>
          <p className="text-xs text-muted-fg">{t('card.customer')}</p>
        </div>
      </div>
    );
  }
  const p = request.provider;
  return <PersonChip person={p} idCheck sub={[t('card.provider'), p.city].filter(Boolean).join(' · ')} />;
}

type OpenDialog = 'quote' | 'decline' | 'accept' | 'cancel' | null;

/** One request as a card: who, what, when, where, its state, and what this side may do now. */
export function QuoteRequestCard({
  request,
  side,
  highlighted = false,
}: {
  request: QuoteRequest;
  side: QuoteSide;
  highlighted?: boolean;
}) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const QUOTE_ACTION_TEXT = useQuoteActionText();
  const { t } = QUOTE_ACTION_TEXT;
  const dates = useDates();
  const status = shownStatus(request);
  const live = status === 'pending' || status === 'quoted';
  const place = formatPlace(request);
  const close = () => setDialog(null);
  const title = request.service.title;

  const actions: ReactNode[] = [];
  if (side === 'received' && status === 'pending') {
    actions.push(
      <Button key="decline" variant="outline" size="sm" onClick={() => setDialog('decline')}>
        <X aria-hidden="true" className="h-4 w-4" />
        {QUOTE_ACTION_TEXT.decline}
      </Button>,
      <Button key="quote" size="sm" onClick={() => setDialog('quote')}>
        <Send aria-hidden="true" className="h-4 w-4" />
        {QUOTE_ACTION_TEXT.sendQuote}
      </Button>,
    );
  }
  if (side === 'sent' && live) {
    actions.push(
      <Button key="cancel" variant="outline" size="sm" onClick={() => setDialog('cancel')}>
        {QUOTE_ACTION_TEXT.cancel}
      </Button>,
    );
    if (status === 'quoted')
      actions.push(
        <Button key="accept" variant="secondary" size="sm" onClick={() => setDialog('accept')}>
          {QUOTE_ACTION_TEXT.accept}
        </Button>,
      );
  }
  const other = side === 'sent' ? request.provider : request.customer;
  actions.unshift(
    <MessageLink
      key="message"
      userId={other.id}
      context={{ type: 'quote', id: request.id }}
      label={t('card.message')}
      accessibleName={t('card.messageTo', { name: other.name })}
    />,
  );
  if (status === 'accepted' && request.booking_id) {
    actions.push(
      <ButtonLink key="booking" to={bookingPath(request.booking_id)} variant="outline" size="sm">
        <CalendarCheck aria-hidden="true" className="h-4 w-4" />
        {QUOTE_ACTION_TEXT.viewBooking}
      </ButtonLink>,
    );
  }

  return (
    <article
      id={`request-${request.id}`}
      aria-label={`${title}, ${side === 'sent' ? request.provider.name : request.customer.name}`}
      className={`flex h-full flex-col rounded-2xl border bg-card p-4 shadow-sm sm:p-5 ${highlighted ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-border'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold leading-snug">{title}</h3>
          <p className="mt-0.5 text-xs text-muted-fg">
            {side === 'sent' ? t('card.sent') : t('card.received')}{' '}
            <time dateTime={request.created_at}>{timeAgo(request.created_at)}</time>
          </p>
        </div>
        <Badge tone={STATUS_TONE[status]} className="shrink-0">
          {statusLabel(status, side, t)}
        </Badge>
      </div>

      <div className="mt-4">
        <OtherPerson request={request} side={side} />
      </div>

      <p className="mt-3 whitespace-pre-line break-words text-sm">{request.details}</p>

      <dl className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
        <Detail
          icon={<CalendarDays aria-hidden="true" className="h-4 w-4" />}
          label={t('card.preferredDate')}
        >
          {formatPreferredDate(request.preferred_date, t, dates.formatDay)}
        </Detail>
        <Detail icon={<MapPin aria-hidden="true" className="h-4 w-4" />} label={t('card.place')}>
          {place ?? <span className="text-muted-fg">{t('card.noPlace')}</span>}
        </Detail>
      </dl>

      {request.quote_price !== null && (
        <div className="mt-4 rounded-xl border border-leaf-600/25 bg-leaf-600/5 p-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted-fg">
            {side === 'sent' ? t('card.quote') : t('card.yourQuote')}
          </p>
          <p className="text-xl font-extrabold">{formatMoney(request.quote_price, 'GHS')}</p>
          {request.quote_message && (
            <p className="mt-1 whitespace-pre-line break-words text-sm text-muted-fg">
              {request.quote_message}
            </p>
          )}
        </div>
      )}

      {request.status === 'declined' && request.decline_message && (
        <p className="mt-4 rounded-xl bg-muted p-3 text-sm">
          <span className="font-semibold">
            {side === 'sent' ? t('card.theirMessage') : t('card.yourMessage')}
          </span>
          {request.decline_message}
        </p>
      )}

      {(live || actions.length > 0) && (
        <div className="mt-auto pt-4">
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
            {live ? (
              <p className="inline-flex items-center gap-1.5 text-sm text-muted-fg">
                <Clock aria-hidden="true" className="h-4 w-4" />
                {dates.expiryText(request.expires_at)}
              </p>
            ) : (
              <span />
            )}
            {actions.length > 0 && <div className="flex flex-wrap gap-2">{actions}</div>}
          </div>
        </div>
      )}

      <Suspense fallback={null}>
        {dialog === 'quote' && <SendQuoteDialog request={request} onClose={close} />}
        {dialog === 'decline' && <DeclineDialog request={request} onClose={close} />}
        {dialog === 'accept' && <AcceptDialog request={request} onClose={close} />}
        {dialog === 'cancel' && <CancelDialog request={request} onClose={close} />}
      </Suspense>
    </article>
  );
}

export function QuoteRequestCardSkeleton() {
  return (
    <div className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex justify-between gap-3">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-5 w-24 rounded-full" />
      </div>
      <div className="mt-4 flex items-center gap-3">
        <Skeleton className="h-10 w-10 rounded-full" />
        <Skeleton className="h-4 w-32" />
      </div>
      <Skeleton className="mt-3 h-12" />
      <Skeleton className="mt-3 h-4 w-2/3" />
    </div>
  );
}
