import {
  ACTIVITY_KINDS,
  ACTIVITY_LABELS,
  type ActivityItem,
  type ActivityKind,
  activityItemSchema,
} from '@adwuma/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  Banknote,
  Briefcase,
  CalendarCheck,
  Flag,
  Gavel,
  type LucideIcon,
  Star,
  UserPlus,
} from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { timeAgo } from '../../notifications/index.ts';
import { useRealtimeFrame, useRealtimeState } from '../../realtime/index.ts';
import { AdminPageHeader, EmptyRows, formatDateTime, QueryError, TableSkeleton } from '../admin-ui.tsx';
import { activityQuery, normaliseKinds } from './api.ts';
import { describeActivity } from './describe-activity.ts';

const KIND_ICONS: Record<ActivityKind, LucideIcon> = {
  user_signed_up: UserPlus,
  job_posted: Briefcase,
  bid_placed: Gavel,
  booking_created: CalendarCheck,
  review_written: Star,
  report_filed: Flag,
  payment_received: Banknote,
};

const CONNECTION = {
  open: { label: 'Live', dot: 'bg-leaf-500', ping: true },
  connecting: { label: 'Connecting…', dot: 'bg-brand-500', ping: false },
  reconnecting: { label: 'Reconnecting…', dot: 'bg-brand-500', ping: false },
  offline: {
    label: 'Offline: new activity will show when you are back online',
    dot: 'bg-danger',
    ping: false,
  },
  idle: { label: 'Not connected', dot: 'bg-muted-fg', ping: false },
} as const;

/** Whether the socket is up: new activity appears by itself only while it is. */
function LiveIndicator() {
  const { state } = useRealtimeState();
  const { label, dot, ping } = CONNECTION[state];
  return (
    <p className="flex items-center gap-2 text-sm font-semibold" data-state={state}>
      <span aria-hidden="true" className="relative flex h-3 w-3">
        {ping && (
          <span
            className={`absolute inline-flex h-full w-full animate-ping rounded-full opacity-60 ${dot}`}
          />
        )}
        <span className={`relative inline-flex h-3 w-3 rounded-full ${dot}`} />
      </span>
      <span>{label}</span>
    </p>
  );
}

/** The current time, ticking every minute, so "5 minutes ago" stays true. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const byNewest = (a: ActivityItem, b: ActivityItem) => Number(b.id) - Number(a.id);

/**
 * /admin/activity (issue 19): what happens on Adwuma as it happens. The newest 50 from the API
 * (older on request), then every new item from the realtime channel on top, each once; filter chips
 * by kind (kept in the address); new items are announced politely, focus stays where it is.
 */
export function AdminActivityPage() {
  useDocumentTitle('Activity · Admin');
  const [params, setParams] = useSearchParams();
  const kindsParam = params.get('kinds') ?? '';
  const kinds = useMemo(() => normaliseKinds(kindsParam.split(',')), [kindsParam]);
  const feed = useInfiniteQuery(activityQuery(kinds));
  const [live, setLive] = useState<ActivityItem[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const now = useMinute();

  const fetched = useMemo(() => feed.data?.pages.flatMap((p) => p.items) ?? [], [feed.data]);
  const known = useRef(new Set<string>());
  known.current = new Set([...fetched.map((i) => i.id), ...live.map((i) => i.id)]);
  const kindsRef = useRef(kinds);
  kindsRef.current = kinds;

  useRealtimeFrame('activity', (frame) => {
    const parsed = activityItemSchema.safeParse(frame.item);
    if (!parsed.success || known.current.has(parsed.data.id)) return;
    const item = parsed.data;
    known.current.add(item.id);
    setLive((items) => (items.some((i) => i.id === item.id) ? items : [item, ...items]));
    const shown = kindsRef.current.length === 0 || kindsRef.current.includes(item.kind);
    if (shown) setAnnouncement(`New activity: ${describeActivity(item)}`);
  });

  // Back from a dropped connection: what happened meanwhile came over no socket, so read the list again.
  const { state } = useRealtimeState();
  const wasDown = useRef(false);
  const { refetch } = feed;
  useEffect(() => {
    if (state === 'reconnecting' || state === 'offline') wasDown.current = true;
    if (state === 'open' && wasDown.current) {
      wasDown.current = false;
      void refetch();
    }
  }, [state, refetch]);

  const items = useMemo(() => {
    const seen = new Set<string>();
    return [...live, ...fetched]
      .filter((i) => {
        if (seen.has(i.id)) return false;
        seen.add(i.id);
        return kinds.length === 0 || kinds.includes(i.kind);
      })
      .sort(byNewest);
  }, [live, fetched, kinds]);

  function toggle(kind: ActivityKind | 'all') {
    const next = new URLSearchParams(params);
    const chosen =
      kind === 'all'
        ? []
        : kinds.includes(kind)
          ? kinds.filter((k) => k !== kind)
          : normaliseKinds([...kinds, kind]);
    if (chosen.length === 0 || chosen.length === ACTIVITY_KINDS.length) next.delete('kinds');
    else next.set('kinds', chosen.join(','));
    setParams(next);
  }

  const chip = (active: boolean) =>
    `inline-flex min-h-10 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border px-3.5 text-sm font-semibold transition-colors ${
      active
        ? 'border-brand-600 bg-brand-600 text-white'
        : 'border-border bg-card text-muted-fg hover:text-fg'
    }`;

  return (
    <div>
      <AdminPageHeader
        title="Activity"
        lead="What happens on Adwuma as it happens: sign-ups, jobs, bids, bookings, reviews, reports and payments."
      >
        <LiveIndicator />
      </AdminPageHeader>
      {/* One row that scrolls sideways on a phone (the feed stays near the top); wrapped from sm up. */}
      <fieldset className="-mx-4 mt-6 flex min-w-0 gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
        <legend className="sr-only">Show activity</legend>
        <button
          type="button"
          aria-pressed={kinds.length === 0}
          className={chip(kinds.length === 0)}
          onClick={() => toggle('all')}
        >
          All
        </button>
        {ACTIVITY_KINDS.map((kind) => {
          const Icon = KIND_ICONS[kind];
          const active = kinds.includes(kind);
          return (
            <button
              key={kind}
              type="button"
              aria-pressed={active}
              className={chip(active)}
              onClick={() => toggle(kind)}
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              {ACTIVITY_LABELS[kind]}
            </button>
          );
        })}
      </fieldset>
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
      <div className="mt-6">
        {feed.isPending ? (
          <TableSkeleton />
        ) : feed.isError ? (
          <QueryError error={feed.error} onRetry={() => void feed.refetch()} />
        ) : items.length === 0 ? (
          <EmptyRows>
            {kinds.length ? 'No activity of these kinds yet.' : 'Nothing has happened yet.'} New activity
            shows here as it happens.
          </EmptyRows>
        ) : (
          <>
            <ol
              aria-label="Activity, newest first"
              className="divide-y divide-border rounded-2xl border border-border bg-card shadow-sm"
            >
              {items.map((item) => {
                const Icon = KIND_ICONS[item.kind];
                return (
                  <li key={item.id} className="flex gap-3 px-4 py-3">
                    <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-800/30 dark:text-brand-500">
                      <Icon aria-hidden="true" className="h-4 w-4" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="[overflow-wrap:anywhere] text-sm font-medium">{describeActivity(item)}</p>
                      <p className="mt-0.5 text-xs text-muted-fg">
                        {ACTIVITY_LABELS[item.kind]} ·{' '}
                        <time dateTime={item.created_at} title={formatDateTime(item.created_at)}>
                          {timeAgo(item.created_at, now)}
                        </time>
                      </p>
                    </div>
                  </li>
                );
              })}
            </ol>
            {feed.hasNextPage && (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="outline"
                  busy={feed.isFetchingNextPage}
                  onClick={() => void feed.fetchNextPage()}
                >
                  Load older
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
