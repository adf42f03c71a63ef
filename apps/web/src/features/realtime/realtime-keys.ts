/**
 * Query keys the realtime bridge keeps fresh. /messaging reads these too, so a realtime event and a
 * page's own mutation invalidate the same cache entries. (Notification keys live beside their API:
 * features/notifications/api/notifications.ts.)
 */
export const messagingKeys = {
  unread: ['messages', 'unread'] as const,
  conversations: ['conversations'] as const,
  thread: (id: string) => ['conversation', id] as const,
};
