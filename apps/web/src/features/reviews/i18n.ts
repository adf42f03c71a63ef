import { defineNamespace } from '../../i18n/index.ts';
import en from '../../locales/en/reviews.json';

/** The review screens' texts (src/locales/en/reviews.json; Twi in src/locales/ak). */
export const useReviewsText = defineNamespace('reviews', en);
