import { defineNamespace } from '../../i18n/index.ts';
import en from '../../locales/en/notifications.json';

/** The notification screens' texts (src/locales/{en,ak}/notifications.json). */
export const useNotificationsText = defineNamespace('notifications', en);
