import { MessagesLink } from './messages-link.tsx';
import { NotificationBell } from './notification-bell.tsx';

/** Signed in, beside the account menu: Messages and the notification bell. */
export function HeaderInbox() {
  return (
    <>
      <MessagesLink />
      <NotificationBell />
    </>
  );
}
