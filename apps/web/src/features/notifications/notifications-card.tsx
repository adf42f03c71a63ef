import type { Notification } from '@adwuma/shared';
import { Bell, CheckCheck, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { AppLink } from '../../components/ui/button-link.tsx';
import { useNotificationsText } from './i18n.ts';
import {
  NotificationContent,
  NotificationListBody,
  unreadRowClass,
  useNotificationInbox,
} from './notification-inbox.tsx';

const LATEST = 5;

function Row({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const body = (
    <>
      <NotificationContent item={item} />
      {item.link && <ChevronRight aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-muted-fg" />}
    </>
  );
  const className = `flex w-full gap-3 rounded-xl p-3 text-left ${unreadRowClass(item)}`;
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
  const { t } = useNotificationsText();
  const inbox = useNotificationInbox(LATEST);
  const { unread, readAll } = inbox;

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <Bell aria-hidden="true" className="h-5 w-5 text-brand-700 dark:text-brand-500" />
          {t('bell.title')}
          {unread > 0 && (
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
              {unread}
              <span className="sr-only"> {t('bell.unread')}</span>
            </span>
          )}
        </h2>
        {unread > 0 && (
          <Button variant="ghost" size="sm" busy={readAll.isPending} onClick={() => readAll.mutate()}>
            <CheckCheck aria-hidden="true" className="h-4 w-4" />
            {t('bell.markAll')}
          </Button>
        )}
      </div>
      <div className="mt-3">
        <NotificationListBody
          inbox={inbox}
          failed={t('bell.failed')}
          empty={t('card.empty')}
          renderItem={(item) => <Row item={item} onOpen={inbox.markRead} />}
        />
      </div>
    </section>
  );
}
