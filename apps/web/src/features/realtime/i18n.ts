import { defineNamespace, textOf } from '../../i18n/index.ts';
import en from '../../locales/en/realtime.json';

export const useRealtimeText = defineNamespace('realtime', en);
/** Outside React (a toast from a realtime event): the current language. */
export const realtimeText = () => textOf('realtime');
