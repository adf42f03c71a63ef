import { defineNamespace } from '../../i18n/index.ts';
import en from '../../locales/en/location.json';

/** The place picker's texts (issue 21). */
export const useLocationText = defineNamespace('location', en);
