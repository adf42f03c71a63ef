import { useQuery } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { ROUTES } from '../../lib/routes.ts';
import { unreadMessagesQuery } from '../realtime/index.ts';
import { useNotificationsText } from './i18n.ts';
import { HEADER_ICON_CLASSES, UnreadBadge } from './unread-badge.tsx';

/** The header's Messages icon with the number of unread messages. */
export function MessagesLink() {
  const unread = useQuery(unreadMessagesQuery());
  const count = unread.data?.messages ?? 0;
  const { t } = useNotificationsText();
  return (
    <Link
      to={ROUTES.messaging}
      aria-label={count > 0 ? t('messages.labelUnread', { count }) : t('messages.label')}
      className={HEADER_ICON_CLASSES}
    >
      <MessageCircle aria-hidden="true" className="h-5 w-5" />
      <UnreadBadge count={count} />
    </Link>
  );
}
