import { formatDate, type Notification } from '@adwuma/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { textOf, useLanguage } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import {
  markAllNotificationsRead,
  markAllReadInCache,
  markNotificationRead,
  markReadInCache,
  notificationKeys,
  notificationsQuery,
} from './api/notifications.ts';
import { useNotificationsText } from './i18n.ts';

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

/**
 * The newest notifications (up to `limit`) and the unread count, with "mark all read" and "mark one
 * read" applied to the cache at once and confirmed by the server. The bell and the dashboard card.
 */
export function useNotificationInbox(limit: number) {
  const queryClient = useQueryClient();
  const notifications = useQuery(notificationsQuery());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  const readAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => markAllReadInCache(queryClient),
    onError: (error) => {
      refresh();
      toast.error(error instanceof Error ? error.message : textOf('notifications')('inbox.tryAgainLater'));
    },
    onSuccess: refresh,
  });
  const markRead = (item: Notification) => {
    if (item.read_at) return;
    markReadInCache(queryClient, item.id);
    void markNotificationRead(item.id).then(refresh, refresh);
  };
  return {
    notifications,
    unread: notifications.data?.unread ?? 0,
    items: notifications.data?.items.slice(0, limit) ?? [],
    readAll,
    markRead,
  };
}

/** One notification's dot, title, body and time (the row's own element is the caller's). */
export function NotificationContent({
  item,
  clampBody = false,
}: {
  item: Notification;
  clampBody?: boolean;
}) {
  const unread = !item.read_at;
  const { t } = useNotificationsText();
  const language = useLanguage();
  return (
    <>
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
      />
      <span className="min-w-0 flex-1 wrap-anywhere">
        <span className={`block ${unread ? 'font-semibold text-fg' : 'font-medium text-muted-fg'}`}>
          {item.title}
          {unread && <span className="sr-only"> {t('inbox.unreadMark')}</span>}
        </span>
        {item.body && (
          <span className={`mt-0.5 block text-sm text-muted-fg ${clampBody ? 'line-clamp-2' : ''}`}>
            {item.body}
          </span>
        )}
        <time dateTime={item.created_at} className="mt-1 block text-xs text-muted-fg">
          {language === 'en' ? timeAgo(item.created_at) : formatDate(item.created_at, language, 'moment')}
        </time>
      </span>
    </>
  );
}

export const unreadRowClass = (item: Notification) =>
  item.read_at ? '' : 'bg-brand-50/70 dark:bg-brand-800/15';

/** Loading, failed (with Try again), empty, or the list of rows. */
export function NotificationListBody({
  inbox,
  empty,
  failed,
  renderItem,
}: {
  inbox: ReturnType<typeof useNotificationInbox>;
  empty: ReactNode;
  failed: string;
  renderItem: (item: Notification) => ReactNode;
}) {
  const { notifications, items } = inbox;
  const { t } = useNotificationsText();
  if (notifications.isPending) {
    return (
      <div role="status" aria-label={t('inbox.loading')} className="grid gap-2 p-1">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (notifications.isError) {
    return (
      <p className="p-3 text-sm text-muted-fg">
        {failed}{' '}
        <button
          type="button"
          onClick={() => void notifications.refetch()}
          className="font-semibold text-brand-700 underline dark:text-brand-500"
        >
          {t('inbox.tryAgain')}
        </button>
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <p className="flex items-start gap-3 p-3 text-sm text-muted-fg">
        <BellOff aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        {empty}
      </p>
    );
  }
  return (
    <ul className="grid gap-0.5">
      {items.map((item) => (
        <li key={item.id}>{renderItem(item)}</li>
      ))}
    </ul>
  );
}
