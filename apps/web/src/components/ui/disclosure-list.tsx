import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

/** Questions and answers as native disclosure widgets: keyboard and screen-reader friendly. */
export function DisclosureList({ items }: { items: readonly { q: string; a: ReactNode }[] }) {
  return (
    <div className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-card">
      {items.map((item) => (
        <details key={item.q} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-fg hover:bg-muted/60 [&::-webkit-details-marker]:hidden">
            <span>{item.q}</span>
            <ChevronDown
              aria-hidden="true"
              className="h-5 w-5 shrink-0 text-muted-fg transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="px-5 pb-5 text-muted-fg">{item.a}</div>
        </details>
      ))}
    </div>
  );
}
