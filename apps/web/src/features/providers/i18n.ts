// Issue 21: the provider profile's texts (src/locales/<lang>/profile.json).
import { defineNamespace } from '../../i18n/index.ts';
import en from '../../locales/en/profile.json';

export const useProfileText = defineNamespace('profile', en);
