import type { ReactNode } from 'react';

/** Label and amount lines ("Price … GH₵ 450.00"), the last one stressed when asked. */
export function MoneyRows({
  rows,
  className = '',
}: {
  rows: ({ label: string; value: ReactNode; strong?: boolean } | null | false)[];
  className?: string;
}) {
  const shown = rows.filter((r): r is { label: string; value: ReactNode; strong?: boolean } => Boolean(r));
  if (shown.length === 0) return null;
  return (
    <dl className={`grid gap-2 text-sm ${className}`}>
      {shown.map((row) => (
        <div
          key={row.label}
          className={`flex flex-wrap justify-between gap-x-3 ${row.strong ? 'border-t border-border pt-2 text-base' : ''}`}
        >
          <dt className={row.strong ? 'font-bold' : 'text-muted-fg'}>{row.label}</dt>
          <dd className={row.strong ? 'font-extrabold' : 'font-semibold'}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
