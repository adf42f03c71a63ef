import { defineNamespace } from '../../i18n/index.ts';
import en from '../../locales/en/account.json';

/** The account menu's words (locales/<lang>/account.json). */
export const useAccountText = defineNamespace('account', en);
