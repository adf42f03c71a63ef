import { defineNamespace } from '../i18n/index.ts';
import en from '../locales/en/saver.json';

/** The data saver's texts (switch, photo and map placeholders). */
export const useSaverText = defineNamespace('saver', en);
