import { formatMoney } from '@adwuma/shared';
import type { TFunction } from 'i18next';
import { Clock, MessageSquareText, PenLine, Star } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useLanguage } from '../../i18n/index.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { bookingPath } from '../bookings/index.ts';
import { type ReviewsTab, type ReviewToWrite, useReviews } from './api/get-reviews.ts';
import { formatReviewDate } from './format.ts';
import { useReviewsText } from './i18n.ts';
import { ReplyToReview } from './reply-form.tsx';
import { ReviewCard } from './review-card.tsx';
import { WriteReviewForm } from './write-review-form.tsx';

/** The page's words in the page's language (reviews.json "page"). */
function useReviewsPageText() {
  const { t } = useReviewsText();
  return {
    t,
    tabs: {
      to_write: t('page.tabs.to_write'),
      received: t('page.tabs.received'),
      given: t('page.tabs.given'),
    } satisfies Record<ReviewsTab, string>,
    title: t('page.title'),
    lead: t('page.lead'),
    write: t('page.write'),
    waiting: t('page.waiting'),
    toWriteEmpty: t('page.toWriteEmpty'),
    toWriteEmptyText: t('page.toWriteEmptyText'),
    receivedEmpty: t('page.receivedEmpty'),
    receivedEmptyText: t('page.receivedEmptyText'),
    givenEmpty: t('page.givenEmpty'),
    givenEmptyText: t('page.givenEmptyText'),
    notReviewable: t('page.notReviewable'),
    notReviewableText: t('page.notReviewableText'),
    loadFailed: t('page.loadFailed'),
  };
}

const TABS: ReviewsTab[] = ['to_write', 'received', 'given'];

function tabFrom(value: string | null): ReviewsTab {
  return TABS.includes(value as ReviewsTab) ? (value as ReviewsTab) : 'to_write';
}

function Empty({ title, text, icon }: { title: string; text: string; icon: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-border px-4 py-12 text-center">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-muted text-muted-fg">
        {icon}
      </span>
      <p className="mt-3 text-lg font-semibold">{title}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted-fg">{text}</p>
    </div>
  );
}

function Loading() {
  const { t } = useReviewsText();
  return (
    <div role="status" aria-label={t('page.loading')} className="grid gap-3">
      <Skeleton className="h-32" />
      <Skeleton className="h-32" />
    </div>
  );
}

function daysLeft(t: TFunction, iso: string, now = new Date()): string {
  const days = Math.ceil((new Date(iso).getTime() - now.getTime()) / 86_400_000);
  if (days <= 0) return t('page.lastDay');
  return t('page.daysLeft', { count: days });
}

function ToWriteItem({
  item,
  open,
  onOpen,
  onClose,
}: {
  item: ReviewToWrite;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}) {
  const { booking } = item;
  const other = booking.role === 'customer' ? booking.provider : booking.customer;
  const REVIEWS_TEXT = useReviewsPageText();
  const { t } = REVIEWS_TEXT;
  const language = useLanguage();
  return (
    <article
      aria-label={booking.title}
      className={`rounded-2xl border bg-card p-4 shadow-sm sm:p-5 ${open ? 'border-brand-500' : 'border-border'}`}
    >
      <div className="flex items-start gap-3">
        <Avatar src={other.avatar_url} name={other.name} className="h-10 w-10 text-sm" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold [overflow-wrap:anywhere]">
            <Link to={bookingPath(booking.id)} className="hover:underline">
              {booking.title}
            </Link>
          </h2>
          <p className="text-sm text-muted-fg [overflow-wrap:anywhere]">
            {booking.role === 'customer' ? t('page.provider') : t('page.customer')}: {other.name} ·{' '}
            <span className="whitespace-nowrap">{formatMoney(booking.price, 'GHS')}</span>
          </p>
          <p className="mt-1 flex items-center gap-1 text-xs font-medium text-muted-fg">
            <Clock aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
            {daysLeft(t, item.window_closes_at)}{' '}
            {t('page.until', { date: formatReviewDate(item.window_closes_at, language) })}
          </p>
        </div>
        {!open && (
          <Button size="sm" className="shrink-0 max-sm:hidden" onClick={onOpen}>
            <PenLine aria-hidden="true" className="h-4 w-4" />
            {REVIEWS_TEXT.write}
          </Button>
        )}
      </div>
      {!open && (
        <Button size="sm" className="mt-3 w-full sm:hidden" onClick={onOpen}>
          <PenLine aria-hidden="true" className="h-4 w-4" />
          {REVIEWS_TEXT.write}
        </Button>
      )}
      {open && <WriteReviewForm item={item} onDone={onClose} onCancel={onClose} />}
    </article>
  );
}

function TabPanel({
  tab,
  bookingId,
  openBooking,
}: {
  tab: ReviewsTab;
  bookingId: string | null;
  openBooking: (id: string | null) => void;
}) {
  const REVIEWS_TEXT = useReviewsPageText();
  const list = useReviews(tab);
  if (list.isPending) return <Loading />;
  if (list.isError && !list.data) {
    return (
      <Alert tone="danger" role="alert" title={REVIEWS_TEXT.loadFailed}>
        <p>{list.error.message}</p>
        <Button size="sm" className="mt-3" onClick={() => void list.refetch()} busy={list.isFetching}>
          {REVIEWS_TEXT.t('page.retry')}
        </Button>
      </Alert>
    );
  }
  const data = list.data;

  if (tab === 'to_write') {
    const missing =
      bookingId && !list.isPlaceholderData && !data.to_write.some((i) => i.booking.id === bookingId);
    return (
      <div className="grid gap-3">
        {missing && (
          <Alert tone="info" role="status" title={REVIEWS_TEXT.notReviewable}>
            {REVIEWS_TEXT.notReviewableText}{' '}
            <Link
              to={buildPath(ROUTES.reviews, undefined, { tab: 'given' })}
              className="font-semibold text-brand-700 underline dark:text-brand-500"
            >
              {REVIEWS_TEXT.t('page.seeGiven')}
            </Link>
          </Alert>
        )}
        {data.to_write.length === 0 ? (
          <Empty
            icon={<PenLine aria-hidden="true" className="h-6 w-6" />}
            title={REVIEWS_TEXT.toWriteEmpty}
            text={REVIEWS_TEXT.toWriteEmptyText}
          />
        ) : (
          <ul className="grid gap-3">
            {data.to_write.map((item) => (
              <li key={item.booking.id}>
                <ToWriteItem
                  item={item}
                  open={item.booking.id === bookingId}
                  onOpen={() => openBooking(item.booking.id)}
                  onClose={() => openBooking(null)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  if (data.items.length === 0) {
    return tab === 'received' ? (
      <Empty
        icon={<Star aria-hidden="true" className="h-6 w-6" />}
        title={REVIEWS_TEXT.receivedEmpty}
        text={REVIEWS_TEXT.receivedEmptyText}
      />
    ) : (
      <Empty
        icon={<MessageSquareText aria-hidden="true" className="h-6 w-6" />}
        title={REVIEWS_TEXT.givenEmpty}
        text={REVIEWS_TEXT.givenEmptyText}
      />
    );
  }

  return (
    <ul className="grid gap-3 lg:grid-cols-2" aria-busy={list.isFetching || undefined}>
      {data.items.map((review) =>
        tab === 'received' ? (
          <li key={review.id}>
            <ReviewCard
              headingLevel={2}
              review={review}
              name={review.author.name}
              context={REVIEWS_TEXT.t(
                review.author_role === 'customer' ? 'card.yourCustomer' : 'card.yourProvider',
              )}
              replyBy={REVIEWS_TEXT.t('card.yourReply')}
            >
              {!review.reply && review.published_at && (
                <ReplyToReview reviewId={review.id} authorName={review.author.name} />
              )}
            </ReviewCard>
          </li>
        ) : (
          <li key={review.id}>
            <ReviewCard
              headingLevel={2}
              review={review}
              name={REVIEWS_TEXT.t('card.youReviewed', { name: review.subject.name })}
              person={review.subject}
              badge={
                review.published_at ? (
                  <Badge tone="leaf">{REVIEWS_TEXT.t('card.published')}</Badge>
                ) : (
                  <Badge tone="neutral">{REVIEWS_TEXT.waiting}</Badge>
                )
              }
              replyBy={REVIEWS_TEXT.t('card.replyFrom', { name: review.subject.name })}
            />
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * `/reviews`: reviews to write, received and given, the tab in the URL (`?tab=`). `?booking=<id>`
 * opens the form for that booking (the booking page links here).
 */
export function ReviewsPage() {
  const REVIEWS_TEXT = useReviewsPageText();
  const [params, setParams] = useSearchParams();
  const bookingId = params.get('booking');
  const tab = bookingId ? 'to_write' : tabFrom(params.get('tab'));
  const uid = useId();
  const tabRefs = useRef<Partial<Record<ReviewsTab, HTMLButtonElement | null>>>({});
  const counts = useReviews(tab).data?.counts;
  useDocumentTitle(REVIEWS_TEXT.title);

  const select = (next: ReviewsTab) =>
    setParams((p) => {
      p.set('tab', next);
      p.delete('booking');
      return p;
    });

  const openBooking = (id: string | null) =>
    setParams((p) => {
      p.set('tab', 'to_write');
      if (id) p.set('booking', id);
      else p.delete('booking');
      return p;
    });

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    const target: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const nextIndex = target[event.key];
    if (nextIndex === undefined) return;
    event.preventDefault();
    const next = TABS[nextIndex] ?? 'to_write';
    select(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="pb-12">
      <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6 sm:pt-10">
          <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight sm:text-4xl">
            <Star aria-hidden="true" className="h-7 w-7 text-brand-600 sm:h-8 sm:w-8" />
            {REVIEWS_TEXT.title}
          </h1>
          <p className="mt-2 text-muted-fg">{REVIEWS_TEXT.lead}</p>
          <div
            role="tablist"
            aria-label="Reviews"
            className="-mx-4 -mb-px mt-5 flex gap-1 overflow-x-auto px-4 sm:mx-0 sm:px-0"
          >
            {TABS.map((t) => {
              const selected = tab === t;
              const n = counts?.[t];
              return (
                <button
                  key={t}
                  ref={(el) => {
                    tabRefs.current[t] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`${uid}-${t}-tab`}
                  aria-selected={selected}
                  aria-controls={`${uid}-panel`}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => select(t)}
                  onKeyDown={onTabKey}
                  className={`inline-flex min-h-11 shrink-0 items-center gap-2 border-b-2 px-3 text-sm sm:px-4 font-semibold ${
                    selected
                      ? 'border-brand-600 text-fg'
                      : 'border-transparent text-muted-fg hover:border-border hover:text-fg'
                  }`}
                >
                  {REVIEWS_TEXT.tabs[t]}
                  {n ? (
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-bold ${selected ? 'bg-brand-600 text-white' : 'bg-brand-100 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100'}`}
                    >
                      {n}
                    </span>
                  ) : null}
                </button>
              );
            })}
          </div>
        </div>
      </header>
      <section
        id={`${uid}-panel`}
        role="tabpanel"
        aria-labelledby={`${uid}-${tab}-tab`}
        className="mx-auto max-w-6xl px-4 py-6 sm:px-6"
      >
        <TabPanel key={tab} tab={tab} bookingId={bookingId} openBooking={openBooking} />
      </section>
    </div>
  );
}
