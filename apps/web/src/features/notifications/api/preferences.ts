import {
  DEFAULT_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from '@adwuma/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type PreferenceRow = NotificationPreferences['items'][number];

export const preferenceKeys = { all: ['notifications', 'preferences'] as const };

/** Every kind, in the shared order, with the default (all channels on) where nothing is stored. */
export function completePreferences(stored: NotificationPreferences | undefined): PreferenceRow[] {
  const byKind = new Map(stored?.items.map((row) => [row.kind, row]));
  return NOTIFICATION_KINDS.map(
    (kind: NotificationKind) => byKind.get(kind) ?? { kind, ...DEFAULT_CHANNELS },
  );
}

/** GET /api/notifications/preferences. */
export const preferencesQuery = () =>
  queryOptions({
    queryKey: preferenceKeys.all,
    queryFn: () => api<NotificationPreferences>('/api/notifications/preferences'),
  });

/** PUT /api/notifications/preferences with the changed kinds (any subset). */
export const savePreferences = (items: PreferenceRow[]) =>
  api<NotificationPreferences | undefined>('/api/notifications/preferences', {
    method: 'PUT',
    json: { items },
  });
