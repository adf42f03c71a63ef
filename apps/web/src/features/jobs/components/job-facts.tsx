import { formatDistance, type Job } from '@adwuma/shared';
import { CalendarDays, MapPin, Tag, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useJobFormat } from '../format.ts';

type FactsJob = Pick<
  Job,
  'category_name' | 'when_type' | 'date_start' | 'date_end' | 'budget_min' | 'budget_max' | 'city' | 'address'
>;

function placeText(
  job: FactsJob,
  distanceKm: number | null | undefined,
  withAddress: boolean,
  away: (distance: string) => string,
): string | null {
  const parts = [
    withAddress ? job.address : null,
    job.city,
    distanceKm !== null && distanceKm !== undefined ? away(formatDistance(distanceKm)) : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2.5">
      <dt className="mt-0.5 shrink-0 text-muted-fg">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 text-sm text-fg">{children}</dd>
    </div>
  );
}

/** Category, when, budget and place of a job, as a definition list. */
export function JobFacts({
  job,
  distanceKm,
  withAddress = true,
  className = '',
}: {
  job: FactsJob;
  distanceKm?: number | null;
  withAddress?: boolean;
  className?: string;
}) {
  const { t, jobWhen, budgetText } = useJobFormat();
  const place = placeText(job, distanceKm, withAddress, (distance) => t('facts.away', { distance }));
  return (
    <dl className={`grid gap-2.5 sm:grid-cols-2 ${className}`}>
      <Fact icon={<Tag aria-hidden="true" className="h-4 w-4" />} label={t('facts.category')}>
        {job.category_name}
      </Fact>
      <Fact icon={<CalendarDays aria-hidden="true" className="h-4 w-4" />} label={t('facts.when')}>
        {jobWhen(job)}
      </Fact>
      <Fact icon={<Wallet aria-hidden="true" className="h-4 w-4" />} label={t('facts.budget')}>
        {budgetText(job)}
      </Fact>
      {place && (
        <Fact icon={<MapPin aria-hidden="true" className="h-4 w-4" />} label={t('facts.where')}>
          {place}
        </Fact>
      )}
    </dl>
  );
}
