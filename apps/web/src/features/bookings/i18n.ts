import { defineNamespace } from '../../i18n/index.ts';
import en from '../../locales/en/bookings.json';

/** The bookings screens' texts (src/locales/en/bookings.json; Twi in src/locales/ak). */
export const useBookingsText = defineNamespace('bookings', en);
