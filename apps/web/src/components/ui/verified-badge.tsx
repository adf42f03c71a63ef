import { BadgeCheck } from 'lucide-react';

/**
 * A provider whose identity an admin approved (profile `verified`). The text stays visible; the
 * label says what was verified for people who hear it.
 */
export function VerifiedBadge({
  label = 'Verified provider',
  className = '',
}: {
  /** What a screen reader announces. */
  label?: string;
  className?: string;
}) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full bg-leaf-600/10 px-2 py-0.5 text-xs font-semibold text-leaf-700 ring-1 ring-inset ring-leaf-600/25 dark:bg-leaf-600/25 dark:text-green-200 ${className}`}
    >
      <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
      Verified
    </span>
  );
}
