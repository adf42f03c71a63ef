import type { Job } from '@adwuma/shared';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WhatsAppShare } from '../../../components/ui/whatsapp-share.tsx';
import { buildPath, ROUTES } from '../../../lib/routes.ts';
import { JobFacts } from '../components/job-facts.tsx';
import { JobStatusBadge } from '../components/job-status-badge.tsx';
import { PhotoGrid } from '../components/photo-grid.tsx';
import { useJobFormat } from '../format.ts';

/** The top of a job page: the way back, the title, its status and when it was posted. */
export function JobHeader({
  job,
  back,
  bidsCount = job.bids_count,
  children,
}: {
  job: Job;
  back: { to: string; label: string };
  /** The bids to mention; the job's own count is of its active bids. */
  bidsCount?: number;
  children?: ReactNode;
}) {
  const { t, postedAgo, bidCount } = useJobFormat();
  return (
    <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
      <div className="mx-auto max-w-5xl px-4 py-5 sm:px-6 sm:py-8">
        <Link
          to={back.to}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {back.label}
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="min-w-0 text-2xl font-extrabold tracking-tight sm:text-3xl">{job.title}</h1>
          <JobStatusBadge status={job.status} />
        </div>
        <p className="mt-1.5 text-sm text-muted-fg">
          {t('task.posted', { ago: postedAgo(job.created_at) })}
          {(job.status === 'open' || bidsCount > 0) && ` · ${bidCount(bidsCount)}`}
        </p>
        {job.status === 'open' && (
          // The job's own address: the person it is sent to opens it once signed in.
          <WhatsAppShare
            text={job.title}
            path={buildPath(ROUTES.task, { id: job.id })}
            label={t('task.shareWhatsApp')}
            className="mt-3"
          />
        )}
        {children}
      </div>
    </header>
  );
}

/** What the job is: facts, the description and the photos. */
export function JobDetailsCard({
  job,
  distanceKm,
  withAddress = true,
  photosSlot,
  children,
}: {
  job: Job;
  distanceKm?: number | null;
  withAddress?: boolean;
  /** Replaces the plain photo grid (the owner's grid with add and remove). */
  photosSlot?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useJobFormat();
  return (
    <section
      aria-labelledby="job-details"
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id="job-details" className="sr-only">
        {t('task.details')}
      </h2>
      <JobFacts job={job} distanceKm={distanceKm} withAddress={withAddress} />
      <p className="mt-4 whitespace-pre-line border-t border-border pt-4 text-sm leading-6 text-fg">
        {job.description}
      </p>
      {photosSlot ??
        (job.photos.length > 0 && (
          <div className="mt-4">
            <PhotoGrid photos={job.photos} title={job.title} />
          </div>
        ))}
      {children}
    </section>
  );
}
