import type { Notification } from '@adwuma/shared';
import { Bell, CheckCheck, Settings } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../lib/routes.ts';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { useNotificationsText } from './i18n.ts';
import {
  NotificationContent,
  NotificationListBody,
  unreadRowClass,
  useNotificationInbox,
} from './notification-inbox.tsx';
import { HEADER_ICON_CLASSES, UnreadBadge } from './unread-badge.tsx';

/** How many notifications the bell lists (the newest). */
export const BELL_LIMIT = 8;

function BellItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      className={`flex w-full gap-3 rounded-xl px-3 py-2.5 text-left text-sm hover:bg-muted ${unreadRowClass(item)}`}
    >
      <NotificationContent item={item} clampBody />
    </button>
  );
}

/**
 * The header bell: the unread count, and a panel (a full-width sheet on phones) with the newest
 * notifications. Opening one marks it read and goes to its page.
 */
export function NotificationBell() {
  const { t } = useNotificationsText();
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const panelId = useId();
  const titleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const inbox = useNotificationInbox(BELL_LIMIT);
  const { unread, readAll } = inbox;

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the page changes
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);
  useDismiss(open, closeMenu, rootRef, triggerRef);

  const openItem = (item: Notification) => {
    inbox.markRead(item);
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
        aria-label={unread > 0 ? t('bell.titleUnread', { count: unread }) : t('bell.title')}
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
              {t('bell.title')}
              {unread > 0 && (
                <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
                  {unread}
                  <span className="sr-only"> {t('bell.unread')}</span>
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
                {t('bell.markAll')}
              </button>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-2">
            <NotificationListBody
              inbox={inbox}
              failed={t('bell.failed')}
              empty={t('bell.empty')}
              renderItem={(item) => <BellItem item={item} onOpen={openItem} />}
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-1 border-t border-border px-2 py-2">
            <Link
              to={`${ROUTES.notificationsDiagnostics}#preferences`}
              onClick={() => setOpen(false)}
              className="inline-flex min-h-10 items-center gap-2 rounded-full px-3 text-sm font-medium text-fg hover:bg-muted"
            >
              <Settings aria-hidden="true" className="h-4 w-4 text-muted-fg" />
              {t('bell.settings')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
