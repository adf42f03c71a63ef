import { formatMoney, TIERS } from '@adwuma/shared';
import { CalendarDays, History, MapPin, MessageCircle, Phone, Star, Wallet } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { PersonChip } from '../../components/ui/person-chip.tsx';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { firstName } from '../jobs/index.ts';
import { MessageLink } from '../messaging/index.ts';
import type { BookingDetail } from './api/get-booking.ts';
import { otherParty, partyLabel } from './booking-item.tsx';
import { historyLabel, useBookingText, whenText } from './booking-text.ts';
import { useDates } from './dates.ts';

// The read-only panels of the booking page.

export function Panel({
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

export function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // dt and dd are the div's own children (a <dl> groups them only through one div); the icon sits
    // in the padding.
    <div className="relative min-w-0 pl-8">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-fg">
        <span className="absolute left-0 top-0.5">{icon}</span>
        {label}
      </dt>
      <dd className="mt-0.5 break-words font-medium">{children}</dd>
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
  const { t } = useBookingText();
  return (
    <div className="rounded-xl border border-border p-4">
      <p className="flex items-center justify-between gap-2 text-sm font-semibold">
        {title}
        <span role="img" aria-label={t('page.stars', { rating })} className="text-brand-600">
          {'★'.repeat(rating)}
          <span className="text-muted-fg/40">{'★'.repeat(5 - rating)}</span>
        </span>
      </p>
      <p className="mt-1 text-sm">{text}</p>
      {children}
    </div>
  );
}

/** Who the booking is with (and a message link), when and where. */
export function BookingParty({ booking }: { booking: BookingDetail }) {
  const other = otherParty(booking);
  const place = [booking.address, booking.city].filter(Boolean).join(', ');
  const BOOKING_TEXT = useBookingText();
  const { language } = useDates();
  const when = whenText(booking, language, BOOKING_TEXT.t);
  return (
    <section
      aria-label={BOOKING_TEXT.t('page.details')}
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <PersonChip
        person={other}
        sub={partyLabel(BOOKING_TEXT.t, other.label)}
        size="lg"
        className="flex flex-wrap items-center gap-3"
      >
        <MessageLink
          userId={other.id}
          context={{ type: 'booking', id: booking.id }}
          label={BOOKING_TEXT.message(firstName(other.name))}
          className="ml-auto shrink-0"
        />
      </PersonChip>
      {booking.contact && (
        <div className="mt-4 flex flex-wrap gap-2">
          {booking.contact.phone && (
            <a
              href={`tel:${booking.contact.phone}`}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-border bg-card px-4 text-sm font-semibold hover:bg-muted"
            >
              <Phone aria-hidden="true" className="h-4 w-4" />
              {BOOKING_TEXT.call(firstName(other.name))}
            </a>
          )}
          {booking.contact.whatsapp && (
            <a
              href={booking.contact.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-border bg-card px-4 text-sm font-semibold hover:bg-muted"
            >
              <MessageCircle aria-hidden="true" className="h-4 w-4" />
              {BOOKING_TEXT.whatsapp(firstName(other.name))}
            </a>
          )}
        </div>
      )}
      <dl className="mt-5 grid gap-4 sm:grid-cols-2">
        <Fact icon={<CalendarDays aria-hidden="true" className="h-5 w-5" />} label={BOOKING_TEXT.when}>
          {when ?? <span className="text-muted-fg">{BOOKING_TEXT.dateTbc}</span>}
        </Fact>
        <Fact icon={<MapPin aria-hidden="true" className="h-5 w-5" />} label={BOOKING_TEXT.place}>
          {place || <span className="text-muted-fg">{BOOKING_TEXT.placeTbc}</span>}
        </Fact>
      </dl>
    </section>
  );
}

export function ReviewsPanel({ booking }: { booking: BookingDetail }) {
  const other = otherParty(booking);
  const { mine, theirs, can_review, window_closes_at } = booking.reviews;
  const BOOKING_TEXT = useBookingText();
  const { formatMoment } = useDates();
  const showReviews = booking.status === 'completed' || mine || theirs || can_review;
  if (!showReviews) return null;
  return (
    <Panel title={BOOKING_TEXT.reviews} icon={<Star aria-hidden="true" className="h-5 w-5 text-brand-600" />}>
      <div className="grid gap-4">
        {mine && (
          <ReviewBlock title={BOOKING_TEXT.yourReview} rating={mine.rating} text={mine.text}>
            {!mine.published_at && <p className="mt-1 text-xs text-muted-fg">{BOOKING_TEXT.hiddenUntil}</p>}
          </ReviewBlock>
        )}
        {theirs && (
          <ReviewBlock title={BOOKING_TEXT.theirReview(other.name)} rating={theirs.rating} text={theirs.text}>
            {theirs.reply && <p className="mt-2 border-l-2 border-border pl-3 text-sm">{theirs.reply}</p>}
          </ReviewBlock>
        )}
        {!mine && !theirs && !can_review && <p className="text-sm text-muted-fg">{BOOKING_TEXT.noReviews}</p>}
        {can_review && (
          <div className="flex flex-wrap items-center gap-3">
            <ButtonLink to={buildPath(ROUTES.reviews, undefined, { booking: booking.id })} size="sm">
              <Star aria-hidden="true" className="h-4 w-4" /> {BOOKING_TEXT.writeReview}
            </ButtonLink>
            {window_closes_at && (
              <span className="text-xs text-muted-fg">
                {BOOKING_TEXT.t('page.reviewUntil', { when: formatMoment(window_closes_at) })}
              </span>
            )}
          </div>
        )}
      </div>
    </Panel>
  );
}

export function EarningsPanel({ booking }: { booking: BookingDetail }) {
  const BOOKING_TEXT = useBookingText();
  if (!booking.earnings) return null;
  const tier = TIERS.find((t) => t.id === booking.earnings?.tier);
  return (
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
            {tier
              ? BOOKING_TEXT.t('page.commissionTier', {
                  percent: booking.earnings.commission_percent,
                  tier: tier.name,
                })
              : BOOKING_TEXT.t('page.commission', { percent: booking.earnings.commission_percent })}
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
  );
}

export function HistoryPanel({ booking }: { booking: BookingDetail }) {
  const BOOKING_TEXT = useBookingText();
  const { t } = BOOKING_TEXT;
  const { formatMoment } = useDates();
  return (
    <Panel
      title={BOOKING_TEXT.history}
      icon={<History aria-hidden="true" className="h-5 w-5 text-muted-fg" />}
    >
      {booking.history.length === 0 ? (
        <p className="text-sm text-muted-fg">
          {t('page.bookedOn', { when: formatMoment(booking.created_at) })}
        </p>
      ) : (
        <ol className="relative grid gap-4 border-l border-border pl-4">
          {booking.history.map((e) => (
            <li key={e.id} className="relative">
              <span
                aria-hidden="true"
                className="absolute -left-[1.3rem] top-1.5 h-2.5 w-2.5 rounded-full bg-brand-600"
              />
              <p className="text-sm font-semibold">{historyLabel(t, e.action)}</p>
              <p className="text-xs text-muted-fg">
                <time dateTime={e.created_at}>{formatMoment(e.created_at)}</time>
                {' · '}
                {e.actor_role === booking.role
                  ? t('page.byYou')
                  : e.actor_role === 'system' || e.actor_role === 'admin'
                    ? 'Adwuma'
                    : t('page.byRole', {
                        role: t(`page.role.${e.actor_role}`, { defaultValue: e.actor_role }),
                      })}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
