// Entry file of features/realtime: other features import realtime only from here (scripts/check-deps.mjs).
export { unreadMessagesQuery } from './api/unread-messages.ts';
export { getOutbox, type OutboxEntry, type OutboxState, resetOutboxes } from './outbox.ts';
export { useRealtimeState } from './realtime-bridge.tsx';
export { messagingKeys, notificationKeys } from './realtime-keys.ts';
export { useOutboxEntries, useOutboxSync } from './use-outbox.ts';
export { useRealtimeFrame } from './use-realtime-frame.ts';
