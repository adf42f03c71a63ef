import type { Role } from '@adwuma/shared';
import { useAccountText } from './i18n.ts';

/** Spec 2 header: a role badge whose colour differs per role. */
export const ROLE_BADGE_CLASSES: Record<Role, string> = {
  admin: 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-500/15 dark:text-red-200',
  service_provider: 'bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-500/15 dark:text-green-200',
  explorer: 'bg-amber-100 text-amber-900 ring-amber-600/25 dark:bg-amber-500/15 dark:text-amber-200',
  customer: 'bg-sky-100 text-sky-800 ring-sky-600/20 dark:bg-sky-500/15 dark:text-sky-200',
};

export function RoleBadge({ role, className = '' }: { role: Role; className?: string }) {
  const { t } = useAccountText();
  return (
    <span
      data-role={role}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${ROLE_BADGE_CLASSES[role]} ${className}`}
    >
      {t(`roles.${role}`)}
    </span>
  );
}
