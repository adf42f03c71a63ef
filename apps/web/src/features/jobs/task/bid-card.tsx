import { type Bid, formatDistance, formatDuration } from '@adwuma/shared';
import { CalendarClock, Clock, MapPin, UserCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { IdCheckBadge } from '../../../components/ui/verified-badge.tsx';
import { MessageLink } from '../../messaging/index.ts';
import { providerPath, RatingLine } from '../../search/index.ts';
import { BidStatusBadge } from '../components/job-status-badge.tsx';
import { money, useJobFormat } from '../format.ts';

/** One bid as the job's owner compares it: the provider, their price and terms, and Hire. */
export function BidCard({ bid, onHire }: { bid: Bid; onHire?: () => void }) {
  const p = bid.provider;
  const { t, shortDate } = useJobFormat();
  const BID_CARD_TEXT = {
    hire: t('bidCard.hire'),
    message: t('bidCard.message'),
    earliest: t('bidCard.earliest'),
    duration: t('bidCard.duration'),
    anyTime: t('bidCard.anyTime'),
    notSaid: t('bidCard.notSaid'),
  };
  const place = [
    p.city,
    bid.distance_km !== null ? t('facts.away', { distance: formatDistance(bid.distance_km) }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <article
      aria-label={t('bidCard.from', { name: p.name })}
      className={`rounded-2xl border bg-card p-4 shadow-sm ${bid.status === 'accepted' ? 'border-brand-600 ring-1 ring-brand-600' : 'border-border'}`}
    >
      <div className="flex gap-3">
        <Avatar src={p.avatar_url} name={p.name} className="h-12 w-12 text-base" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="min-w-0 font-bold leading-snug">
              {p.slug ? (
                <Link to={providerPath(p.slug)} className="hover:underline">
                  {p.name}
                </Link>
              ) : (
                p.name
              )}
            </h3>
            <IdCheckBadge verified={p.verified} />
            {bid.status !== 'active' && <BidStatusBadge status={bid.status} />}
          </div>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5">
            <RatingLine rating={p.rating} count={p.total_reviews} />
            {place && (
              <span className="inline-flex items-center gap-1 text-sm text-muted-fg">
                <MapPin aria-hidden="true" className="h-3.5 w-3.5" />
                {place}
              </span>
            )}
          </div>
        </div>
        <p className="shrink-0 text-right">
          <span className="block text-xl font-extrabold tracking-tight">{money(bid.price)}</span>
          <span className="block text-xs text-muted-fg">price</span>
        </p>
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-2 rounded-xl bg-muted/60 p-3 text-sm">
        <div>
          <dt className="flex items-center gap-1 text-xs text-muted-fg">
            <CalendarClock aria-hidden="true" className="h-3.5 w-3.5" /> {BID_CARD_TEXT.earliest}
          </dt>
          <dd className="font-semibold">
            {bid.earliest_start ? shortDate(bid.earliest_start) : BID_CARD_TEXT.anyTime}
          </dd>
        </div>
        <div>
          <dt className="flex items-center gap-1 text-xs text-muted-fg">
            <Clock aria-hidden="true" className="h-3.5 w-3.5" /> {BID_CARD_TEXT.duration}
          </dt>
          <dd className="font-semibold">
            {bid.duration_minutes ? formatDuration(bid.duration_minutes) : BID_CARD_TEXT.notSaid}
          </dd>
        </div>
      </dl>

      <p className="mt-3 whitespace-pre-line text-sm leading-6">{bid.message}</p>

      {(onHire || bid.status === 'active') && (
        <div className="mt-4 flex flex-wrap gap-2">
          {onHire && (
            <Button
              size="sm"
              onClick={onHire}
              aria-label={t('bidCard.hireFor', { name: p.name, price: money(bid.price) })}
            >
              <UserCheck aria-hidden="true" className="h-4 w-4" /> {BID_CARD_TEXT.hire}
            </Button>
          )}
          <MessageLink
            userId={p.id}
            context={{ type: 'bid', id: bid.id }}
            label={BID_CARD_TEXT.message}
            accessibleName={`${BID_CARD_TEXT.message} ${p.name}`}
          />
        </div>
      )}
    </article>
  );
}

export function BidCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-border bg-card p-4">
      <div className="flex gap-3">
        <div className="h-12 w-12 shrink-0 animate-pulse rounded-full bg-muted" />
        <div className="flex-1 space-y-2">
          <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
          <div className="h-3.5 w-1/3 animate-pulse rounded bg-muted" />
        </div>
      </div>
      <div className="mt-3 h-14 animate-pulse rounded-xl bg-muted" />
    </div>
  );
}
