import {
  type Bid,
  formatDate,
  IMAGE_ACCEPT,
  imageFileProblem,
  isJobOpen,
  JOB_LIMITS,
  type JobDetailResponse,
  type Language,
} from '@adwuma/shared';
import type { TFunction } from 'i18next';
import { Ban, CalendarCheck, CheckCircle2, ImagePlus, Inbox, Lock, Pencil, UserCheck } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { buildPath, ROUTES } from '../../../lib/routes.ts';
import { toast } from '../../../lib/toast.ts';
import { type HireResult, useAcceptBid } from '../api/accept-bid.ts';
import { type JobStatusAction, useChangeJobStatus } from '../api/change-job-status.ts';
import { useJobPhotos } from '../api/job-photos.ts';
import { PhotoGrid } from '../components/photo-grid.tsx';
import { money, shortDate, useJobFormat } from '../format.ts';
import { useJobsText } from '../i18n.ts';
import { BidCard } from './bid-card.tsx';
import { JobDetailsCard, JobHeader } from './job-summary.tsx';

type SortKey = 'price' | 'rating' | 'distance';

const SORTS: Record<SortKey, (a: Bid, b: Bid) => number> = {
  price: (a, b) => a.price - b.price,
  rating: (a, b) =>
    b.provider.rating - a.provider.rating || b.provider.total_reviews - a.provider.total_reviews,
  distance: (a, b) =>
    (a.distance_km ?? Number.POSITIVE_INFINITY) - (b.distance_km ?? Number.POSITIVE_INFINITY),
};

/** "Wed 25 Nov", "Wed 25 Nov – Sat 28 Nov" or "a day that suits you both", for a sentence. */
function whenPhrase(job: JobDetailResponse['job'], t: TFunction, language: Language): string {
  if (job.when_type === 'flexible' || !job.date_start) return t('owner.anyDay');
  if (job.when_type === 'window' && job.date_end && job.date_end !== job.date_start)
    return `${shortDate(job.date_start, language)} – ${shortDate(job.date_end, language)}`;
  return shortDate(job.date_start, language);
}

/** "25 November" / "Obubuo 25": the last day a job takes bids. */
function expiryDay(iso: string, language: Language): string {
  return formatDate(iso, language, 'day').replace(/,? \d{4}$/, '');
}

/** Hired first, then the active bids in the chosen order, then the ones not selected. */
export function sortBids(bids: Bid[], key: SortKey): Bid[] {
  const rank = (b: Bid) => (b.status === 'accepted' ? 0 : b.status === 'active' ? 1 : 2);
  return bids
    .filter((b) => b.status !== 'withdrawn')
    .sort((a, b) => rank(a) - rank(b) || SORTS[key](a, b) || a.created_at.localeCompare(b.created_at));
}

/** What was agreed: from the booking just made, or from the hired bid when the page is opened later. */
function HiredPanel({
  name,
  price,
  date,
  place,
}: {
  name: string;
  price: number;
  date: string;
  place: string | null;
}) {
  const { t } = useJobsText();
  return (
    <section
      aria-labelledby="hired-title"
      className="rounded-2xl border border-leaf-600/30 bg-leaf-600/10 p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-leaf-600" />
        <div className="min-w-0 flex-1">
          <h2 id="hired-title" className="text-lg font-bold">
            {t('owner.hired', { name })}
          </h2>
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-xs text-muted-fg">{t('owner.price')}</dt>
              <dd className="font-semibold">{money(price)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-fg">{t('owner.date')}</dt>
              <dd className="font-semibold">{date}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-fg">{t('owner.place')}</dt>
              <dd className="font-semibold">{place ?? '—'}</dd>
            </div>
          </dl>
          <ButtonLink to={ROUTES.schedule} size="sm" variant="secondary" className="mt-4">
            <CalendarCheck aria-hidden="true" className="h-4 w-4" /> {t('owner.schedule')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

/** The owner's photos: remove any, add more while the job is open. */
function OwnerPhotos({ data }: { data: JobDetailResponse }) {
  const { job } = data;
  const { t } = useJobsText();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, remove } = useJobPhotos(job.id);
  const [error, setError] = useState<string | null>(null);
  const open = job.status === 'open';
  const room = JOB_LIMITS.photosMax - job.photos.length;

  const add = async (files: FileList | null) => {
    setError(null);
    for (const file of Array.from(files ?? []).slice(0, Math.max(0, room))) {
      const problem = imageFileProblem(file);
      if (problem) {
        setError(`${file.name}: ${problem}`);
        continue;
      }
      try {
        await upload.mutateAsync(file);
        toast.success(t('owner.photoAdded'));
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      }
    }
    if (inputRef.current) inputRef.current.value = '';
  };

  if (job.photos.length === 0 && !open) return null;
  return (
    <div className="mt-4 grid gap-2">
      <PhotoGrid
        photos={job.photos}
        title={job.title}
        removing={remove.isPending ? remove.variables : null}
        onRemove={
          open
            ? (photo) =>
                remove.mutate(photo.id, {
                  onSuccess: () => toast.success(t('owner.photoRemoved')),
                  onError: (e) => toast.error(e.message),
                })
            : undefined
        }
      />
      {open && room > 0 && (
        <div>
          <label
            htmlFor={`${id}-photos`}
            className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full border border-border bg-card px-3 py-1.5 text-sm font-semibold hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
          >
            <ImagePlus aria-hidden="true" className="h-4 w-4" />
            {upload.isPending ? t('owner.uploading') : t('owner.addPhotos')}
            <input
              ref={inputRef}
              id={`${id}-photos`}
              type="file"
              accept={IMAGE_ACCEPT}
              multiple
              disabled={upload.isPending}
              className="sr-only"
              onChange={(e) => void add(e.target.files)}
            />
          </label>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** `/task/:id` for the job's owner: the job, the bids to compare and hire, cancel or close. */
export function OwnerView({ data }: { data: JobDetailResponse }) {
  const { job } = data;
  const { t, language, postedAgo, jobWhen } = useJobFormat();
  const [sort, setSort] = useState<SortKey>('price');
  const [hiring, setHiring] = useState<Bid | null>(null);
  const [confirming, setConfirming] = useState<JobStatusAction | null>(null);
  const [hiredNow, setHiredNow] = useState<HireResult | null>(null);
  const accept = useAcceptBid(job.id);
  const status = useChangeJobStatus(job.id);
  const open = isJobOpen(job);
  const bids = useMemo(() => sortBids([...(data.bids ?? [])], sort), [data.bids, sort]);
  const hired = bids.find((b) => b.status === 'accepted');
  const agreed = hiredNow ?? (hired ? { bid: hired, job } : null);
  const activeCount = bids.filter((b) => b.status === 'active').length;
  const place = [job.address, job.city].filter(Boolean).join(', ') || null;

  const hire = (bid: Bid) =>
    accept.mutate(bid.id, {
      onSuccess: (result) => {
        setHiredNow(result);
        setHiring(null);
        toast.success(t('owner.hiredToast', { name: bid.provider.name }));
      },
      onError: (error) => {
        setHiring(null);
        toast.error(error.message);
      },
    });

  const changeStatus = (action: JobStatusAction) =>
    status.mutate(action, {
      onSuccess: () => {
        setConfirming(null);
        toast.success(action === 'cancel' ? t('owner.cancelled') : t('owner.closed'));
      },
      onError: (error) => {
        setConfirming(null);
        toast.error(error.message);
      },
    });

  return (
    <div className="pb-12">
      <JobHeader job={job} back={{ to: ROUTES.tasks, label: t('owner.back') }} bidsCount={bids.length}>
        {open && !hiredNow && (
          <ButtonLink
            to={buildPath(ROUTES.taskEdit, { id: job.id })}
            size="sm"
            variant="outline"
            className="mt-4"
          >
            <Pencil aria-hidden="true" className="h-4 w-4" /> {t('owner.edit')}
          </ButtonLink>
        )}
      </JobHeader>
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 gap-6">
          {agreed && (
            <HiredPanel
              name={agreed.bid.provider.name}
              price={agreed.bid.price}
              date={jobWhen(agreed.job)}
              place={place}
            />
          )}

          <JobDetailsCard job={job} photosSlot={<OwnerPhotos data={data} />} />

          <section aria-labelledby="bids-title">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="bids-title" className="text-lg font-bold">
                {t('owner.bids')} <span className="font-normal text-muted-fg">({bids.length})</span>
              </h2>
              {bids.length > 1 && (
                <label className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-border bg-card pl-3 pr-1 text-sm">
                  <span className="text-muted-fg">{t('owner.sort')}</span>
                  <select
                    value={sort}
                    onChange={(e) => setSort(e.target.value as SortKey)}
                    className="min-h-9 rounded-full bg-transparent pr-1 font-semibold text-fg focus:outline-none"
                  >
                    {(Object.keys(SORTS) as SortKey[]).map((k) => (
                      <option key={k} value={k}>
                        {t(`owner.sorts.${k}`)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
            {bids.length === 0 ? (
              <div className="mt-3 flex flex-col items-center rounded-2xl border border-dashed border-border px-4 py-10 text-center">
                <Inbox aria-hidden="true" className="h-10 w-10 text-muted-fg" />
                <p className="mt-3 font-semibold">{t('owner.noBids')}</p>
                <p className="mt-1 max-w-sm text-sm text-muted-fg">
                  {open ? t('owner.noBidsText') : t('owner.noBidsClosed')}
                </p>
              </div>
            ) : (
              <ul className="mt-3 grid gap-3">
                {bids.map((bid) => (
                  <li key={bid.id}>
                    <BidCard
                      bid={bid}
                      onHire={open && bid.status === 'active' && !hiredNow ? () => setHiring(bid) : undefined}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        {(job.status === 'open' || job.status === 'hired') && (
          <aside
            aria-labelledby="manage-title"
            className="rounded-2xl border border-border bg-card p-5 shadow-sm lg:sticky lg:top-20"
          >
            <h2 id="manage-title" className="font-bold">
              {t('owner.manage')}
            </h2>
            {job.status === 'open' && (
              <p className="mt-1 text-sm text-muted-fg">
                {open
                  ? t('owner.expires', { date: expiryDay(job.expires_at, language) })
                  : t('owner.posted', { ago: postedAgo(job.created_at) })}
                {activeCount > 0 && ` ${t('owner.activeBids', { count: activeCount })}`}
              </p>
            )}
            <div className="mt-4 grid gap-2">
              {job.status === 'hired' ? (
                <Button variant="outline" onClick={() => setConfirming('close')}>
                  <Lock aria-hidden="true" className="h-4 w-4" /> {t('owner.close')}
                </Button>
              ) : (
                <Button variant="outline" className="text-danger" onClick={() => setConfirming('cancel')}>
                  <Ban aria-hidden="true" className="h-4 w-4" /> {t('owner.cancel')}
                </Button>
              )}
            </div>
          </aside>
        )}
        {job.status !== 'open' && job.status !== 'hired' && (
          <Alert title={t(`owner.ended.${job.status}`)}>
            <p>{t('owner.endedText')}</p>
            <ButtonLink to={ROUTES.postJob} size="sm" className="mt-3">
              {t('owner.postJob')}
            </ButtonLink>
          </Alert>
        )}
      </div>

      {hiring && (
        <Dialog
          title={t('owner.hireTitle', { name: hiring.provider.name })}
          description={t(job.city ? 'owner.hireTextPlace' : 'owner.hireText', {
            price: money(hiring.price),
            when: whenPhrase(job, t, language),
            place: job.city,
          })}
          onClose={() => !accept.isPending && setHiring(null)}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setHiring(null)} disabled={accept.isPending}>
              {t('owner.notYet')}
            </Button>
            <Button busy={accept.isPending} onClick={() => hire(hiring)}>
              <UserCheck aria-hidden="true" className="h-4 w-4" />{' '}
              {t('owner.hireConfirm', { price: money(hiring.price) })}
            </Button>
          </div>
        </Dialog>
      )}

      {confirming && (
        <Dialog
          title={confirming === 'cancel' ? t('owner.cancelTitle') : t('owner.closeTitle')}
          description={confirming === 'cancel' ? t('owner.cancelText') : t('owner.closeText')}
          onClose={() => !status.isPending && setConfirming(null)}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={status.isPending}>
              {t('owner.keep')}
            </Button>
            <Button
              variant={confirming === 'cancel' ? 'danger' : 'primary'}
              busy={status.isPending}
              onClick={() => changeStatus(confirming)}
            >
              {confirming === 'cancel' ? t('owner.cancel') : t('owner.close')}
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
