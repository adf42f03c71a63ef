import { formatDistance, type JobBoardItem } from '@adwuma/shared';
import { CalendarDays, Check, MapPin, MessageSquareText, Sparkles, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { buildPath, ROUTES } from '../../../lib/routes.ts';
import { useJobFormat } from '../format.ts';

/** An open job on the board: the whole card opens it. */
export function BoardCard({ job }: { job: JobBoardItem }) {
  const { t, jobWhen, budgetText, postedAgo, bidCount } = useJobFormat();
  const place = [job.city, job.distance_km !== null ? formatDistance(job.distance_km) : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <article className="relative flex h-full flex-col rounded-2xl border border-border bg-card p-4 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-500/40 hover:shadow-md">
      {(job.matches || job.my_bid_status) && (
        <div className="mb-2 flex flex-wrap gap-1.5">
          {job.matches && (
            <Badge tone="leaf">
              <Sparkles aria-hidden="true" className="h-3.5 w-3.5" /> {t('facts.matches')}
            </Badge>
          )}
          {job.my_bid_status && (
            <Badge tone="brand">
              <Check aria-hidden="true" className="h-3.5 w-3.5" /> {t('facts.youBid')}
              {job.my_bid_status !== 'active' && ` · ${t(`bidStatus.${job.my_bid_status}`)}`}
            </Badge>
          )}
        </div>
      )}
      <h3 className="font-bold leading-snug">
        <Link
          to={buildPath(ROUTES.task, { id: job.id })}
          className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus:outline-none"
        >
          {job.title}
        </Link>
      </h3>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-muted-fg">
        <span>{job.category_name}</span>
        <span aria-hidden="true">·</span>
        <span className="inline-flex items-center gap-1">
          <CalendarDays aria-hidden="true" className="h-3.5 w-3.5" />
          {jobWhen(job)}
        </span>
      </p>
      {job.excerpt && <p className="mt-2 line-clamp-2 text-sm">{job.excerpt}</p>}
      <p className="mt-2 inline-flex items-center gap-1.5 text-sm font-bold">
        <Wallet aria-hidden="true" className="h-4 w-4 text-muted-fg" />
        <span className="sr-only">{t('facts.budgetColon')}</span>
        {budgetText(job)}
      </p>
      <p className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-3 text-xs text-muted-fg">
        {place && (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="h-3.5 w-3.5" />
            {place}
          </span>
        )}
        <span>{t('task.posted', { ago: postedAgo(job.created_at) })}</span>
        <span className="inline-flex items-center gap-1">
          <MessageSquareText aria-hidden="true" className="h-3.5 w-3.5" />
          {bidCount(job.bids_count)}
        </span>
      </p>
    </article>
  );
}

export function BoardCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-border bg-card p-4">
      <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
      <div className="mt-2 h-3.5 w-1/2 animate-pulse rounded bg-muted" />
      <div className="mt-3 h-3.5 w-full animate-pulse rounded bg-muted" />
      <div className="mt-1.5 h-3.5 w-4/5 animate-pulse rounded bg-muted" />
      <div className="mt-4 h-3 w-1/3 animate-pulse rounded bg-muted" />
    </div>
  );
}
