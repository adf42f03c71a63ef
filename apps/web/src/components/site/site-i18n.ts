import { defineNamespace } from '../../i18n/index.ts';
import commonEn from '../../locales/en/common.json';
import siteEn from '../../locales/en/site.json';

// The app's side of the chrome's words (i18next): imported by app code only, never by the landing
// entry (site-text.ts explains the split).
export const useSiteI18n = defineNamespace('site', siteEn);
export const useCommonText = defineNamespace('common', commonEn);
