import { LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES } from '@adwuma/shared';
import { useSiteText } from '../../components/site/site-text.ts';

// In the account menu (loaded for signed-in people only), not in the shared chrome: the landing
// page's download stays without it.

/** Both languages side by side, the current one pressed (the account menu's form of the switch). */
export function LanguageChoice() {
  const { t, language, switchLanguage } = useSiteText();
  return (
    <fieldset className="border-t border-border px-3 py-3">
      <legend className="float-left mb-2 w-full text-xs font-semibold uppercase tracking-wider text-muted-fg">
        {t('common:language.label')}
      </legend>
      <div className="clear-both grid grid-cols-2 gap-1 rounded-full bg-muted p-1">
        {LANGUAGES.map((option) => (
          <button
            key={option}
            type="button"
            lang={LANGUAGE_TAGS[option]}
            aria-pressed={language === option}
            onClick={() => {
              if (option !== language) switchLanguage(option);
            }}
            className={`min-h-9 rounded-full text-sm font-semibold ${
              language === option ? 'bg-card text-fg shadow-sm' : 'text-muted-fg hover:text-fg'
            }`}
          >
            {LANGUAGE_NAMES[option]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
