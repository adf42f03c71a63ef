import { BadgeCheck, ShieldQuestionMark } from 'lucide-react';
import { useCommonText } from '../site/site-i18n.ts';

/**
 * A provider whose identity an admin approved (profile `verified`). The text stays visible; the
 * label says what was verified for people who hear it.
 */
export function VerifiedBadge({
  label,
  className = '',
}: {
  /** What a screen reader announces ("Verified provider" in the page's language by default). */
  label?: string;
  className?: string;
}) {
  const { t } = useCommonText();
  label ??= t('verified.label');
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full bg-leaf-600/10 px-2 py-0.5 text-xs font-semibold text-leaf-700 ring-1 ring-inset ring-leaf-600/25 dark:bg-leaf-600/25 dark:text-green-200 ${className}`}
    >
      <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
      {t('verified.badge')}
    </span>
  );
}

export const ID_CHECK_TEXT = {
  verified: 'ID verified',
  pending: 'ID check pending',
  verifiedLabel: 'ID verified: Ghana Card checked by Adwuma',
  pendingLabel: 'ID check pending: Adwuma has not checked this provider’s Ghana Card yet',
} as const;

/**
 * Where a customer chooses whom to hire (bids, quotes): says either way whether the provider's
 * identity was checked, so a missing badge is not mistaken for a loading one.
 */
export function IdCheckBadge({ verified, className = '' }: { verified: boolean; className?: string }) {
  if (verified)
    return (
      <span
        title={ID_CHECK_TEXT.verifiedLabel}
        className={`inline-flex shrink-0 items-center gap-1 rounded-full bg-leaf-600/10 px-2 py-0.5 text-xs font-semibold text-leaf-700 ring-1 ring-inset ring-leaf-600/25 dark:bg-leaf-600/25 dark:text-green-200 ${className}`}
      >
        <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
        {ID_CHECK_TEXT.verified}
      </span>
    );
  return (
    <span
      title={ID_CHECK_TEXT.pendingLabel}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-fg ring-1 ring-inset ring-border ${className}`}
    >
      <ShieldQuestionMark aria-hidden="true" className="h-3.5 w-3.5" />
      {ID_CHECK_TEXT.pending}
    </span>
  );
}
