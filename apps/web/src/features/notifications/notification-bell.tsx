import type { Notification } from '@adwuma/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, Bell, BellOff, CheckCheck, Settings } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ROUTES } from '../../lib/routes.ts';
import { useDismiss } from '../../lib/use-dismiss.ts';
import {
  markAllNotificationsRead,
  markAllReadInCache,
  markNotificationRead,
  markReadInCache,
  notificationKeys,
  notificationsQuery,
} from './api/notifications.ts';
import { timeAgo } from './notifications-card.tsx';
import { HEADER_ICON_CLASSES, UnreadBadge } from './unread-badge.tsx';

/** How many notifications the bell lists (the newest). */
export const BELL_LIMIT = 8;

export const BELL_TEXT = {
  title: 'Notifications',
  markAll: 'Mark all read',
  empty: 'No notifications yet. Updates about your messages, jobs and bookings will show here.',
  failed: 'Notifications could not be loaded.',
  settings: 'Notification settings',
  diagnostics: 'Diagnostics',
} as const;

function BellItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const unread = !item.read_at;
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      className={`flex w-full gap-3 rounded-xl px-3 py-2.5 text-left hover:bg-muted ${unread ? 'bg-brand-50/70 dark:bg-brand-800/15' : ''}`}
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
      />
      <span className="min-w-0 flex-1 wrap-anywhere">
        <span className={`block text-sm ${unread ? 'font-semibold text-fg' : 'font-medium text-muted-fg'}`}>
          {item.title}
          {unread && <span className="sr-only"> (unread)</span>}
        </span>
        {item.body && <span className="mt-0.5 line-clamp-2 block text-sm text-muted-fg">{item.body}</span>}
        <time dateTime={item.created_at} className="mt-1 block text-xs text-muted-fg">
          {timeAgo(item.created_at)}
        </time>
      </span>
    </button>
  );
}

/**
 * The header bell: the unread count, and a panel (a full-width sheet on phones) with the newest
 * notifications. Opening one marks it read and goes to its page.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const panelId = useId();
  const titleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notifications = useQuery(notificationsQuery());
  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.items.slice(0, BELL_LIMIT) ?? [];

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the page changes
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);
  useDismiss(open, closeMenu, rootRef, triggerRef);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list });

  const readAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => markAllReadInCache(queryClient),
    onError: (error) => {
      refresh();
      toast.error(error instanceof Error ? error.message : 'Please try again.');
    },
    onSuccess: refresh,
  });

  const openItem = (item: Notification) => {
    if (!item.read_at) {
      markReadInCache(queryClient, item.id);
      void markNotificationRead(item.id).then(refresh, refresh);
    }
    if (item.link) {
      setOpen(false);
      void navigate(item.link);
    }
  };

  return (
    <div ref={rootRef} className="sm:relative">
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        aria-label={unread > 0 ? `${BELL_TEXT.title}, ${unread} unread` : BELL_TEXT.title}
        onClick={() => setOpen((v) => !v)}
        className={`${HEADER_ICON_CLASSES} ${open ? 'bg-muted' : ''}`}
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        <UnreadBadge count={unread} />
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          className="fixed inset-x-2 top-[4.25rem] z-50 flex max-h-[calc(100dvh-5rem)] flex-col rounded-2xl border border-border bg-card shadow-xl outline-none sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:max-h-[32rem] sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
            <h2 id={titleId} className="flex items-center gap-2 text-base font-bold tracking-tight text-fg">
              {BELL_TEXT.title}
              {unread > 0 && (
                <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
                  {unread}
                  <span className="sr-only"> unread</span>
                </span>
              )}
            </h2>
            {unread > 0 && (
              <button
                type="button"
                disabled={readAll.isPending}
                onClick={() => readAll.mutate()}
                className="inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-muted disabled:opacity-60 dark:text-brand-500"
              >
                <CheckCheck aria-hidden="true" className="h-4 w-4" />
                {BELL_TEXT.markAll}
              </button>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-2">
            {notifications.isPending ? (
              <div role="status" aria-label="Loading" className="grid gap-2 p-1">
                <Skeleton className="h-14" />
                <Skeleton className="h-14" />
              </div>
            ) : notifications.isError ? (
              <p className="p-3 text-sm text-muted-fg">
                {BELL_TEXT.failed}{' '}
                <button
                  type="button"
                  onClick={() => void notifications.refetch()}
                  className="font-semibold text-brand-700 underline dark:text-brand-500"
                >
                  Try again
                </button>
              </p>
            ) : items.length === 0 ? (
              <p className="flex items-start gap-3 p-3 text-sm text-muted-fg">
                <BellOff aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
                {BELL_TEXT.empty}
              </p>
            ) : (
              <ul className="grid gap-0.5">
                {items.map((item) => (
                  <li key={item.id}>
                    <BellItem item={item} onOpen={openItem} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="flex flex-wrap items-center justify-between gap-1 border-t border-border px-2 py-2">
            <Link
              to={`${ROUTES.notificationsDiagnostics}#preferences`}
              onClick={() => setOpen(false)}
              className="inline-flex min-h-10 items-center gap-2 rounded-full px-3 text-sm font-medium text-fg hover:bg-muted"
            >
              <Settings aria-hidden="true" className="h-4 w-4 text-muted-fg" />
              {BELL_TEXT.settings}
            </Link>
            <Link
              to={ROUTES.notificationsDiagnostics}
              onClick={() => setOpen(false)}
              className="inline-flex min-h-10 items-center gap-2 rounded-full px-3 text-sm font-medium text-fg hover:bg-muted"
            >
              <Activity aria-hidden="true" className="h-4 w-4 text-muted-fg" />
              {BELL_TEXT.diagnostics}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
