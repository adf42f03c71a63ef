// Issue 21: the onboarding wizard's texts (src/locales/<lang>/onboarding.json), welcome → complete.
import { defineNamespace } from '../../i18n/index.ts';
import en from '../../locales/en/onboarding.json';

export const useOnboardingText = defineNamespace('onboarding', en);
