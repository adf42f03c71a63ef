import { defineNamespace, textOf } from '../../i18n/index.ts';
import en from '../../locales/en/messaging.json';

/** The messaging screens' texts (src/locales/<language>/messaging.json). */
export const useMessagingText = defineNamespace('messaging', en);
/** Outside React (a toast in an event handler): the current language. */
export const messagingText = () => textOf('messaging');
