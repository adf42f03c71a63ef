import { defineNamespace } from '../../i18n/index.ts';
import en from '../../locales/en/quotes.json';

/** The quote screens' texts (src/locales/en/quotes.json; Twi in src/locales/ak). */
export const useQuotesText = defineNamespace('quotes', en);
