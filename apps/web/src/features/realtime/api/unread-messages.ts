import type { Unread } from '@adwuma/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { messagingKeys } from '../realtime-keys.ts';

/** GET /api/messages/unread: the header's Messages badge (kept fresh by realtime events). */
export const unreadMessagesQuery = () =>
  queryOptions({
    queryKey: messagingKeys.unread,
    queryFn: () => api<Unread>('/api/messages/unread'),
    staleTime: 60_000,
  });
