import type { Notification } from '@adwuma/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff, CheckCheck, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { AppLink } from '../../components/ui/button-link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  notificationsQuery,
} from './api/notifications.ts';

const RELATIVE = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "5 minutes ago", "yesterday", or a date after a week. */
export function timeAgo(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((then - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'just now';
  if (abs < 3600) return RELATIVE.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return RELATIVE.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return RELATIVE.format(Math.round(seconds / 86_400), 'day');
  return DATE.format(new Date(then));
}

const LATEST = 5;

function Row({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const unread = !item.read_at;
  const body = (
    <>
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
      />
      <span className="min-w-0 flex-1">
        <span className={`block ${unread ? 'font-semibold' : 'font-medium text-muted-fg'}`}>
          {item.title}
          {unread && <span className="sr-only"> (unread)</span>}
        </span>
        {item.body && <span className="mt-0.5 block text-sm text-muted-fg">{item.body}</span>}
        <time dateTime={item.created_at} className="mt-1 block text-xs text-muted-fg">
          {timeAgo(item.created_at)}
        </time>
      </span>
      {item.link && <ChevronRight aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-muted-fg" />}
    </>
  );
  const className = `flex w-full gap-3 rounded-xl p-3 text-left ${unread ? 'bg-brand-50/70 dark:bg-brand-800/15' : ''}`;
  return item.link ? (
    <AppLink to={item.link} onClick={() => onOpen(item)} className={`${className} hover:bg-muted`}>
      {body}
    </AppLink>
  ) : (
    <div className={className}>{body}</div>
  );
}

/** The dashboard's latest notifications, with "Mark all read" (the full centre comes with messaging). */
export function NotificationsCard() {
  const titleId = useId();
  const queryClient = useQueryClient();
  const notifications = useQuery(notificationsQuery());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  const readAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: refresh,
    onError: (error) => toast.error(error instanceof Error ? error.message : 'Please try again.'),
  });
  const open = (item: Notification) => {
    if (!item.read_at) void markNotificationRead(item.id).then(refresh, () => {});
  };
  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.items.slice(0, LATEST) ?? [];

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <Bell aria-hidden="true" className="h-5 w-5 text-brand-700 dark:text-brand-500" />
          Notifications
          {unread > 0 && (
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
              {unread}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </h2>
        {unread > 0 && (
          <Button variant="ghost" size="sm" busy={readAll.isPending} onClick={() => readAll.mutate()}>
            <CheckCheck aria-hidden="true" className="h-4 w-4" />
            Mark all read
          </Button>
        )}
      </div>
      <div className="mt-3">
        {notifications.isPending ? (
          <div role="status" aria-label="Loading" className="grid gap-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : notifications.isError ? (
          <p className="text-sm text-muted-fg">
            Notifications could not be loaded.{' '}
            <button
              type="button"
              onClick={() => void notifications.refetch()}
              className="font-semibold text-brand-700 underline dark:text-brand-500"
            >
              Try again
            </button>
          </p>
        ) : items.length === 0 ? (
          <div className="flex items-center gap-3 rounded-xl border border-dashed border-border p-4 text-sm text-muted-fg">
            <BellOff aria-hidden="true" className="h-5 w-5 shrink-0" />
            No notifications yet. Updates about your account and bookings will show here.
          </div>
        ) : (
          <ul className="grid gap-1">
            {items.map((item) => (
              <li key={item.id}>
                <Row item={item} onOpen={open} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
