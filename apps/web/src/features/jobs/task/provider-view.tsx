import { type Bid, type BidValues, formatDuration, isJobOpen, type JobDetailResponse } from '@adwuma/shared';
import { CalendarCheck, Pencil, RotateCcw, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ROUTES } from '../../../lib/routes.ts';
import { toast } from '../../../lib/toast.ts';
import { MessageLink } from '../../messaging/index.ts';
import { useBidAllowance } from '../api/get-bid-allowance.ts';
import { bidLimitOf, useSaveBid, useWithdrawBid } from '../api/save-bid.ts';
import { AllowanceNote } from '../components/allowance-note.tsx';
import { BidStatusBadge } from '../components/job-status-badge.tsx';
import { firstName, money, useJobFormat } from '../format.ts';
import { useJobsText } from '../i18n.ts';
import { BidForm } from './bid-form.tsx';
import { JobDetailsCard, JobHeader } from './job-summary.tsx';

function OwnBid({ bid }: { bid: Bid }) {
  const { t, shortDate } = useJobFormat();
  return (
    <div className="rounded-xl bg-muted/60 p-4 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="text-2xl font-extrabold tracking-tight">{money(bid.price)}</span>
        <BidStatusBadge status={bid.status} />
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs text-muted-fg">{t('provider.earliest')}</dt>
          <dd className="font-semibold">{bid.earliest_start ? shortDate(bid.earliest_start) : '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-fg">{t('provider.duration')}</dt>
          <dd className="font-semibold">
            {bid.duration_minutes ? formatDuration(bid.duration_minutes) : '—'}
          </dd>
        </div>
      </dl>
      <p className="mt-3 whitespace-pre-line leading-6">{bid.message}</p>
    </div>
  );
}

/** `/task/:id` for a provider: the job (the customer by first name and city only) and their bid. */
export function ProviderView({ data }: { data: JobDetailResponse }) {
  const { job, my_bid: mine } = data;
  const { t } = useJobsText();
  const open = isJobOpen(job);
  const [mode, setMode] = useState<'view' | 'edit' | 'again'>('view');
  const [withdrawing, setWithdrawing] = useState(false);
  const save = useSaveBid(job.id);
  const withdraw = useWithdrawBid(job.id);
  const allowance = useBidAllowance();
  const active = mine?.status === 'active';
  const showForm = (data.can_bid && (!mine || mode === 'again')) || (active && open && mode === 'edit');
  const editing = active && mode === 'edit';
  // A new bid (or one placed again) uses up one of the month's bids; an edit does not.
  const outOfBids = !editing && allowance.data !== undefined && !allowance.data.allowed;

  const submit = (values: BidValues) =>
    save.mutate(
      { bidId: editing ? mine?.id : undefined, input: values },
      {
        onSuccess: () => {
          toast.success(editing ? t('provider.updated') : t('provider.sent'));
          setMode('view');
          save.reset();
        },
      },
    );

  return (
    <div className="pb-12">
      <JobHeader job={job} back={{ to: ROUTES.jobs, label: t('provider.back') }}>
        <p className="mt-3 flex items-center gap-2 text-sm">
          <Avatar src={job.customer.avatar_url} name={job.customer.name} className="h-7 w-7 text-xs" />
          {job.city
            ? t('provider.postedByIn', { name: firstName(job.customer.name), city: job.city })
            : t('provider.postedBy', { name: firstName(job.customer.name) })}
        </p>
        {/* Any provider may ask about an open job; once it is closed, only one who bid on it. */}
        {(open || mine) && (
          <MessageLink
            userId={job.customer.id}
            context={{ type: 'job', id: job.id }}
            label={t('provider.message')}
            className="mt-3"
          />
        )}
      </JobHeader>

      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <JobDetailsCard job={job} distanceKm={data.distance_km} withAddress={false} />

        <aside
          aria-labelledby="bid-title"
          className="rounded-2xl border border-border bg-card p-5 shadow-sm lg:sticky lg:top-20"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="bid-title" className="text-lg font-bold">
              {showForm && !editing
                ? t('provider.placeBid')
                : mine
                  ? t('provider.yourBid')
                  : t('provider.placeBid')}
            </h2>
          </div>

          {showForm && !editing && (
            <div className="mt-2">
              {allowance.isPending ? (
                <Skeleton className="h-8 w-48 rounded-full" />
              ) : allowance.data ? (
                <AllowanceNote allowance={allowance.data} />
              ) : null}
            </div>
          )}

          <div className="mt-4 grid gap-4">
            {mine?.status === 'accepted' && (
              <Alert tone="success" title={t('provider.hired')}>
                <p>{t('provider.hiredText')}</p>
                <ButtonLink to={ROUTES.schedule} size="sm" variant="secondary" className="mt-3">
                  <CalendarCheck aria-hidden="true" className="h-4 w-4" /> {t('provider.schedule')}
                </ButtonLink>
              </Alert>
            )}
            {mine?.status === 'declined' && <Alert title={t('provider.notSelected')} />}

            {outOfBids && showForm && allowance.data && !bidLimitOf(save.error) && (
              <Alert tone="danger" role="alert" title={t('provider.limitTitle')}>
                <p>{t('provider.limitText', { limit: allowance.data.limit ?? 0 })}</p>
                <ButtonLink to={ROUTES.subscription} size="sm" className="mt-3">
                  {t('provider.upgrade')}
                </ButtonLink>
              </Alert>
            )}

            {showForm ? (
              <BidForm
                key={`${mode}-${mine?.id ?? 'new'}`}
                bid={mine}
                editing={editing}
                busy={save.isPending}
                error={save.error}
                disabled={outOfBids}
                tier={allowance.data?.tier ?? null}
                onSubmit={submit}
                onCancel={
                  mode !== 'view'
                    ? () => {
                        setMode('view');
                        save.reset();
                      }
                    : undefined
                }
              />
            ) : mine ? (
              <>
                <OwnBid bid={mine} />
                <div className="flex flex-wrap gap-2">
                  {active && open && (
                    <>
                      <Button variant="outline" onClick={() => setMode('edit')}>
                        <Pencil aria-hidden="true" className="h-4 w-4" /> {t('provider.edit')}
                      </Button>
                      <Button variant="ghost" className="text-danger" onClick={() => setWithdrawing(true)}>
                        <Undo2 aria-hidden="true" className="h-4 w-4" /> {t('provider.withdraw')}
                      </Button>
                    </>
                  )}
                  {mine.status === 'withdrawn' && data.can_bid && (
                    <Button variant="outline" onClick={() => setMode('again')}>
                      <RotateCcw aria-hidden="true" className="h-4 w-4" /> {t('provider.bidAgain')}
                    </Button>
                  )}
                </div>
              </>
            ) : (
              <Alert title={data.cannot_bid_reason ?? t('provider.closedForBids')} />
            )}
          </div>
        </aside>
      </div>

      {withdrawing && mine && (
        <Dialog
          title={t('provider.withdrawTitle')}
          description={t('provider.withdrawText')}
          onClose={() => !withdraw.isPending && setWithdrawing(false)}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setWithdrawing(false)} disabled={withdraw.isPending}>
              {t('provider.keep')}
            </Button>
            <Button
              variant="danger"
              busy={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(mine.id, {
                  onSuccess: () => {
                    setWithdrawing(false);
                    toast.success(t('provider.withdrawn'));
                  },
                  onError: (error) => {
                    setWithdrawing(false);
                    toast.error(error.message);
                  },
                })
              }
            >
              <Undo2 aria-hidden="true" className="h-4 w-4" /> {t('provider.withdraw')}
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
