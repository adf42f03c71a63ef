/**
 * Query keys the realtime bridge keeps fresh. /messaging reads these too, so a realtime event and a
 * page's own mutation invalidate the same cache entries. The notification keys live here too (and
 * features/notifications re-exports them), so realtime never imports the notifications feature.
 */
export const notificationKeys = { list: ['notifications'] as const };

export const messagingKeys = {
  unread: ['messages', 'unread'] as const,
  conversations: ['conversations'] as const,
  thread: (id: string) => ['conversation', id] as const,
};
