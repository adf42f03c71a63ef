/** "3", or "9+" from ten on. */
export function badgeLabel(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/** The small count on a header icon (hidden from screen readers: the control's label says it). */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -right-1 -top-1 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-[0.6875rem] font-bold leading-none text-white ring-2 ring-bg"
    >
      {badgeLabel(count)}
    </span>
  );
}

export const HEADER_ICON_CLASSES =
  'relative inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-border text-fg hover:bg-muted';
