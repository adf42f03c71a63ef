import { passwordChecklist } from '@adwuma/shared';
import { Check, Circle } from 'lucide-react';
import { useAuthText } from '../i18n.ts';

/**
 * Spec 5 "New password": the live checklist '8+ characters', 'Contains number', 'Contains special
 * character', and the uppercase letter of the one password rule (issue 29).
 */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const items = passwordChecklist(password);
  const { t } = useAuthText();
  const labels: Record<string, string> = {
    '8+ characters': t('checklist.chars'),
    'Contains uppercase letter': t('checklist.uppercase'),
    'Contains number': t('checklist.number'),
    'Contains special character': t('checklist.special'),
  };
  return (
    <ul id={id} aria-label={t('checklist.label')} className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
      {items.map((item) => (
        <li
          key={item.label}
          data-met={item.met}
          className={`flex items-center gap-1.5 ${item.met ? 'text-leaf-700 dark:text-green-300' : 'text-muted-fg'}`}
        >
          {item.met ? (
            <Check aria-hidden="true" className="h-4 w-4 shrink-0" />
          ) : (
            <Circle aria-hidden="true" className="h-4 w-4 shrink-0" />
          )}
          <span>{labels[item.label] ?? item.label}</span>
          <span className="sr-only">{item.met ? t('checklist.done') : t('checklist.notYet')}</span>
        </li>
      ))}
    </ul>
  );
}
