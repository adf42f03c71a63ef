import { defineNamespace } from '../../i18n/index.ts';
import en from '../../locales/en/jobs.json';

/** The jobs screens' texts (src/locales/en/jobs.json; Twi in src/locales/ak). */
export const useJobsText = defineNamespace('jobs', en);
