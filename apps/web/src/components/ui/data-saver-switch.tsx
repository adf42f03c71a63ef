import { setDataSaver, useDataSaver } from '../../lib/data-saver.ts';
import { useSaverText } from '../../lib/data-saver-text.ts';

/** The data saver's switch (issue 21): on by default when the browser asks to save data. */
export function DataSaverSwitch({ className = '' }: { className?: string }) {
  const on = useDataSaver();
  const { t } = useSaverText();
  return (
    <label className={`flex cursor-pointer items-start gap-3 ${className}`}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        checked={on}
        onChange={(event) => setDataSaver(event.target.checked)}
        className="mt-0.5 h-4 w-4 accent-brand-600"
      />
      <span>
        <span className="block text-sm font-medium">{t('label')}</span>
        <span className="block text-xs text-stone-500 dark:text-stone-400">{t('hint')}</span>
      </span>
    </label>
  );
}
