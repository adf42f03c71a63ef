import type { Language } from '@adwuma/shared/i18n/locale';
import {
  SITE_LANGUAGE_NAMES as LANGUAGE_NAMES,
  SITE_LANGUAGE_TAGS as LANGUAGE_TAGS,
  SITE_LANGUAGES as LANGUAGES,
} from './languages.ts';
import { useSiteText } from './site-text.ts';

/** What the button shows on a phone, where the bar is shared with the account's buttons. */
const SHORT_NAMES: Record<Language, string> = { en: 'EN', ak: 'Twi' };

/** The language the header's button offers: the other one (two languages today). */
export function otherLanguage(language: Language): Language {
  return LANGUAGES.find((l) => l !== language) ?? language;
}

/**
 * Issue 21: the header's language switch, at every width (compact enough for a 360 px phone beside
 * the account): one button naming the other language in that language ("Twi" on an English page,
 * "English" on a Twi one, "EN" on a phone). The language comes from the chrome's text (what the page was rendered
 * in), never from the cookie, so the server's HTML and the first client render agree.
 */
export function LanguageSwitch() {
  const { t, language, switchLanguage } = useSiteText();
  const next = otherLanguage(language);
  return (
    <button
      type="button"
      onClick={() => switchLanguage(next)}
      aria-label={t('common:language.switchToNamed', { language: LANGUAGE_NAMES[next] })}
      title={t('common:language.switchTo')}
      data-language-switch={next}
      className="inline-flex h-10 min-w-10 items-center justify-center rounded-full border border-border px-2 text-sm font-semibold text-fg hover:bg-muted sm:px-3"
    >
      {/* A phone shows the short name ("EN"), which the accessible name contains ("… English"). */}
      <span lang={LANGUAGE_TAGS[next]} className="sm:hidden">
        {SHORT_NAMES[next]}
      </span>
      <span lang={LANGUAGE_TAGS[next]} className="hidden sm:inline">
        {LANGUAGE_NAMES[next]}
      </span>
    </button>
  );
}
