import {
  ADMIN_USER_MESSAGES,
  NOTIFICATIONS_LIMIT,
  type Notification,
  type NotificationList,
  type RealtimeEvent,
  type ServerFrame,
} from '@adwuma/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notifySessionExpired } from '../../lib/api.ts';
import { type RealtimeState, realtime } from '../../lib/realtime.ts';
import { ROUTES } from '../../lib/routes.ts';
import { toast } from '../../lib/toast.ts';
import { useOptionalSession } from '../auth/index.ts';
import { realtimeText } from './i18n.ts';
import { getOutbox } from './outbox.ts';
import { messagingKeys, notificationKeys } from './realtime-keys.ts';
import { useOutboxSync } from './use-outbox.ts';

/** Puts a new notification at the top of the cached list (or refetches when nothing is cached). */
export function prependNotification(queryClient: QueryClient, notification: Notification): void {
  const cached = queryClient.getQueryData<NotificationList>(notificationKeys.list);
  if (!cached) {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    return;
  }
  if (cached.items.some((item) => item.id === notification.id)) return;
  queryClient.setQueryData<NotificationList>(notificationKeys.list, {
    items: [notification, ...cached.items].slice(0, NOTIFICATIONS_LIMIT),
    unread: cached.unread + (notification.read_at ? 0 : 1),
  });
}

function onMessagingPage(pathname: string): boolean {
  return pathname === ROUTES.messaging || pathname.startsWith(`${ROUTES.messaging}/`);
}

export interface BridgeContext {
  queryClient: QueryClient;
  pathname: () => string;
  navigate: (to: string) => void;
}

/** What one realtime event does to the app's caches and the toast area. */
export function handleRealtimeEvent(
  event: RealtimeEvent,
  { queryClient, pathname, navigate }: BridgeContext,
) {
  switch (event.type) {
    case 'notification': {
      const n = event.notification;
      prependNotification(queryClient, n);
      if (n.kind === 'message' && onMessagingPage(pathname())) return;
      const link = n.link;
      toast(n.title, {
        id: `notification-${n.id}`,
        description: n.body || undefined,
        action: link ? { label: realtimeText()('toast.open'), onClick: () => navigate(link) } : undefined,
      });
      return;
    }
    case 'message':
    case 'read':
    case 'conversation':
      void queryClient.invalidateQueries({ queryKey: messagingKeys.unread });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
      return;
    default:
      return;
  }
}

type SignedOutReason = Extract<ServerFrame, { type: 'signed_out' }>['reason'];

/** What the person reads on /auth when an admin ended their session (issue 19). */
export const SIGNED_OUT_MESSAGES: Record<SignedOutReason, string> = {
  suspended: ADMIN_USER_MESSAGES.suspendedSignIn,
  password_reset: ADMIN_USER_MESSAGES.resetRequiredSignIn,
};

/**
 * Connects the signed-in person to /api/realtime and applies what arrives: new notifications into
 * the bell (with a toast), message activity into the Messages badge and the conversation list, a
 * reset into a full refetch, a signed_out frame into the sign-in page with the reason. Mounted once
 * in the root layout; signing out disconnects.
 */
export function RealtimeBridge() {
  const session = useOptionalSession();
  const userId = session?.status === 'signed_in' ? (session.user?.id ?? null) : null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  // Issue 21: messages written offline go out when the app starts, the network or the socket returns.
  useOutboxSync(userId);

  useEffect(() => {
    if (!userId) return;
    // A message sent from the outbox: the list and its thread show it (once: matched by client_id).
    return getOutbox(userId).subscribe((change) => {
      if (change.type !== 'sent') return;
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.thread(change.entry.conversationId) });
    });
  }, [userId, queryClient]);

  useEffect(() => {
    if (!userId) return;
    const context: BridgeContext = {
      queryClient,
      pathname: () => pathRef.current,
      navigate: (to) => void navigateRef.current(to),
    };
    const offEvent = realtime.onEvent((event) => handleRealtimeEvent(event, context));
    const offControl = realtime.onControl((signal) => {
      if (signal === 'reset') void queryClient.invalidateQueries();
    });
    // The session is gone on the server already: the auth provider's expiry path forgets it here
    // (no sign-out call), sends the person to /auth and says why.
    const offSignedOut = realtime.onFrameOf('signed_out', (frame) =>
      notifySessionExpired('/api/realtime', {
        message: SIGNED_OUT_MESSAGES[frame.reason] ?? ADMIN_USER_MESSAGES.sessionEnded,
      }),
    );
    // sw.js asks an open tab it could not navigate itself to open a clicked push notification's page.
    const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    const onWorkerMessage = (message: MessageEvent) => {
      const data = message.data as { type?: string; link?: string } | null;
      if (data?.type === 'navigate' && typeof data.link === 'string' && data.link.startsWith('/'))
        context.navigate(data.link);
    };
    worker?.addEventListener('message', onWorkerMessage);
    realtime.start();
    return () => {
      worker?.removeEventListener('message', onWorkerMessage);
      offEvent();
      offControl();
      offSignedOut();
      realtime.stop();
    };
  }, [userId, queryClient]);

  return null;
}

export interface RealtimeSnapshot {
  state: RealtimeState;
  latencyMs: number | null;
  connectedAt: number | null;
  attempts: number;
  lastSeq: number;
}

let snapshot: RealtimeSnapshot | null = null;

function readSnapshot(): RealtimeSnapshot {
  const { state, latencyMs, connectedAt, attempts, lastSeq } = realtime;
  if (
    !snapshot ||
    snapshot.state !== state ||
    snapshot.latencyMs !== latencyMs ||
    snapshot.connectedAt !== connectedAt ||
    snapshot.attempts !== attempts ||
    snapshot.lastSeq !== lastSeq
  ) {
    snapshot = { state, latencyMs, connectedAt, attempts, lastSeq };
  }
  return snapshot;
}

const subscribeState = (listener: () => void) => realtime.onState(listener);

/** The realtime connection's state, latency and position, for diagnostics. */
export function useRealtimeState(): RealtimeSnapshot {
  return useSyncExternalStore(subscribeState, readSnapshot, readSnapshot);
}
